package io.rankwire.examples.bench;

import java.util.Arrays;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/** Small pieces every benchmark shares. */
final class Bench
{
    private Bench()
    {
    }

    /**
     * The transport between ranks 0 and 1 as a report names it: the configured name, and with
     * {@code auto} the one it chose for them ({@code auto: shm}).
     */
    static String transport(final Rankwire rw)
    {
        final String configured = rw.config().transport();
        final String path = rw.size() > 1 ? rw.transportOf(rw.rank() == 0 ? 1 : 0) : configured;
        return path.equals(configured) ? configured : configured + ": " + path;
    }

    /** The median of {@code values} (the upper one of an even count); {@code values} is left as it is. */
    static double median(final double[] values)
    {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** The median of {@code values} (the upper one of an even count); {@code values} is left as it is. */
    static long median(final long[] values)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    static void requireTwoRanks(final Comm world)
    {
        if (world.size() < 2)
        {
            throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2; ranks 0 and 1 take part)");
        }
    }

    /** Prints the table and writes the CSV file if one was asked for. */
    static void finish(final Report report, final BenchArgs opts)
    {
        report.print(System.out);
        if (opts.csv != null)
        {
            report.writeCsv(opts.csv);
            System.out.println("# wrote " + opts.csv);
        }
        if (opts.plot != null)
        {
            System.out.println("# plotting to " + opts.plot);
        }
    }

    /**
     * Untimed rounds on every rank of {@code world}: at least {@code count}, and, by rank 0's
     * clock, for at least {@code minNanos}; with a time floor also until the JIT compiler of every
     * rank has gone quiet ({@link JitQuiet}), for at most {@link JitQuiet#LONGEST_WAIT_NS}. After
     * each round the ranks add up how many compilers are busy, and rank 0 broadcasts whether
     * another round follows ({@link Latency#warmUp} is the two-rank form).
     */
    static void warmUpAll(final Comm world, final Runnable round, final int count, final long minNanos)
    {
        final int[] flag = new int[1];
        final int[] busy = new int[1];
        final MessageBuffer flagBuf = MessageBuffer.of(flag);
        final MessageBuffer busyBuf = MessageBuffer.of(busy);
        final JitQuiet jit = new JitQuiet();
        final long start = System.nanoTime();
        int done = 0;
        do
        {
            round.run();
            done++;
            final long now = System.nanoTime();
            flag[0] = minNanos <= 0 || jit.quiet(now) ? 0 : 1;
            world.allReduce(flagBuf, busyBuf, Op.SUM);
            final long elapsed = now - start;
            flag[0] = warmUpGoesOn(done, count, elapsed, minNanos, busy[0] == 0) ? 1 : 0;
            world.bcast(flagBuf, 0);
        }
        while (flag[0] != 0);
    }

    /**
     * Whether a warm-up goes on after {@code done} batches and {@code elapsed} nanoseconds: fewer
     * than {@code count}, under the time floor, or a compiler still busy within
     * {@link JitQuiet#LONGEST_WAIT_NS}.
     */
    static boolean warmUpGoesOn(final int done, final int count, final long elapsed, final long minNanos, final boolean quiet)
    {
        return done < count || elapsed < minNanos || !quiet && elapsed < JitQuiet.LONGEST_WAIT_NS;
    }
}
