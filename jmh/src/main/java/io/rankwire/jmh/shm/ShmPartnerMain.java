package io.rankwire.jmh.shm;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.rankwire.Rankwire;
import io.rankwire.jmh.tcp.SocketBootstrap;

/**
 * Rank 1 of a {@link ShmPair}: connects to the benchmark process's bootstrap socket, maps the raw
 * ring, wires up over shm, serves {@link ShmBench} commands until STOP, and exits. Exits at once
 * if the benchmark process goes away first.
 *
 * <pre>
 *   ShmPartnerMain port [rankwire.key=value ...]
 * </pre>
 */
public final class ShmPartnerMain
{
    private static final Duration JOB_WAIT = Duration.ofSeconds(60);
    private static final int PEER_LOST_EXIT = 3;

    private ShmPartnerMain()
    {
    }

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
        final Map<String, String> settings = new HashMap<>();
        for (int i = 1; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            if (eq <= 0)
            {
                throw new IllegalArgumentException("setting : '" + args[i] + "' (expected: key=value)");
            }
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        final Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]));
        try (SocketBootstrap bootstrap = new SocketBootstrap(1, socket, () -> Runtime.getRuntime().halt(PEER_LOST_EXIT)))
        {
            final String jobId = new String(bootstrap.get(0, ShmPair.JOB_ID_KEY, JOB_WAIT), StandardCharsets.UTF_8);
            final byte[] secret = bootstrap.get(0, ShmPair.SECRET_KEY, JOB_WAIT);
            final Path rawPath = Path.of(new String(bootstrap.get(0, ShmPair.RAW_KEY, JOB_WAIT), StandardCharsets.UTF_8));
            final RawRing raw = RawRing.open(rawPath);
            bootstrap.put(ShmPair.RAW_KEY, new byte[] {1});
            try (Rankwire rank1 = Rankwire.init(ShmPair.config(settings).job(1, 2, jobId, secret).bootstrap(bootstrap)))
            {
                ShmBench.partnerLoop(rank1, raw);
                bootstrap.closing();
            }
        }
    }
}
