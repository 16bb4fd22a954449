package io.rankwire.jmh.coll;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Op;
import io.rankwire.RankwireConfig;

/**
 * Shows where each collective algorithm switch pays off: the same collective and size timed
 * with each algorithm forced by {@code rankwire.coll.*} settings, in one run, with ranks as
 * threads: on the simulated NIC (inline mode) or on TCP (each rank its own transport over
 * loopback sockets). Prints microseconds per call and the ratio to the first (small-message)
 * algorithm of each row. Several rank counts ({@code 4,8}) are interleaved size by size.
 *
 * <p>A collective needs every rank, so this is a plain main rather than a JMH benchmark: rank 0
 * times {@code iterations} back-to-back calls between two barriers, after a warm-up of as many,
 * three times, and keeps the best (the machine may be shared).
 *
 * <p>Run: {@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar
 * io.rankwire.jmh.coll.CollectiveSwitchBenchmark [sim|tcp] [ranks[,ranks...] [allReduce|bcast|allToAll|all [bytes...]]]}
 * (tcp also needs {@code --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED}).
 */
public final class CollectiveSwitchBenchmark
{
    private static final int ROUNDS = 3;
    private static final String[] ALLREDUCE = {"recursiveDoubling", "rabenseifner", "ring"};
    private static final String[] BCAST = {"binomial", "scatterAllgather"};
    private static final String[] ALLTOALL = {"linear", "pairwise"};

    private CollectiveSwitchBenchmark()
    {
    }

    /** The body of one timed collective call. */
    @FunctionalInterface
    interface Call
    {
        void run(Comm c, Object buf, Object out);
    }

    public static void main(final String[] argv)
    {
        final boolean named = argv.length > 0 && (argv[0].equals("sim") || argv[0].equals("tcp"));
        final String transport = named ? argv[0] : "sim";
        final String[] args = named ? Arrays.copyOfRange(argv, 1, argv.length) : argv;
        final int[] ranks = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
            : new int[] {8};
        final String which = args.length > 1 ? args[1] : "all";
        final int[] sizes = sizes(args);
        System.out.printf(Locale.ROOT, "ranks %s, %s, microseconds per call (ratio to the first column)%n",
            Arrays.toString(ranks), transport.equals("sim") ? "sim inline" : transport);
        if (which.equals("all") || which.equals("allReduce"))
        {
            for (final int bytes : sizes != null ? sizes : new int[] {1 << 10, 16 << 10, 128 << 10, 1 << 20})
            {
                for (final int n : ranks)
                {
                    row(transport, n, "allReduce", "allReduce.algorithm", ALLREDUCE, bytes, new double[bytes / 8],
                        new double[bytes / 8], (c, in, out) -> c.allReduce(in, out, Op.SUM));
                }
            }
        }
        if (which.equals("all") || which.equals("bcast"))
        {
            for (final int bytes : sizes != null ? sizes : new int[] {1 << 10, 16 << 10, 128 << 10, 1 << 20})
            {
                for (final int n : ranks)
                {
                    row(transport, n, "bcast", "bcast.algorithm", BCAST, bytes, new byte[bytes], null,
                        (c, buf, out) -> c.bcast(buf, 0, ((byte[])buf).length, 0));
                }
            }
        }
        if (which.equals("all") || which.equals("allToAll"))
        {
            for (final int block : sizes != null ? sizes : new int[] {64, 1 << 10, 8 << 10, 32 << 10})
            {
                for (final int n : ranks)
                {
                    row(transport, n, "allToAll(block)", "allToAll.algorithm", ALLTOALL, block, new byte[block * n],
                        new byte[block * n], (c, in, out) -> c.allToAll(in, 0, out, 0, block));
                }
            }
        }
    }

    private static int[] sizes(final String[] args)
    {
        if (args.length < 3)
        {
            return null;
        }
        final int[] sizes = new int[args.length - 2];
        for (int i = 2; i < args.length; i++)
        {
            sizes[i - 2] = Integer.parseInt(args[i]);
        }
        return sizes;
    }

    private static void row(
        final String transport, final int n, final String name, final String key, final String[] algorithms, final int bytes,
        final Object in, final Object out, final Call call)
    {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s %2d ranks %8d B", name, n, bytes));
        double first = 0;
        for (final String alg : algorithms)
        {
            final Map<String, String> settings = new HashMap<>();
            settings.put("rankwire.coll." + key, alg);
            if (transport.equals("sim"))
            {
                settings.put("rankwire.sim.mode", "inline");
            }
            else
            {
                settings.put("rankwire.tcp.bind", "127.0.0.1");
            }
            final double us = time(transport, n, settings, bytes, in, out, call);
            if (first == 0)
            {
                first = us;
            }
            line.append(String.format(Locale.ROOT, "  %s %9.1f (%.2f)", alg, us, us / first));
        }
        System.out.println(line);
    }

    private static double time(
        final String transport, final int n, final Map<String, String> settings, final int bytes, final Object in, final Object out, final Call call)
    {
        final int iterations = Math.max(10, Math.min(1000, (32 << 20) / Math.max(1, bytes * n)));
        final AtomicLong nanos = new AtomicLong();
        LocalJob.run(n, transport, new RankwireConfig().setAll(settings), Duration.ofSeconds(300), rw ->
        {
            final Comm c = rw.world();
            final Object myIn = copy(in);
            final Object myOut = out == null ? null : copy(out);
            for (int i = 0; i < iterations; i++)
            {
                call.run(c, myIn, myOut);
            }
            long best = Long.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++)
            {
                c.barrier();
                final long t0 = System.nanoTime();
                for (int i = 0; i < iterations; i++)
                {
                    call.run(c, myIn, myOut);
                }
                c.barrier();
                best = Math.min(best, System.nanoTime() - t0);
            }
            if (c.rank() == 0)
            {
                nanos.set(best);
            }
        });
        return nanos.get() / 1000.0 / iterations;
    }

    private static Object copy(final Object a)
    {
        if (a instanceof double[])
        {
            return ((double[])a).clone();
        }
        return ((byte[])a).clone();
    }
}
