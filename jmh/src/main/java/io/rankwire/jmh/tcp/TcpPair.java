package io.rankwire.jmh.tcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.jmh.sim.Exchanges;

/**
 * A two-rank TCP job across two processes: this process is rank 0; rank 1 is a child JVM
 * running {@link TcpPartnerMain} with {@link Exchanges#partnerLoop}. Rank 0 listens on a
 * loopback socket, starts the child with the port, accepts it, and publishes the job id and
 * secret through the {@link SocketBootstrap}; both ranks then wire up through it.
 */
public final class TcpPair implements AutoCloseable
{
    static final String JOB_ID_KEY = "bench.jobId";
    static final String SECRET_KEY = "bench.secret";
    static final long ACCEPT_TIMEOUT_MS = 60_000;
    static final int ACCEPT_POLL_MS = 200;

    private final Rankwire rank0;
    private final Exchanges.Role role;
    private final SocketBootstrap bootstrap;
    private final PartnerProcess partner;

    private TcpPair(final Rankwire rank0, final Exchanges.Role role, final SocketBootstrap bootstrap,
        final PartnerProcess partner)
    {
        this.rank0 = rank0;
        this.role = role;
        this.bootstrap = bootstrap;
        this.partner = partner;
    }

    /** Starts the partner process and both ranks with {@code settings} ({@code rankwire.*} keys). */
    public static TcpPair start(final Map<String, String> settings, final Exchanges.Role role) throws IOException
    {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            server.setSoTimeout(ACCEPT_POLL_MS);
            final List<String> args = new ArrayList<>();
            args.add(Integer.toString(server.getLocalPort()));
            args.add(role.name());
            settings.forEach((k, v) -> args.add(k + '=' + v));
            final PartnerProcess partner = PartnerProcess.start(TcpPartnerMain.class, args);
            try
            {
                final Socket socket = accept(server, partner);
                final SocketBootstrap bootstrap = new SocketBootstrap(0, socket, () -> { });
                final String jobId = "bench-" + UUID.randomUUID();
                final byte[] secret = new byte[16];
                new SecureRandom().nextBytes(secret);
                bootstrap.put(JOB_ID_KEY, jobId.getBytes(StandardCharsets.UTF_8));
                bootstrap.put(SECRET_KEY, secret);
                final Rankwire rank0 = Rankwire.init(config(settings).job(0, 2, jobId, secret).bootstrap(bootstrap));
                return new TcpPair(rank0, role, bootstrap, partner);
            }
            catch (final IOException | RuntimeException e)
            {
                partner.kill();
                throw e;
            }
        }
    }

    private static Socket accept(final ServerSocket server, final PartnerProcess partner) throws IOException
    {
        final long deadline = System.currentTimeMillis() + ACCEPT_TIMEOUT_MS;
        while (true)
        {
            try
            {
                return server.accept();
            }
            catch (final SocketTimeoutException e)
            {
                if (!partner.isAlive() || System.currentTimeMillis() > deadline)
                {
                    throw new IOException("partner : not connected (expected: connected within " + ACCEPT_TIMEOUT_MS +
                        " ms; alive=" + partner.isAlive() + ")", e);
                }
            }
        }
    }

    static RankwireConfig config(final Map<String, String> settings)
    {
        return new RankwireConfig(PartnerProcess.rankwireProperties()).transport("tcp").setAll(settings);
    }

    /** The process id of rank 1 (the partner JVM). */
    public long partnerPid()
    {
        return partner.pid();
    }

    /** Rank 0, for the benchmark thread. */
    public Rankwire rank0()
    {
        return rank0;
    }

    /** Stops the partner's loop, closes both ranks and waits for the partner process to exit. */
    @Override
    public void close() throws IOException, InterruptedException
    {
        try
        {
            Exchanges.stop(rank0.world(), role);
            bootstrap.closing();
            rank0.close();
        }
        finally
        {
            bootstrap.close();
            partner.close();
        }
    }
}
