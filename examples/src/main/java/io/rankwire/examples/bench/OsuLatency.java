package io.rankwire.examples.bench;

import java.nio.ByteBuffer;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/**
 * {@code Latency --osu}: what a user's first benchmark of an MPI reports for Rankwire, beside what
 * the same job reports once warm. First, from the job's first message, the pattern of OSU
 * Micro-Benchmarks' {@code osu_latency} as its Java version runs it (OMB-J 7.4,
 * {@code mpi.pt2pt.OSULatency}):
 * <ul>
 *   <li>{@value #INITIAL_WARMUP} round trips of {@value #INITIAL_WARMUP_SIZE} bytes, rank 1
 *       sending first;</li>
 *   <li>then per size, 1 B to 4 MiB by powers of two: rank 0 sends then receives, rank 1 receives
 *       then sends, {@value #WARMUP_SMALL} untimed and {@value #ITERS_SMALL} timed round trips up
 *       to {@value #LARGE_MESSAGE} bytes, {@value #WARMUP_LARGE} and {@value #ITERS_LARGE} above;
 *       rank 0 reads {@link System#nanoTime} before the first timed send and after the last
 *       receive, and the average one-way time is that span / (2 x timed round trips); every rank
 *       of the job meets at a barrier after each size;</li>
 *   <li>separate direct send and receive buffers of the largest size.</li>
 * </ul>
 * Then, in the same job, each size's steady p50 through {@link Latency}'s warm-up and timed loop,
 * and the raw baseline's p50 the same way; the raw channel is opened only then, since opening it
 * exchanges Rankwire messages. {@code --min-size}, {@code --max-size}, {@code --iters} and
 * {@code --warmup} override OSU's sizes and per-size counts (not its first
 * {@value #INITIAL_WARMUP} round trips, as OMB-J's {@code -x} and {@code -i} don't), and the
 * steady phase's counts as in {@link Latency}.
 */
final class OsuLatency
{
    private static final int TAG = 13;
    /** OMB-J's round trips before the first size, and their size. */
    static final int INITIAL_WARMUP = 10_000;
    static final int INITIAL_WARMUP_SIZE = 1024;
    /** OSU's sizes: {@value #MIN_SIZE} B to 4 MiB. */
    static final int MIN_SIZE = 1;
    static final int MAX_SIZE = 4 << 20;
    /** Sizes above this get OSU's large-message counts. */
    static final int LARGE_MESSAGE = 8192;
    static final int ITERS_SMALL = 10_000;
    static final int WARMUP_SMALL = 1000;
    static final int ITERS_LARGE = 500;
    static final int WARMUP_LARGE = 100;

    private OsuLatency()
    {
    }

    /** Timed round trips of a size in OSU's phase: {@code --iters}, else OSU's count. */
    static int iters(final BenchArgs opts, final int size)
    {
        return opts.iters > 0 ? opts.iters : size > LARGE_MESSAGE ? ITERS_LARGE : ITERS_SMALL;
    }

    /** Untimed round trips of a size in OSU's phase: {@code --warmup}, else OSU's count. */
    static int warmup(final BenchArgs opts, final int size)
    {
        return opts.warmup >= 0 ? opts.warmup : size > LARGE_MESSAGE ? WARMUP_LARGE : WARMUP_SMALL;
    }

    /** Runs on every rank of the job: ranks other than 0 and 1 only meet the others at OSU's barriers. */
    static void run(final Rankwire rw, final Comm world, final BenchArgs opts)
    {
        final int min = opts.minSize >= 0 ? opts.minSize : MIN_SIZE;
        final int max = opts.maxSize >= 0 ? opts.maxSize : MAX_SIZE;
        final List<Integer> sizes = BenchArgs.powersOfTwo(min, max);
        final int capacity = Math.max(INITIAL_WARMUP_SIZE, max);
        final ByteBuffer sendBuf = ByteBuffer.allocateDirect(capacity);
        final UnsafeBuffer sendView = new UnsafeBuffer(sendBuf);
        final UnsafeBuffer recvView = new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
        // One descriptor per buffer, re-pointed at each size before its round trips.
        final MessageBuffer.Direct send = MessageBuffer.of(sendView, 0, 0);
        final MessageBuffer.Direct recv = MessageBuffer.of(recvView, 0, 0);
        final double[] osu = fresh(world, opts, sizes, send, sendView, recv, recvView);
        if (world.rank() > 1)
        {
            return;
        }
        final RawChannel raw = opts.baseline ? RawChannels.open(rw, world) : null;
        try
        {
            final Report report = new Report(title(rw, opts, raw), "size", "osu_avg_us", "steady_p50_us", "raw_p50_us",
                "osu/steady", "osu/raw");
            for (int i = 0; i < sizes.size(); i++)
            {
                final int size = sizes.get(i);
                final int iters = opts.itersFor(size, 2000, 100);
                final int warmup = opts.warmupFor(iters, Math.max(1, size), BenchArgs.LATENCY_WARMUP_MAX_ITERS);
                final long warmupNs = opts.warmupNanos(i == 0);
                final Histogram h = Latency.rankwire(world, send, sendView, size, iters, warmup, warmupNs);
                final Histogram r = raw == null ? null : Latency.raw(world, raw, sendBuf, size, iters, warmup, warmupNs);
                if (world.rank() == 0)
                {
                    final double steady = h.getValueAtPercentile(50) / 1e3;
                    final double rawP50 = r == null ? Double.NaN : r.getValueAtPercentile(50) / 1e3;
                    report.row(size, osu[i], steady, rawP50, osu[i] / steady, osu[i] / rawP50);
                    System.err.printf("latency --osu: steady %s B done (%d/%d)%n", BenchArgs.formatSize(size), i + 1, sizes.size());
                }
            }
            if (world.rank() == 0)
            {
                Bench.finish(report, opts);
            }
        }
        finally
        {
            if (raw != null)
            {
                raw.close();
            }
        }
    }

    /**
     * OSU's phase: rank 0's average one-way time by size in microseconds (zeros on the other
     * ranks). Nothing before it has sent a message but the runtime's own start.
     */
    private static double[] fresh(final Comm world, final BenchArgs opts, final List<Integer> sizes,
        final MessageBuffer.Direct send, final UnsafeBuffer sendView, final MessageBuffer.Direct recv, final UnsafeBuffer recvView)
    {
        final int rank = world.rank();
        final double[] avg = new double[sizes.size()];
        if (rank <= 1)
        {
            send.wrap(sendView, 0, INITIAL_WARMUP_SIZE);
            recv.wrap(recvView, 0, INITIAL_WARMUP_SIZE);
            initialWarmUp(world, send, recv);
        }
        for (int i = 0; i < sizes.size(); i++)
        {
            final int size = sizes.get(i);
            send.wrap(sendView, 0, size);
            recv.wrap(recvView, 0, size);
            if (rank == 0)
            {
                avg[i] = timedRoundTrips(world, send, recv, warmup(opts, size), iters(opts, size));
                System.err.printf("latency --osu: %s B done (%d/%d)%n", BenchArgs.formatSize(size), i + 1, sizes.size());
            }
            else if (rank == 1)
            {
                answer(world, send, recv, warmup(opts, size) + iters(opts, size));
            }
            world.barrier();
        }
        return avg;
    }

    /** OMB-J's loop before the first size: rank 0 receives then sends, rank 1 sends then receives. */
    private static void initialWarmUp(final Comm world, final MessageBuffer send, final MessageBuffer recv)
    {
        final int peer = 1 - world.rank();
        for (int i = 0; i < INITIAL_WARMUP; i++)
        {
            if (world.rank() == 0)
            {
                world.recv(recv, peer, TAG);
                world.send(send, peer, TAG);
            }
            else
            {
                world.send(send, peer, TAG);
                world.recv(recv, peer, TAG);
            }
        }
    }

    /**
     * Rank 0: {@code warmup} then {@code iters} round trips in one loop, the clock read before the
     * first timed send and after the last receive; the average one-way time in microseconds.
     */
    private static double timedRoundTrips(
        final Comm world, final MessageBuffer send, final MessageBuffer recv, final int warmup, final int iters)
    {
        long start = System.nanoTime();
        for (int i = 0; i < warmup + iters; i++)
        {
            if (i == warmup)
            {
                start = System.nanoTime();
            }
            world.send(send, 1, TAG);
            world.recv(recv, 1, TAG);
        }
        return (System.nanoTime() - start) / (2.0 * iters * 1000);
    }

    /** Rank 1: {@code count} times, receives then sends back. */
    private static void answer(final Comm world, final MessageBuffer send, final MessageBuffer recv, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            world.recv(recv, 0, TAG);
            world.send(send, 0, TAG);
        }
    }

    /** The table's header: the transport, OSU's counts as run, the steady phase and the baseline. */
    private static String title(final Rankwire rw, final BenchArgs opts, final RawChannel raw)
    {
        final String small = counts(opts, LARGE_MESSAGE);
        final String large = counts(opts, LARGE_MESSAGE + 1);
        return "Rankwire latency over " + Bench.transport(rw) + ", one-way in microseconds. osu_avg_us: OSU's osu_latency" +
            " (OMB-J) from the job's first message, " + INITIAL_WARMUP + " round trips of 1K, then per size " + small +
            (small.equals(large) ? "" : " (" + large + " above 8K)") + ", time / (2 x timed)" +
            "; steady_p50_us: Latency's p50 after its warm-up, later in the job; baseline: " + (raw == null ? "none" : raw.name());
    }

    /** {@code 1000 untimed + 10000 timed}: OSU's round trips of a size as run. */
    private static String counts(final BenchArgs opts, final int size)
    {
        return warmup(opts, size) + " untimed + " + iters(opts, size) + " timed";
    }
}
