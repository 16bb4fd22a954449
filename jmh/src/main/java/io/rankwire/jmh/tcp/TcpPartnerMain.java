package io.rankwire.jmh.tcp;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.rankwire.Rankwire;
import io.rankwire.jmh.sim.Exchanges;

/**
 * Rank 1 of a {@link TcpPair}: connects to the benchmark process's bootstrap socket, wires up,
 * runs {@link Exchanges#partnerLoop} until rank 0 stops it, and exits. Exits at once if the
 * benchmark process goes away first.
 *
 * <pre>
 *   TcpPartnerMain port role [rankwire.key=value ...]
 * </pre>
 */
public final class TcpPartnerMain
{
    private static final Duration JOB_WAIT = Duration.ofSeconds(60);
    private static final int PEER_LOST_EXIT = 3;

    private TcpPartnerMain()
    {
    }

    /** Runs rank 1; exits 0 after a clean stop, 1 on a failure, 3 if the benchmark process went away. */
    public static void main(final String[] args)
    {
        try
        {
            run(args);
            System.exit(0);
        }
        catch (final Throwable t)
        {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(final String[] args) throws Exception
    {
        if (args.length < 2)
        {
            throw new IllegalArgumentException("args : " + args.length + " (expected: port role [key=value ...])");
        }
        final int port = Integer.parseInt(args[0]);
        final Exchanges.Role role = Exchanges.Role.valueOf(args[1]);
        final Map<String, String> settings = new HashMap<>();
        for (int i = 2; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            if (eq <= 0)
            {
                throw new IllegalArgumentException("setting : '" + args[i] + "' (expected: key=value)");
            }
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        final Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        try (SocketBootstrap bootstrap = new SocketBootstrap(1, socket, () -> Runtime.getRuntime().halt(PEER_LOST_EXIT)))
        {
            final String jobId = new String(bootstrap.get(0, TcpPair.JOB_ID_KEY, JOB_WAIT), StandardCharsets.UTF_8);
            final byte[] secret = bootstrap.get(0, TcpPair.SECRET_KEY, JOB_WAIT);
            try (Rankwire rank1 = Rankwire.init(TcpPair.config(settings).job(1, 2, jobId, secret).bootstrap(bootstrap)))
            {
                Exchanges.partnerLoop(rank1.world(), role);
                bootstrap.closing();
            }
        }
    }
}
