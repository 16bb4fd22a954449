package io.rankwire.jmh.shm;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.tcp.PartnerProcess;
import io.rankwire.jmh.tcp.SocketBootstrap;

/**
 * A two-rank shm job across two processes, with a raw ring between the same two processes: this
 * process is rank 0; rank 1 is a child JVM running {@link ShmPartnerMain}. They meet through a
 * {@link SocketBootstrap} on loopback; rank 0 creates the {@link RawRing} file in {@code /dev/shm}
 * and unlinks it once the partner has mapped it. {@link #command} switches the partner between
 * the raw echo and the Rankwire exchanges, so a run can interleave them between the same JVMs.
 */
public final class ShmPair implements AutoCloseable
{
    static final String JOB_ID_KEY = "bench.jobId";
    static final String SECRET_KEY = "bench.secret";
    static final String RAW_KEY = "bench.raw";
    private static final long ACCEPT_TIMEOUT_MS = 60_000;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Rankwire rank0;
    private final RawRing raw;
    private final SocketBootstrap bootstrap;
    private final PartnerProcess partner;
    private final int[] command = new int[3];
    private final MessageBuffer commandBuf = MessageBuffer.of(command);
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[1]);
    private final MessageBuffer emptyMsg = MessageBuffer.of(empty, 0, 0);

    private ShmPair(final Rankwire rank0, final RawRing raw, final SocketBootstrap bootstrap, final PartnerProcess partner)
    {
        this.rank0 = rank0;
        this.raw = raw;
        this.bootstrap = bootstrap;
        this.partner = partner;
    }

    /** Starts the partner process and both ranks with {@code settings} ({@code rankwire.*} keys). */
    public static ShmPair start(final Map<String, String> settings) throws IOException
    {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            server.setSoTimeout(200);
            final List<String> args = new ArrayList<>();
            args.add(Integer.toString(server.getLocalPort()));
            settings.forEach((k, v) -> args.add(k + '=' + v));
            final PartnerProcess partner = PartnerProcess.start(ShmPartnerMain.class, args);
            try
            {
                final SocketBootstrap bootstrap = new SocketBootstrap(0, accept(server, partner), () -> { });
                final String jobId = "bench-" + UUID.randomUUID();
                final byte[] secret = new byte[16];
                new SecureRandom().nextBytes(secret);
                final Path rawPath = Path.of("/dev/shm", "rankwire-bench-raw-" + jobId);
                final RawRing raw = RawRing.create(rawPath);
                bootstrap.put(JOB_ID_KEY, jobId.getBytes(StandardCharsets.UTF_8));
                bootstrap.put(SECRET_KEY, secret);
                bootstrap.put(RAW_KEY, rawPath.toString().getBytes(StandardCharsets.UTF_8));
                try
                {
                    bootstrap.get(1, RAW_KEY, WAIT);
                }
                finally
                {
                    RawRing.unlink(rawPath);
                }
                final Rankwire rank0 = Rankwire.init(config(settings).job(0, 2, jobId, secret).bootstrap(bootstrap));
                return new ShmPair(rank0, raw, bootstrap, partner);
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
        return new RankwireConfig(PartnerProcess.rankwireProperties()).transport("shm").setAll(settings);
    }

    /** Rank 0, for the benchmark thread. */
    public Rankwire rank0()
    {
        return rank0;
    }

    /** The raw ring's main-process side. */
    public RawRing raw()
    {
        return raw;
    }

    /** The partner's process id. */
    public long partnerPid()
    {
        return partner.pid();
    }

    /** Switches the partner to exchange {@code op} ({@link ShmBench}) with {@code size}-byte messages in {@code kind}. */
    public void command(final int op, final ShmBench.Kind kind)
    {
        command[0] = op;
        command[1] = 0;
        command[2] = kind.ordinal();
        rank0.world().send(commandBuf, 1, ShmBench.COMMAND_TAG);
    }

    /**
     * Ends the partner's current exchange (an empty message on its path); for {@link ShmBench#RAW_SINK}
     * also waits for the partner's empty answer, so that everything sent before has been read.
     */
    public void end(final int op)
    {
        if (op == ShmBench.RAW_ECHO || op == ShmBench.RAW_SINK)
        {
            raw.send(empty, 0);
            if (op == ShmBench.RAW_SINK)
            {
                raw.receive(empty);
            }
        }
        else
        {
            rank0.world().send(emptyMsg, 1, op == ShmBench.SHM_ECHO ? ShmBench.PING_TAG : ShmBench.BULK_TAG);
        }
    }

    /** Stops the partner, closes both ranks and waits for the partner process to exit. */
    @Override
    public void close() throws IOException, InterruptedException
    {
        try
        {
            command(ShmBench.STOP, ShmBench.Kind.HEAP);
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
