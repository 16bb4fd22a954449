package io.rankwire.examples.bench;

import java.util.ArrayList;
import java.util.List;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * Unidirectional bandwidth: per iteration rank 0 starts a window of 64 {@code isend}s, rank 1 a
 * window of 64 {@code irecv}s, both wait for all of them and rank 1 acknowledges. Reported in MB/s
 * (10^6 bytes per second) for 1 B to 4 MiB, beside the same stream over the raw baseline. Each
 * side is warmed up as {@link Latency} warms its ping-pong: untimed windows, by default for at
 * least 3 s at the first size (250 ms at the others) and until both ranks' JIT compilers are
 * quiet, so that no timed window shares a CPU with a compiler thread.
 *
 * <p>Options ({@link BenchArgs}): {@code --min-size --max-size --window --rounds --iters --warmup
 * --buffers --memcpy --csv --plot --no-baseline}. {@code --buffers allocate} sends from and
 * receives into buffers from {@code Rankwire.allocate} (over shm the peer reads them directly: one
 * copy per message); {@code --memcpy} times rank 0 copying the same bytes from one direct buffer
 * into another in each round and adds that rate and Rankwire's share of it ({@code of_memcpy},
 * the median of the rounds' own shares).
 */
public final class Bandwidth
{
    private Bandwidth()
    {
    }

    public static void main(final String[] args)
    {
        StreamBench.run(args, false);
    }

    /** Shared driver of {@link Bandwidth} and {@link BiBandwidth}. */
    static final class StreamBench
    {
        private StreamBench()
        {
        }

        static Usage usage(final boolean both)
        {
            final Usage u = new Usage(both ? "BiBandwidth" : "Bandwidth", both ?
                "Windows of isends both ways between ranks 0 and 1: MB/s of both directions by size, beside a raw baseline." :
                "Windows of isends from rank 0 to rank 1: MB/s by size, beside a raw baseline.")
                .option("--min-size", "S", "smallest message, bytes", "1")
                .option("--max-size", "S", "largest message, bytes (powers of two in between)", "4M")
                .option("--window", "W", "messages in flight per iteration", "64")
                .option("--rounds", "R", "Rankwire and the raw baseline alternated R times per size; medians reported", "1")
                .option("--buffers", "B", "Rankwire's buffers: direct, or allocate (Rankwire.allocate: over shm one copy per message)",
                    "direct")
                .option("--iters", "N", "timed iterations (windows) per size", "100; 10 from 64K")
                .option("--warmup", "N", "untimed iterations per size first",
                    "a tenth of --iters, at least 256M / (window * size), at most 1000;" +
                        " and at least 3 s at the first size, 250 ms at the others, and until both ranks' JIT compilers are quiet (at most 30 s)")
                .outputs(true);
            return both ? u : u.option("--memcpy", null,
                "also time rank 0 copying the same bytes in memory, beside each round (columns memcpy_MB/s, of_memcpy)", "off");
        }

        static void run(final String[] args, final boolean both)
        {
            final BenchArgs opts = BenchArgs.parseOrExit(usage(both), args);
            if (opts == null)
            {
                return;
            }
            try (Rankwire rw = Rankwire.init(args))
            {
                final Comm world = rw.world();
                Bench.requireTwoRanks(world);
                if (world.rank() > 1)
                {
                    return;
                }
                final int min = opts.minSize >= 0 ? opts.minSize : 1;
                final int max = opts.maxSize >= 0 ? opts.maxSize : 4 << 20;
                final List<Integer> sizes = BenchArgs.powersOfTwo(min, max);
                try (Streams streams = new Streams(world, opts.window, max, opts.allocate ? rw : null);
                    RawChannel raw = opts.baseline ? RawChannels.open(rw, world) : null)
                {
                    measure(rw, world, opts, sizes, streams, raw, both);
                }
            }
        }

        private static void measure(
            final Rankwire rw, final Comm world, final BenchArgs opts, final List<Integer> sizes,
            final Streams streams, final RawChannel raw, final boolean both)
        {
            final String transport = Bench.transport(rw);
            final String base = raw == null ? "raw" : raw.name();
            final String what = both ? "Bidirectional bandwidth" : "Bandwidth";
            final boolean memcpy = opts.memcpy && !both;
            final List<String> columns = new ArrayList<>(List.of("size", "iters", "MB/s", "raw_MB/s", "ratio"));
            if (memcpy)
            {
                columns.addAll(List.of("memcpy_MB/s", "of_memcpy"));
            }
            final Report report = new Report("Rankwire " + what.toLowerCase(java.util.Locale.ROOT) + " over " + transport +
                ", window " + opts.window + (opts.allocate ? ", Rankwire.allocate buffers" : "") + ", MB/s; baseline: " + base +
                (raw != null && opts.rounds > 1 ? "; medians of " + opts.rounds + " alternated rounds" : ""),
                columns.toArray(new String[0]));
            final Plots.Line rwLine = new Plots.Line("Rankwire (" + transport + ")");
            final Plots.Line rawLine = new Plots.Line(base);
            for (int i = 0; i < sizes.size(); i++)
            {
                final int size = sizes.get(i);
                final int iters = opts.itersFor(size, 100, 10);
                final int warmup = opts.warmupFor(iters, (both ? 2L : 1L) * opts.window * Math.max(1, size));
                final long warmupNs = opts.warmupNanos(i == 0);
                final double bytes = (both ? 2.0 : 1.0) * size * opts.window * iters;
                final int rounds = raw == null && !memcpy ? 1 : opts.rounds;
                final double[] rwMbs = new double[rounds];
                final double[] baseMbs = new double[rounds];
                final double[] ratios = new double[rounds];
                final double[] copyMbs = new double[rounds];
                final double[] ofCopy = new double[rounds];
                for (int r = 0; r < rounds; r++)
                {
                    if (r == 0)
                    {
                        Latency.warmUp(world, () -> rankwire(streams, size, 1, both), warmup, warmupNs);
                    }
                    rwMbs[r] = bytes * 1e3 / rankwire(streams, size, iters, both);
                    if (raw != null && r == 0)
                    {
                        Latency.warmUp(world, () -> raw(streams, raw, size, 1, both), warmup, warmupNs);
                    }
                    baseMbs[r] = raw == null ? Double.NaN : bytes * 1e3 / raw(streams, raw, size, iters, both);
                    ratios[r] = rwMbs[r] / baseMbs[r];
                    if (memcpy)
                    {
                        if (r == 0)
                        {
                            streams.memcpy(size, 1);
                        }
                        copyMbs[r] = bytes * 1e3 / streams.memcpy(size, iters); // rank 0's figure; rank 1 only waits
                        ofCopy[r] = rwMbs[r] / copyMbs[r];
                    }
                }
                final double mbs = Bench.median(rwMbs);
                final double rawMbs = Bench.median(baseMbs);
                if (world.rank() == 0)
                {
                    final List<Object> cells = new ArrayList<>(List.of(size, iters, mbs, rawMbs, Bench.median(ratios)));
                    if (memcpy)
                    {
                        cells.addAll(List.of(Bench.median(copyMbs), Bench.median(ofCopy)));
                    }
                    report.row(cells.toArray());
                    rwLine.add(size, mbs);
                    rawLine.add(size, rawMbs);
                    System.err.printf("%s: %s B done (%d/%d)%n", what, BenchArgs.formatSize(size), i + 1, sizes.size());
                }
            }
            if (world.rank() == 0)
            {
                Bench.finish(report, opts);
                if (opts.plot != null)
                {
                    Plots.bySize(opts.plot, what + " by message size (window " + opts.window + ")", "MB/s",
                        raw == null ? List.of(rwLine) : List.of(rwLine, rawLine));
                }
            }
        }

        /** Nanoseconds for {@code iters} windows of Rankwire's stream. */
        private static long rankwire(final Streams streams, final int size, final int iters, final boolean both)
        {
            return both ? streams.bothWays(size, iters, 0) : streams.oneWay(size, iters, 0);
        }

        /** Nanoseconds for {@code iters} windows of the raw baseline's stream. */
        private static long raw(final Streams streams, final RawChannel raw, final int size, final int iters, final boolean both)
        {
            return both ? streams.rawBothWays(raw, size, iters, 0) : streams.rawOneWay(raw, size, iters, 0);
        }
    }
}
