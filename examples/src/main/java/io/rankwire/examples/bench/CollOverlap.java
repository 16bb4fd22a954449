package io.rankwire.examples.bench;

import java.util.Arrays;
import java.util.Locale;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Overlap of a nonblocking all-reduce with computation, as {@link Overlap} measures it for one
 * receive. Every rank starts an {@code iallReduce} of {@code --size} bytes of doubles, computes
 * for a fixed time, then waits; {@code transfer} is the time the same all-reduce takes with no
 * computation, {@code wait} the time left in {@code await} after computing, and overlap is
 * {@code 1 - wait / transfer}. Two ways of computing, interleaved round by round:
 *
 * <ul>
 *   <li>{@code no calls}: nothing but arithmetic. The schedule then only advances on another
 *       thread: the progress thread ({@code -x rankwire.progressThread=true}), or, on {@code sim}
 *       for a rendezvous, the NIC finishing the transfers already posted.</li>
 *   <li>{@code test every 50 us}: the loop calls {@code test()} on the request between slices
 *       of work, as an MPI program drives libNBC.</li>
 * </ul>
 *
 * <p>The baseline is the blocking {@code allReduce} after the same computation, measured in the
 * same rounds: the time a program without nonblocking collectives spends after computing. Rank 0
 * prints the table. Untimed rounds come first ({@code --warmup N}; by default at least 3 s of
 * them and until every rank's JIT compiler is quiet, as {@link Latency} warms up: the plain
 * all-reduce's time sets the computation's length).
 */
public final class CollOverlap
{
    private static final long SLICE_NS = 50_000;
    private static volatile double sink;

    static final Usage USAGE = new Usage("CollOverlap",
        "Every rank starts a nonblocking allReduce, computes, then waits: how much of the allReduce overlaps the computation.")
        .option("--size", "S", "allReduce size, bytes (doubles)", "1M")
        .option("--compute-ms", "M", "computation time, milliseconds", "twice the measured allReduce time")
        .option("--iters", "N", "rounds; medians are reported", "9")
        .option("--warmup", "N", "untimed rounds first",
            "3; and at least 3 s, and until every rank's JIT compiler is quiet (at most 30 s)")
        .outputs(false);

    private CollOverlap()
    {
    }

    public static void main(final String[] args)
    {
        final BenchArgs opts = BenchArgs.parseOrExit(USAGE, args);
        if (opts == null)
        {
            return;
        }
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            Bench.requireTwoRanks(world);
            final int size = opts.size >= 0 ? opts.size : 1 << 20;
            final int iters = opts.iters > 0 ? opts.iters : 9;
            final double[] in = new double[Math.max(1, size / 8)];
            final double[] out = new double[in.length];
            Arrays.fill(in, world.rank() + 1);
            final MessageBuffer inBuf = MessageBuffer.of(in);
            final MessageBuffer outBuf = MessageBuffer.of(out);
            Bench.warmUpAll(world, () -> round(world, inBuf, outBuf, 0, false), opts.warmup >= 0 ? opts.warmup : 3, opts.warmupNanos(true));
            final long[] transfer = new long[iters];
            for (int i = 0; i < iters; i++)
            {
                transfer[i] = round(world, inBuf, outBuf, 0, false);
            }
            final long t = Bench.median(transfer);
            final long compute = opts.computeMillis > 0 ? opts.computeMillis * 1_000_000 : Math.max(1_000_000, 2 * t);
            final long[] quiet = new long[iters];
            final long[] testing = new long[iters];
            final long[] blocking = new long[iters];
            for (int i = 0; i < iters; i++)
            {
                quiet[i] = round(world, inBuf, outBuf, compute, false);
                testing[i] = round(world, inBuf, outBuf, compute, true);
                blocking[i] = blockingRound(world, inBuf, outBuf, out, compute);
            }
            check(world, out);
            final Report report = new Report(String.format(Locale.ROOT,
                "Nonblocking allReduce overlap over %s, %d ranks, progress thread %s: %s of doubles, %.1f ms of computation; " +
                "milliseconds, median of %d; baseline: blocking allReduce after computing", rw.config().transport(), world.size(),
                rw.config().progressThread() ? "on" : "off", BenchArgs.formatSize(size), compute / 1e6, iters),
                "path", "transfer_ms", "wait_after_compute_ms", "overlap_%", "wait/baseline");
            final double base = Bench.median(blocking);
            final long q = Bench.median(quiet);
            final long tested = Bench.median(testing);
            report.row("iallReduce, no calls", t / 1e6, q / 1e6, overlap(t, q), q / base);
            report.row("iallReduce, test every 50 us", t / 1e6, tested / 1e6, overlap(t, tested), tested / base);
            if (opts.baseline)
            {
                report.row("blocking allReduce after compute", t / 1e6, base / 1e6, 0.0, 1.0);
            }
            if (world.rank() == 0)
            {
                Bench.finish(report, opts);
            }
        }
    }

    private static void check(final Comm world, final double[] out)
    {
        final double expected = world.size() * (world.size() + 1) / 2.0;
        if (out[0] != expected || out[out.length - 1] != expected)
        {
            throw new IllegalStateException("allReduce result : " + out[0] + " (expected: " + expected + ")");
        }
    }

    private static double overlap(final long transfer, final long wait)
    {
        return 100.0 * Math.max(0.0, Math.min(1.0, 1.0 - (double)wait / transfer));
    }

    /** One round: the nanoseconds this rank spends waiting after computing for {@code computeNs}. */
    private static long round(final Comm world, final MessageBuffer in, final MessageBuffer out, final long computeNs, final boolean test)
    {
        world.barrier();
        final long begin = System.nanoTime();
        final Request r = world.iallReduce(in, out, Op.SUM);
        if (computeNs == 0)
        {
            r.await();
            return System.nanoTime() - begin;
        }
        final long end = begin + computeNs;
        while (System.nanoTime() < end)
        {
            Overlap.compute(Math.min(SLICE_NS, end - System.nanoTime()));
            if (test)
            {
                r.test();
            }
        }
        final long start = System.nanoTime();
        r.await();
        return System.nanoTime() - start;
    }

    private static long blockingRound(
        final Comm world, final MessageBuffer in, final MessageBuffer out, final double[] result, final long computeNs)
    {
        world.barrier();
        Overlap.compute(computeNs);
        final long start = System.nanoTime();
        world.allReduce(in, out, Op.SUM);
        sink = result[0];
        return System.nanoTime() - start;
    }
}
