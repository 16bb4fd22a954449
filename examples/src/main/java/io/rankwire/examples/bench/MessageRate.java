package io.rankwire.examples.bench;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * Message rate: windows of 64 eight-byte {@code isend}s from rank 0 to rank 1 (as
 * {@link Bandwidth}), reported in messages per second beside the raw baseline. Both streams warm
 * up as {@link Latency}'s ping-pong does, until both ranks' JIT compilers are quiet.
 *
 * <p>Options ({@link BenchArgs}): {@code --size} (default 8), {@code --window}, {@code --iters}
 * (default 2000), {@code --warmup}, {@code --csv}, {@code --no-baseline}.
 */
public final class MessageRate
{
    static final Usage USAGE = new Usage("MessageRate",
        "Windows of small isends from rank 0 to rank 1: messages per second, beside a raw baseline.")
        .option("--size", "S", "message size, bytes", "8")
        .option("--window", "W", "messages in flight per iteration", "64")
        .option("--iters", "N", "timed iterations (windows)", "2000")
        .option("--warmup", "N", "untimed iterations first", "a tenth of --iters, at least 256M / (window * size), at most 1000;" +
            " and at least 3 s, and until both ranks' JIT compilers are quiet (at most 30 s)")
        .outputs(false);

    private MessageRate()
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
            if (world.rank() > 1)
            {
                return;
            }
            final int size = opts.size >= 0 ? opts.size : 8;
            final int iters = opts.iters > 0 ? opts.iters : 2000;
            final int warmup = opts.warmupFor(iters, (long)opts.window * Math.max(1, size));
            final Streams streams = new Streams(world, opts.window, size);
            try (RawChannel raw = opts.baseline ? RawChannels.open(rw, world) : null)
            {
                final double messages = (double)opts.window * iters;
                final long warmupNs = opts.warmupNanos(true);
                Latency.warmUp(world, () -> streams.oneWay(size, 1, 0), warmup, warmupNs);
                final double rate = messages * 1e9 / streams.oneWay(size, iters, 0);
                double rawRate = Double.NaN;
                if (raw != null)
                {
                    Latency.warmUp(world, () -> streams.rawOneWay(raw, size, 1, 0), warmup, warmupNs);
                    rawRate = messages * 1e9 / streams.rawOneWay(raw, size, iters, 0);
                }
                if (world.rank() == 0)
                {
                    final Report report = new Report("Rankwire message rate over " + Bench.transport(rw) +
                        ", window " + opts.window + ", messages/s; baseline: " + (raw == null ? "none" : raw.name()),
                        "size", "messages", "msgs/s", "raw_msgs/s", "ratio");
                    report.row(size, (long)messages, rate, rawRate, rate / rawRate);
                    Bench.finish(report, opts);
                }
            }
        }
    }
}
