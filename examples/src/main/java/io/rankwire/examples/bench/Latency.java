package io.rankwire.examples.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/**
 * One-way latency (round trip / 2) between ranks 0 and 1 for messages of 0 B to 4 MiB, as
 * HdrHistogram percentiles, beside the same ping-pong over the raw baseline measured in the same
 * run. Rank 0 prints the table; a progress line per size goes to stderr.
 *
 * <p>Options ({@link BenchArgs}): {@code --min-size --max-size --iters --rounds --warmup --csv
 * --plot --no-baseline}. With {@code --rounds R} the two ping-pongs alternate R times per size
 * (the first of each warmed up as usual, the others after a few untimed round trips): the
 * percentiles are over all rounds, and {@code p50_ratio} is the median of the rounds' own
 * ratios, so a host that changes speed between rounds moves both sides of each ratio.
 * {@code --plot lat.png} writes {@code lat.png} (median latency by size) and
 * {@code lat-percentiles.png} (the distribution at the smallest non-zero size).
 *
 * <p>With {@code --osu} it runs OSU's {@code osu_latency} from the job's first message instead, then
 * each size's steady state and the raw baseline, and reports their ratios ({@link OsuLatency}).
 */
public final class Latency
{
    private static final int TAG = 11;
    /** Rank 0 tells rank 1 on this tag, after each batch of warm-up round trips, whether another follows. */
    private static final int WARMUP_TAG = 12;
    private static final int WARMUP_BATCH = 100;
    /** Untimed round trips before each alternated round after the first (caches back on this path). */
    private static final int REWARM_ITERS = 200;
    /**
     * The default warm-up also lasts this long (rank 0's clock) at the first size, and
     * {@link #WARMUP_NS} at the others: a rank JVM is fresh, and on shared cores its JIT compiler
     * thread needed seconds to compile the per-message path (C2), so a count of round trips alone
     * left the timed window in C1 code (see docs/PERFORMANCE.md, "Benchmark mains: warm-up").
     * Either goes on while a rank's compiler is still busy ({@link JitQuiet}).
     */
    static final long FIRST_WARMUP_NS = 3_000_000_000L;
    static final long WARMUP_NS = 250_000_000L;

    static final Usage USAGE = new Usage("Latency",
        "Ping-pong between ranks 0 and 1: one-way latency percentiles by size, beside a raw baseline.")
        .option("--min-size", "S", "smallest message, bytes", "0; 1 with --osu")
        .option("--max-size", "S", "largest message, bytes (powers of two in between)", "4M")
        .option("--iters", "N", "timed round trips per size",
            "2000; 100 from 64K; with --osu OSU's 10000, 500 above 8K, then these for the steady p50")
        .option("--rounds", "R", "Rankwire and the raw baseline alternated R times per size; " +
            "percentiles over all rounds, p50_ratio the median of the rounds' ratios", "1")
        .option("--warmup", "N", "untimed round trips per size first",
            "a tenth of --iters, at least 256M / size, at most 10000 (10000 up to 16K, 1024 at 256K, 64 at 4M);" +
                " and at least 3 s at the first size, 250 ms at the others, and until both ranks' JIT compilers are quiet (at most 30 s);" +
                " with --osu OSU's 1000, 100 above 8K, then these for the steady p50")
        .option("--osu", null, "OSU's osu_latency from the job's first message (OMB-J's counts, average one-way)," +
            " then each size's steady p50 and the raw p50 in the same job, and the ratios; takes no --rounds or --plot", "off")
        .outputs(true);

    private Latency()
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
            if (opts.osu)
            {
                OsuLatency.run(rw, world, opts);
                return;
            }
            if (world.rank() > 1)
            {
                return;
            }
            final int min = opts.minSize >= 0 ? opts.minSize : 0;
            final int max = opts.maxSize >= 0 ? opts.maxSize : 4 << 20;
            final List<Integer> sizes = BenchArgs.powersOfTwo(min, max);
            final ByteBuffer buf = ByteBuffer.allocateDirect(Math.max(1, max));
            final UnsafeBuffer view = new UnsafeBuffer(buf);
            // The ping-pong's message: one descriptor, re-pointed at each size before its round trips.
            final MessageBuffer.Direct msg = MessageBuffer.of(view, 0, 0);
            final RawChannel raw = opts.baseline ? RawChannels.open(rw, world) : null;
            try
            {
                run(rw, world, opts, sizes, msg, view, buf, raw);
            }
            finally
            {
                if (raw != null)
                {
                    raw.close();
                }
            }
        }
    }

    private static void run(
        final Rankwire rw, final Comm world, final BenchArgs opts, final List<Integer> sizes,
        final MessageBuffer.Direct msg, final UnsafeBuffer view, final ByteBuffer buf, final RawChannel raw)
    {
        final String base = raw == null ? "raw" : raw.name();
        final Report report = new Report("Rankwire latency over " + Bench.transport(rw) +
            ", one-way (round trip / 2) in microseconds; baseline: " + base +
            (raw != null && opts.rounds > 1 ? "; " + opts.rounds + " alternated rounds, p50_ratio their median" : ""),
            "size", "iters", "p50", "p99", "p99.9", "max", "raw_p50", "raw_p99", "p50_ratio");
        final Plots.Line rwLine = new Plots.Line("Rankwire (" + Bench.transport(rw) + ") p50");
        final Plots.Line rawLine = new Plots.Line(base + " p50");
        Histogram distRw = null;
        Histogram distRaw = null;
        int distSize = 0;
        for (int i = 0; i < sizes.size(); i++)
        {
            final int size = sizes.get(i);
            final int iters = opts.itersFor(size, 2000, 100);
            final int warmup = opts.warmupFor(iters, Math.max(1, size), BenchArgs.LATENCY_WARMUP_MAX_ITERS);
            final long warmupNs = opts.warmupNanos(i == 0);
            final int rounds = raw == null ? 1 : opts.rounds;
            final Histogram h = new Histogram(3);
            final Histogram r = raw == null ? null : new Histogram(3);
            final double[] ratios = new double[rounds];
            for (int round = 0; round < rounds; round++)
            {
                final int before = round == 0 ? warmup : Math.min(warmup, REWARM_ITERS);
                final long beforeNs = round == 0 ? warmupNs : 0;
                final Histogram hr = rankwire(world, msg, view, size, iters, before, beforeNs);
                final Histogram rr = raw == null ? null : raw(world, raw, buf, size, iters, before, beforeNs);
                h.add(hr);
                if (rr != null)
                {
                    r.add(rr);
                    ratios[round] = (double)hr.getValueAtPercentile(50) / rr.getValueAtPercentile(50);
                }
            }
            if (world.rank() == 0)
            {
                final double p50 = h.getValueAtPercentile(50) / 1e3;
                final double rawP50 = r == null ? Double.NaN : r.getValueAtPercentile(50) / 1e3;
                report.row(size, h.getTotalCount(), p50, h.getValueAtPercentile(99) / 1e3, h.getValueAtPercentile(99.9) / 1e3,
                    h.getMaxValue() / 1e3, rawP50, r == null ? Double.NaN : r.getValueAtPercentile(99) / 1e3,
                    r == null ? Double.NaN : Bench.median(ratios));
                rwLine.add(size, p50);
                rawLine.add(size, rawP50);
                if (distRw == null && size > 0)
                {
                    distRw = h;
                    distRaw = r;
                    distSize = size;
                }
                System.err.printf("latency: %s B done (%d/%d)%n", BenchArgs.formatSize(size), i + 1, sizes.size());
            }
        }
        if (world.rank() == 0)
        {
            Bench.finish(report, opts);
            if (opts.plot != null && distRw != null)
            {
                final List<Plots.Line> lines = new ArrayList<>(List.of(rwLine));
                final List<String> names = new ArrayList<>(List.of("Rankwire (" + Bench.transport(rw) + ")"));
                final List<Histogram> hs = new ArrayList<>(List.of(distRw));
                if (raw != null)
                {
                    lines.add(rawLine);
                    names.add(base);
                    hs.add(distRaw);
                }
                Plots.bySize(opts.plot, "One-way latency (p50) by message size", "latency (us)", lines);
                Plots.percentiles(Plots.sibling(opts.plot, "-percentiles"),
                    "One-way latency distribution at " + distSize + " B, " + distRw.getTotalCount() + " samples", names, hs);
            }
        }
    }

    /**
     * Rank 0's histogram of one-way latencies in nanoseconds (rank 1 returns an empty one), of
     * messages {@code [0, size)} of {@code buf}, which {@code msg} is pointed at first.
     */
    static Histogram rankwire(final Comm world, final MessageBuffer.Direct msg, final UnsafeBuffer buf,
        final int size, final int iters, final int warmup, final long warmupNs)
    {
        final int peer = 1 - world.rank();
        msg.wrap(buf, 0, size);
        return warmThenTime(world, () -> rankwireRoundTrip(world, msg, peer), iters, warmup, warmupNs);
    }

    /**
     * Warms up, then times {@code iters} round trips, both through {@link #roundTrips}: the timed
     * loop is the code the warm-up had compiled. A timed loop of its own started interpreted, and
     * its compilation (the whole per-message path inlined again) ran in the timed window, with
     * each rank's compiler thread taking a CPU from the ranks (see {@link JitQuiet}).
     */
    private static Histogram warmThenTime(
        final Comm world, final Runnable roundTrip, final int iters, final int warmup, final long warmupNs)
    {
        final Histogram h = new Histogram(3);
        warmUp(world, roundTrip, warmup, warmupNs);
        roundTrips(roundTrip, iters, world.rank() == 0 ? h : null);
        return h;
    }

    /** {@code n} round trips; each one's one-way time (nanoseconds) goes into {@code h} unless null. */
    private static void roundTrips(final Runnable roundTrip, final int n, final Histogram h)
    {
        for (int i = 0; i < n; i++)
        {
            final long start = System.nanoTime();
            roundTrip.run();
            if (h != null)
            {
                h.recordValue((System.nanoTime() - start) / 2);
            }
        }
    }

    private static void rankwireRoundTrip(final Comm world, final MessageBuffer msg, final int peer)
    {
        if (world.rank() == 0)
        {
            world.send(msg, peer, TAG);
            world.recv(msg, peer, TAG);
        }
        else
        {
            world.recv(msg, peer, TAG);
            world.send(msg, peer, TAG);
        }
    }

    /**
     * Untimed round trips: at least {@code count}, and, by rank 0's clock, for at least
     * {@code minNanos}; with a time floor (the default warm-up) also until the JIT compiler of
     * both ranks has gone quiet ({@link JitQuiet}), for at most {@link JitQuiet#LONGEST_WAIT_NS}. After
     * each batch rank 1 tells rank 0 whether its compiler is quiet, and rank 0 tells rank 1
     * whether another batch follows.
     */
    static void warmUp(final Comm world, final Runnable roundTrip, final int count, final long minNanos)
    {
        if (count <= 0 && minNanos <= 0)
        {
            return;
        }
        final int batch = Math.max(1, Math.min(WARMUP_BATCH, count));
        final byte[] flag = new byte[1];
        final Histogram scratch = world.rank() == 0 ? new Histogram(3) : null;
        final JitQuiet jit = new JitQuiet();
        final long start = System.nanoTime();
        int done = 0;
        do
        {
            roundTrips(roundTrip, batch, scratch);
            done += batch;
            final long now = System.nanoTime();
            final boolean quietHere = minNanos <= 0 || jit.quiet(now);
            if (world.rank() == 0)
            {
                world.recv(flag, 0, 1, 1, WARMUP_TAG);
                final boolean quiet = quietHere && flag[0] != 0;
                final long elapsed = now - start;
                flag[0] = (byte)(Bench.warmUpGoesOn(done, count, elapsed, minNanos, quiet) ? 1 : 0);
                world.send(flag, 0, 1, 1, WARMUP_TAG);
            }
            else
            {
                flag[0] = (byte)(quietHere ? 1 : 0);
                world.send(flag, 0, 1, 0, WARMUP_TAG);
                world.recv(flag, 0, 1, 0, WARMUP_TAG);
            }
        }
        while (flag[0] != 0);
    }

    /** The same ping-pong over the raw channel. */
    static Histogram raw(final Comm world, final RawChannel raw, final ByteBuffer buf, final int size,
        final int iters, final int warmup, final long warmupNs)
    {
        return warmThenTime(world, () -> rawRoundTrip(world.rank(), raw, buf, size), iters, warmup, warmupNs);
    }

    private static void rawRoundTrip(final int rank, final RawChannel raw, final ByteBuffer buf, final int size)
    {
        if (rank == 0)
        {
            raw.send(buf, size);
            raw.recv(buf, size);
        }
        else
        {
            raw.recv(buf, size);
            raw.send(buf, size);
        }
    }
}
