package io.rankwire.jmh.coll;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Op;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;

/**
 * Shows where each collective algorithm switch pays off: the same collective and size timed
 * with each algorithm forced by {@code rankwire.coll.*} settings, in one run, with ranks as
 * threads: on the simulated NIC (inline mode) or on TCP (each rank its own transport over
 * loopback sockets). Prints microseconds per call and the ratio to the first (small-message)
 * algorithm of each row. Several rank counts ({@code 4,8}) are interleaved size by size.
 *
 * <p>Switches measured: allReduce (recursive doubling, Rabenseifner, ring), bcast (binomial,
 * van de Geijn scatter + allgather, segmented chain, segmented binomial), reduce (binomial,
 * Rabenseifner), gather and scatter of equal blocks (linear, binomial), allToAll (linear,
 * pairwise). Other {@code rankwire.coll.*} settings (e.g. {@code bcast.segmentBytes}) come from
 * system properties; {@code -Dcollbench.barrier=true} adds a barrier after every timed call, so
 * calls cannot overlap (per-call latency, as the OSU collective benchmarks measure it);
 * {@code -Dcollbench.type=int} reduces {@code int[]} instead of {@code double[]} (allReduce, reduce).
 *
 * <p>A collective needs every rank, so this is a plain main rather than a JMH benchmark: rank 0
 * times {@code iterations} back-to-back calls between two barriers, after a warm-up of as many,
 * three times. Each row runs its algorithms twice, in order then in reverse order (so none is
 * always the first to run in a fresh JIT state), and keeps each algorithm's best time (the
 * machine may be shared).
 *
 * <p>Run: {@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar
 * io.rankwire.jmh.coll.CollectiveSwitchBenchmark [sim|tcp] [ranks[,ranks...] [COLLECTIVE[,COLLECTIVE...]|all [bytes...]]]}
 */
public final class CollectiveSwitchBenchmark
{
    private static final int ROUNDS = 3;
    private static final int PASSES = 2;
    /** {@code -Dcollbench.barrier=true}: a barrier after every call (per-call latency, OSU style). */
    private static final boolean BARRIER = Boolean.getBoolean("collbench.barrier");
    /** {@code -Dcollbench.type=int}: the reductions' element type ({@code double} by default). */
    private static final boolean INTS = "int".equals(System.getProperty("collbench.type", "double"));
    private static final int K = 1 << 10;
    private static final int M = 1 << 20;

    private CollectiveSwitchBenchmark()
    {
    }

    /** The body of one timed collective call, on descriptors of the whole arrays {@link Switch#buffers} made. */
    @FunctionalInterface
    interface Call
    {
        void run(Comm c, MessageBuffer buf, MessageBuffer out);
    }

    /**
     * One algorithm switch: the setting that forces it, its algorithms, default sizes and call.
     * {@code buffers} makes the call's two arrays for a size (the second may be null).
     */
    record Switch(String name, String key, String[] algorithms, int[] sizes, IntFunction<Object[]> buffers, Call call)
    {
    }

    static List<Switch> switches(final int n)
    {
        final List<Switch> all = new ArrayList<>();
        all.add(new Switch("allReduce", "allReduce.algorithm", new String[] {"recursiveDoubling", "rabenseifner", "ring"},
            new int[] {K, 16 * K, 128 * K, M}, b -> new Object[] {reals(b), reals(b)},
            (c, in, out) -> c.allReduce(in, out, Op.SUM)));
        all.add(new Switch("bcast", "bcast.algorithm", new String[] {"binomial", "scatterAllgather", "pipeline", "pipelineBinomial"},
            new int[] {64 * K, 256 * K, M, 4 * M, 16 * M}, b -> new Object[] {new byte[b], null},
            (c, buf, out) -> c.bcast(buf, 0)));
        all.add(new Switch("reduce", "reduce.algorithm", new String[] {"binomial", "rabenseifner"},
            new int[] {4 * K, 16 * K, 64 * K, 256 * K, M}, b -> new Object[] {reals(b), reals(b)},
            (c, in, out) -> c.reduce(in, out, Op.SUM, 0)));
        all.add(new Switch("gather(block)", "gather.algorithm", new String[] {"linear", "binomial"},
            new int[] {64, K, 16 * K, 64 * K}, b -> new Object[] {new byte[b], new byte[b * n]},
            (c, in, out) -> c.gather(in, out, 0)));
        all.add(new Switch("scatter(block)", "scatter.algorithm", new String[] {"linear", "binomial"},
            new int[] {64, K, 16 * K, 64 * K}, b -> new Object[] {new byte[b * n], new byte[b]},
            (c, in, out) -> c.scatter(in, out, 0)));
        all.add(new Switch("allToAll(block)", "allToAll.algorithm", new String[] {"linear", "pairwise"},
            new int[] {64, K, 8 * K, 32 * K}, b -> new Object[] {new byte[b * n], new byte[b * n]},
            (c, in, out) -> c.allToAll(in, out)));
        return all;
    }

    /** {@code bytes} of the reductions' element type. */
    private static Object reals(final int bytes)
    {
        return INTS ? new int[bytes / 4] : new double[bytes / 8];
    }

    public static void main(final String[] argv)
    {
        final boolean named = argv.length > 0 && (argv[0].equals("sim") || argv[0].equals("tcp"));
        final String transport = named ? argv[0] : "sim";
        final String[] args = named ? Arrays.copyOfRange(argv, 1, argv.length) : argv;
        final int[] ranks = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
            : new int[] {8};
        final List<String> which = Arrays.asList((args.length > 1 ? args[1] : "all").split(","));
        final int[] sizes = sizes(args);
        System.out.printf(Locale.ROOT, "ranks %s, %s, microseconds per call%s (ratio to the first column), reductions of %s; load %s%n",
            Arrays.toString(ranks), transport.equals("sim") ? "sim inline" : transport, BARRIER ? " with a barrier after each" : "",
            INTS ? "int[]" : "double[]", load());
        for (final Switch sw : switches(1))
        {
            final String base = sw.name().replace("(block)", "");
            if (!which.contains("all") && !which.contains(base))
            {
                continue;
            }
            for (final int bytes : sizes != null ? sizes : sw.sizes())
            {
                for (final int n : ranks)
                {
                    final Switch s = switches(n).stream().filter(x -> x.name().equals(sw.name())).findFirst().orElseThrow();
                    row(transport, n, s, bytes);
                }
            }
        }
        System.out.printf(Locale.ROOT, "load after: %s%n", load());
    }

    private static String load()
    {
        return String.format(Locale.ROOT, "%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
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

    private static void row(final String transport, final int n, final Switch sw, final int bytes)
    {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s %2d ranks %8d B", sw.name(), n, bytes));
        final Object[] bufs = sw.buffers().apply(bytes);
        final String[] algs = sw.algorithms();
        final double[] best = new double[algs.length];
        Arrays.fill(best, Double.MAX_VALUE);
        for (int pass = 0; pass < PASSES; pass++)
        {
            for (int j = 0; j < algs.length; j++)
            {
                final int a = pass % 2 == 0 ? j : algs.length - 1 - j;
                final Map<String, String> settings = new HashMap<>();
                settings.put("rankwire.coll." + sw.key(), algs[a]);
                if (transport.equals("sim"))
                {
                    settings.put("rankwire.sim.mode", "inline");
                }
                else
                {
                    settings.put("rankwire.tcp.bind", "127.0.0.1");
                }
                best[a] = Math.min(best[a], time(transport, n, settings, bytes, bufs[0], bufs[1], sw.call()));
            }
        }
        for (int a = 0; a < algs.length; a++)
        {
            line.append(String.format(Locale.ROOT, "  %s %9.1f (%.2f)", algs[a], best[a], best[a] / best[0]));
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
            final MessageBuffer myIn = descriptor(copy(in));
            final MessageBuffer myOut = descriptor(copy(out));
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
                    if (BARRIER)
                    {
                        c.barrier();
                    }
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

    /** A descriptor of the whole of {@code a} (a {@code double[]} or a {@code byte[]}), or null. */
    static MessageBuffer descriptor(final Object a)
    {
        if (a == null)
        {
            return null;
        }
        if (a instanceof double[])
        {
            return MessageBuffer.of((double[])a);
        }
        return MessageBuffer.of((byte[])a);
    }

    private static Object copy(final Object a)
    {
        if (a == null)
        {
            return null;
        }
        if (a instanceof double[])
        {
            return ((double[])a).clone();
        }
        if (a instanceof int[])
        {
            return ((int[])a).clone();
        }
        return ((byte[])a).clone();
    }
}
