package io.rankwire.examples.bench;

import java.nio.ByteBuffer;

import io.rankwire.Comm;
import io.rankwire.RankStats;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/**
 * Flow control under a burst: rank 1 sends {@code --iters} small messages (default 100,000 of 12
 * bytes) to rank 0 with blocking {@code send}, back to back; rank 0 receives them with blocking
 * {@code recv}. Reports the message rate beside the raw baseline's (the same burst over the raw
 * channel, then one acknowledgement), and how the sends went: how many found no eager credit and
 * completed from a copy in the send buffer (the fallback), how many waited for their match
 * because the send buffer was full, and the send buffer's high-water mark.
 *
 * <p>Options ({@link BenchArgs}): {@code --size} (default 12), {@code --iters} (messages per
 * burst, default 100000), {@code --warmup} (untimed bursts first, default 1), {@code --csv},
 * {@code --no-baseline}.
 */
public final class Burst
{
    static final Usage USAGE = new Usage("Burst",
        "A burst of blocking small sends from rank 1 to rank 0: rate beside a raw baseline, and the flow-control fallbacks.")
        .option("--size", "S", "message size, bytes", "12")
        .option("--iters", "N", "messages per burst", "100000")
        .option("--warmup", "N", "untimed bursts first", "1")
        .outputs(false);

    private static final int TAG = 3;

    private Burst()
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
            final int size = opts.size >= 0 ? opts.size : 12;
            final int messages = opts.iters > 0 ? opts.iters : 100_000;
            final int warmup = opts.warmup >= 0 ? opts.warmup : 1;
            try (RawChannel raw = opts.baseline ? RawChannels.open(rw, world) : null)
            {
                final byte[] buf = new byte[Math.max(1, size)];
                for (int i = 0; i < warmup; i++)
                {
                    burst(world, buf, size, messages);
                    if (raw != null)
                    {
                        rawBurst(world, raw, size, messages);
                    }
                }
                final RankStats before = rw.stats();
                final long nanos = burst(world, buf, size, messages);
                final RankStats after = rw.stats();
                final double rawNanos = raw == null ? Double.NaN : rawBurst(world, raw, size, messages);
                final long[] mine = {
                    after.sendsBuffered() - before.sendsBuffered(),
                    after.sendBufferWaits() - before.sendBufferWaits(),
                    after.sendBufferHighWater()};
                report(world, opts, raw, size, messages, nanos, rawNanos, mine);
            }
        }
    }

    /** One burst; returns its duration on this rank (send start to last receive, or to the last send). */
    private static long burst(final Comm world, final byte[] buf, final int size, final int messages)
    {
        world.barrier();
        final long start = System.nanoTime();
        if (world.rank() == 1)
        {
            for (int i = 0; i < messages; i++)
            {
                world.send(buf, 0, size, 0, TAG);
            }
            world.recv(buf, 0, 0, 0, TAG + 1);
        }
        else
        {
            for (int i = 0; i < messages; i++)
            {
                world.recv(buf, 0, size, 1, TAG);
            }
            world.send(buf, 0, 0, 1, TAG + 1);
        }
        return System.nanoTime() - start;
    }

    private static long rawBurst(final Comm world, final RawChannel raw, final int size, final int messages)
    {
        final ByteBuffer b = ByteBuffer.allocateDirect(Math.max(1, size));
        world.barrier();
        final long start = System.nanoTime();
        if (world.rank() == 1)
        {
            for (int i = 0; i < messages; i++)
            {
                raw.send(b, size);
            }
            raw.recv(b, 0);
        }
        else
        {
            for (int i = 0; i < messages; i++)
            {
                raw.recv(b, size);
            }
            raw.send(b, 0);
        }
        return System.nanoTime() - start;
    }

    private static void report(
        final Comm world, final BenchArgs opts, final RawChannel raw, final int size, final int messages,
        final long nanos, final double rawNanos, final long[] mine)
    {
        final long[] sender = new long[mine.length];
        if (world.rank() == 1)
        {
            world.send(MessageBuffer.of(mine), 0, TAG + 2);
            return;
        }
        world.recv(MessageBuffer.of(sender), 1, TAG + 2);
        final double rate = messages * 1e9 / nanos;
        final double rawRate = messages * 1e9 / rawNanos;
        final Report report = new Report("Rankwire burst of blocking sends, rank 1 -> rank 0; baseline: " +
            (raw == null ? "none" : raw.name()) + "; buffered = sends that found no credit and completed from a copy",
            "size", "messages", "msgs/s", "raw_msgs/s", "ratio", "buffered", "buffered_%", "waited", "sendbuf_high_water");
        report.row(size, (long)messages, rate, rawRate, rate / rawRate, sender[0], 100.0 * sender[0] / messages, sender[1], sender[2]);
        Bench.finish(report, opts);
    }
}
