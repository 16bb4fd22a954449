package io.rankwire.examples.bench;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Communication/computation overlap. Rank 1 posts a large {@code irecv}, tells rank 0 to send,
 * then computes for a fixed time without calling the runtime, and only then waits. If the
 * transfer progressed during the computation (a NIC that matches and pulls the data itself, as
 * the simulated offload NIC does, or an asynchronous progress thread) the wait is short. The
 * overlap is {@code 1 - wait / transfer}, where {@code transfer} is the time the same receive
 * takes without computing. The raw baseline does the same with a blocking read after computing.
 *
 * <p>Options ({@link BenchArgs}): {@code --size} (default 16M), {@code --compute-ms} (default
 * twice the transfer time), {@code --iters} (default 5; medians are reported), {@code --warmup}
 * (untimed rounds; by default at least 3 s of them and until both ranks' JIT compilers are quiet,
 * as {@link Latency} warms up: the transfer time sets the computation's length, and a transfer
 * timed while the compilers still worked was several times the compiled one), {@code --csv},
 * {@code --no-baseline}.
 */
public final class Overlap
{
    private static final int READY = 31;
    private static final int DATA = 32;
    private static volatile double sink;

    static final Usage USAGE = new Usage("Overlap",
        "Rank 1 receives one large message while computing: how much of the transfer overlaps the computation.")
        .option("--size", "S", "message size, bytes", "16M")
        .option("--compute-ms", "M", "rank 1's computation time, milliseconds", "twice the measured transfer time")
        .option("--iters", "N", "rounds; medians are reported", "5")
        .option("--warmup", "N", "untimed rounds before each path's first",
            "1; and at least 3 s, and until both ranks' JIT compilers are quiet (at most 30 s)")
        .outputs(false);

    private Overlap()
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
            final int size = opts.size >= 0 ? opts.size : 16 << 20;
            final int iters = opts.iters > 0 ? opts.iters : 5;
            final ByteBuffer bytes = ByteBuffer.allocateDirect(Math.max(1, size));
            final UnsafeBuffer buf = new UnsafeBuffer(bytes);
            final MessageBuffer data = MessageBuffer.of(buf, 0, size);
            final MessageBuffer ready = MessageBuffer.of(buf, 0, 0);

            // Only rank 1's figures mean anything: it receives, computes and waits; rank 0 just sends.
            final int warmup = opts.warmup >= 0 ? opts.warmup : 1;
            final long warmupNs = opts.warmupNanos(true);
            Latency.warmUp(world, () -> rankwireRound(world, data, ready, 0), warmup, warmupNs);
            final long transfer = median(iters, () -> rankwireRound(world, data, ready, 0));
            final long compute = opts.computeMillis > 0 ? opts.computeMillis * 1_000_000 : Math.max(1_000_000, 2 * transfer);
            final long wait = median(iters, () -> rankwireRound(world, data, ready, compute));

            final Report report = new Report("Overlap over " + Bench.transport(rw) + ": " + BenchArgs.formatSize(size) +
                " message, rank 1 computes " + String.format(java.util.Locale.ROOT, "%.1f", compute / 1e6) +
                " ms before waiting; milliseconds, median of " + iters,
                "path", "transfer_ms", "wait_after_compute_ms", "overlap_%");
            report.row("Rankwire (" + Bench.transport(rw) + ")", transfer / 1e6, wait / 1e6, overlap(transfer, wait));
            if (opts.baseline)
            {
                try (RawChannel raw = RawChannels.open(rw, world))
                {
                    Latency.warmUp(world, () -> rawRound(world, raw, bytes, size, 0), warmup, warmupNs);
                    final long rawTransfer = median(iters, () -> rawRound(world, raw, bytes, size, 0));
                    final long rawWait = median(iters, () -> rawRound(world, raw, bytes, size, compute));
                    report.row(raw.name(), rawTransfer / 1e6, rawWait / 1e6, overlap(rawTransfer, rawWait));
                }
            }
            if (world.rank() == 1)
            {
                Bench.finish(report, opts);   // rank 1 holds the measurements
            }
        }
    }

    private static double overlap(final long transfer, final long wait)
    {
        return 100.0 * Math.max(0.0, Math.min(1.0, 1.0 - (double)wait / transfer));
    }

    /**
     * One round of the message {@code data} ({@code ready} is rank 1's empty go-ahead); rank 1
     * returns the nanoseconds spent waiting for the data after computing for {@code computeNanos}
     * (0: the plain transfer time), rank 0 returns 0.
     */
    private static long rankwireRound(final Comm world, final MessageBuffer data, final MessageBuffer ready, final long computeNanos)
    {
        if (world.rank() == 0)
        {
            world.recv(ready, 1, READY);
            world.send(data, 1, DATA);
            return 0;
        }
        final Request r = world.irecv(data, 0, DATA);
        world.send(ready, 0, READY);
        compute(computeNanos);                    // no runtime call in here
        final long start = System.nanoTime();
        r.await();
        return System.nanoTime() - start;
    }

    private static long rawRound(final Comm world, final RawChannel raw, final ByteBuffer buf, final int size, final long computeNanos)
    {
        if (world.rank() == 0)
        {
            raw.recv(buf, 0);
            raw.send(buf, size);
            return 0;
        }
        raw.send(buf, 0);
        compute(computeNanos);
        final long start = System.nanoTime();
        raw.recv(buf, size);
        return System.nanoTime() - start;
    }

    /** Busy arithmetic for {@code nanos} nanoseconds, touching nothing but local data. */
    static void compute(final long nanos)
    {
        final long end = System.nanoTime() + nanos;
        double x = 1.0;
        while (System.nanoTime() < end)
        {
            for (int i = 0; i < 1000; i++)
            {
                x = x * 1.0000001 + 1e-9;
            }
        }
        sink = x;
    }

    private static long median(final int iters, final java.util.function.LongSupplier round)
    {
        round.getAsLong();   // one more untimed round: the computing ones start after the plain ones
        final long[] t = new long[iters];
        for (int i = 0; i < iters; i++)
        {
            t[i] = round.getAsLong();
        }
        return Bench.median(t);
    }
}
