package io.rankwire.jmh.coll;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Op;
import io.rankwire.RankwireConfig;

/**
 * Shows where each collective algorithm switch pays off: the same collective and size timed
 * with each algorithm forced by {@code rankwire.coll.*} settings, in one run, on the simulated
 * NIC (inline mode) with ranks as threads. Prints microseconds per call and the ratio to the
 * first (small-message) algorithm of each row.
 *
 * <p>A collective needs every rank, so this is a plain main rather than a JMH benchmark: rank 0
 * times {@code iterations} back-to-back calls between two barriers, after a warm-up of as many.
 *
 * <p>Run: {@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar
 * io.rankwire.jmh.coll.CollectiveSwitchBenchmark [ranks]}
 */
public final class CollectiveSwitchBenchmark
{
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

    public static void main(final String[] args)
    {
        final int n = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        System.out.printf(Locale.ROOT, "ranks %d, sim inline, microseconds per call (ratio to the first column)%n", n);
        for (final int bytes : new int[] {1 << 10, 16 << 10, 128 << 10, 1 << 20})
        {
            row(n, "allReduce", "allReduce.algorithm", ALLREDUCE, bytes, new double[bytes / 8], new double[bytes / 8],
                (c, in, out) -> c.allReduce(in, out, Op.SUM));
        }
        for (final int bytes : new int[] {1 << 10, 16 << 10, 128 << 10, 1 << 20})
        {
            row(n, "bcast", "bcast.algorithm", BCAST, bytes, new byte[bytes], null,
                (c, buf, out) -> c.bcast(buf, 0, ((byte[])buf).length, 0));
        }
        for (final int block : new int[] {64, 1 << 10, 8 << 10, 32 << 10})
        {
            row(n, "allToAll(block)", "allToAll.algorithm", ALLTOALL, block, new byte[block * n], new byte[block * n],
                (c, in, out) -> c.allToAll(in, 0, out, 0, block));
        }
    }

    private static void row(
        final int n, final String name, final String key, final String[] algorithms, final int bytes,
        final Object in, final Object out, final Call call)
    {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s %8d B", name, bytes));
        double first = 0;
        for (final String alg : algorithms)
        {
            final double us = time(n, Map.of("rankwire.coll." + key, alg, "rankwire.sim.mode", "inline"), bytes, in, out, call);
            if (first == 0)
            {
                first = us;
            }
            line.append(String.format(Locale.ROOT, "  %s %9.1f (%.2f)", alg, us, us / first));
        }
        System.out.println(line);
    }

    private static double time(
        final int n, final Map<String, String> settings, final int bytes, final Object in, final Object out, final Call call)
    {
        final int iterations = Math.max(20, Math.min(2000, (64 << 20) / Math.max(1, bytes * n)));
        final AtomicLong nanos = new AtomicLong();
        LocalJob.run(n, "sim", new RankwireConfig().setAll(settings), rw ->
        {
            final Comm c = rw.world();
            final Object myIn = copy(in);
            final Object myOut = out == null ? null : copy(out);
            for (int i = 0; i < iterations; i++)
            {
                call.run(c, myIn, myOut);
            }
            c.barrier();
            final long t0 = System.nanoTime();
            for (int i = 0; i < iterations; i++)
            {
                call.run(c, myIn, myOut);
            }
            c.barrier();
            if (c.rank() == 0)
            {
                nanos.set(System.nanoTime() - t0);
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
