package io.rankwire.jmh.shm;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.examples.bench.JitQuiet;

/**
 * The shm transport beside its floors between the same two JVMs, interleaved round by round:
 * per message size, a ping-pong over the bare mapped rings ({@link RawRing}), then through the
 * runtime with {@code byte[]} buffers (two copies) and with {@code Rankwire.allocate} buffers
 * (one copy); then 4 MiB streaming beside a 4 MiB memcpy in this JVM and beside the same stream
 * over the bare ring (its two copies, in 64 KiB fragments, are the floor of the two-copy path on
 * whatever pair of cores the two JVMs have at the time). Prints one-way latency percentiles
 * (round trip / 2, timed per round trip) and the ratios to the raw ring's p50, and bandwidths
 * with their ratios to memcpy and to the raw ring's stream. After the warm round, short rounds
 * of every size go on until both JVMs' JIT compilers are quiet, so that no timed round shares a
 * CPU with them.
 *
 * <pre>
 *   java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar \
 *       io.rankwire.jmh.shm.ShmVsRingBench [rounds] [8-byte round trips] [rankwire.key=value ...]
 * </pre>
 */
public final class ShmVsRingBench
{
    private static final int[] SIZES = {8, 1024, 16 << 10, 64 << 10, 1 << 20, 4 << 20};
    private static final int BULK = ShmBench.MAX_BYTES;

    private ShmVsRingBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        final int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        final Map<String, String> settings = new HashMap<>();
        for (int i = 2; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        try (ShmPair pair = ShmPair.start(settings))
        {
            final UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(BULK));
            final UnsafeBuffer heap = ShmBench.buffer(pair.rank0(), ShmBench.Kind.HEAP, BULK);
            final UnsafeBuffer shared = ShmBench.buffer(pair.rank0(), ShmBench.Kind.SHARED, BULK);
            System.out.println("round  size  raw p50/p90/p99 ns | heap p50/p90/p99 (p50 ratio) | shared p50/p90/p99 (p50 ratio)");
            for (int round = 0; round <= rounds; round++)
            {
                final String label = round == 0 ? "warm" : Integer.toString(round);
                for (final int size : SIZES)
                {
                    final int n = roundTrips(iterations, size);
                    final long[] raw = raw(pair, direct, size, n);
                    final Map<String, Long> before = pair.rank0().stats().transportCounters();
                    final long[] h = shm(pair, heap, ShmBench.Kind.HEAP, size, n);
                    final long[] s = shm(pair, shared, ShmBench.Kind.SHARED, size, n);
                    System.out.printf("%s  %d  %s | %s (%.2f) | %s (%.2f)%s%n", label, size, p(raw), p(h),
                        ratio(h, raw), p(s), ratio(s, raw), waits(before, pair.rank0().stats().transportCounters(), 2 * n));
                }
                if (round == 0)
                {
                    untilCompilersQuiet(pair, direct, heap, shared, iterations);
                }
                final int transfers = Math.max(20, iterations / 500);
                final double memcpy = memcpy(transfers);
                final double bwRaw = rawStream(pair, direct, transfers);
                final double bwHeap = stream(pair, heap, ShmBench.Kind.HEAP, transfers);
                final double bwShared = stream(pair, shared, ShmBench.Kind.SHARED, transfers);
                System.out.printf("%s  4 MiB MiB/s  memcpy %.0f | raw ring %.0f (%.2f) | heap %.0f (%.2f, %.2f of raw) | " +
                    "shared %.0f (%.2f, %.2f of raw)%n", label, memcpy, bwRaw, bwRaw / memcpy, bwHeap, bwHeap / memcpy,
                    bwHeap / bwRaw, bwShared, bwShared / memcpy, bwShared / bwRaw);
            }
        }
    }

    /**
     * After the warm round, short rounds of every size's round trips (bare ring, {@code byte[]},
     * shared heap; a tenth of a timed round) go on until the JIT compilers of both JVMs have gone
     * quiet ({@link JitQuiet}), for at most {@link JitQuiet#LONGEST_WAIT_NS}: while the two compiler
     * threads hold one of two CPUs, the ranks share the other and every message waits for a
     * hand-off (8 B: 11-13 us one-way instead of 0.3-0.6; 64 KiB: 15-20 us instead of 6-8),
     * which a fixed warm-up measured in some first rounds.
     */
    private static void untilCompilersQuiet(
        final ShmPair pair, final UnsafeBuffer direct, final UnsafeBuffer heap, final UnsafeBuffer shared, final int iterations)
    {
        final JitQuiet self = new JitQuiet();
        final JitQuiet partner = JitQuiet.ofProcess(pair.partnerPid());
        final long start = System.nanoTime();
        long now = start;
        boolean quiet = false;
        while (!quiet && now - start < JitQuiet.LONGEST_WAIT_NS)
        {
            for (final int size : SIZES)
            {
                final int n = Math.max(10, roundTrips(iterations, size) / 10);
                raw(pair, direct, size, n);
                shm(pair, heap, ShmBench.Kind.HEAP, size, n);
                shm(pair, shared, ShmBench.Kind.SHARED, size, n);
            }
            now = System.nanoTime();
            quiet = self.quiet(now) & partner.quiet(now); // both windows advance
        }
        System.out.printf("warm  compilers of both JVMs %s after %.1f s more%n", quiet ? "quiet" : "still busy",
            (now - start) / 1e9);
    }

    /** Timed round trips of {@code size} bytes in a round: {@code iterations} at 8 B, fewer for larger messages. */
    private static int roundTrips(final int iterations, final int size)
    {
        return Math.max(50, (int)(iterations / Math.max(1, size / 512.0)));
    }

    /** How rank 0 waited for the answers of {@code messages} round trips: doorbell sleeps, yields that found work, spin window. */
    private static String waits(final Map<String, Long> before, final Map<String, Long> after, final int messages)
    {
        return String.format("  [rank 0: %d sleeps, %d shared-CPU waits in %d round trips; window %d ns]",
            delta("doorbellSleeps", before, after), delta("sharedCpuWaits", before, after), messages,
            after.getOrDefault("spinWindowNanos", -1L));
    }

    private static long delta(final String key, final Map<String, Long> before, final Map<String, Long> after)
    {
        return after.getOrDefault(key, 0L) - before.getOrDefault(key, 0L);
    }

    private static String p(final long[] sorted)
    {
        return sorted[sorted.length / 2] + "/" + sorted[sorted.length * 9 / 10] + "/" + sorted[sorted.length * 99 / 100];
    }

    private static double ratio(final long[] sorted, final long[] base)
    {
        return (double)sorted[sorted.length / 2] / base[base.length / 2];
    }

    private static long[] raw(final ShmPair pair, final UnsafeBuffer buf, final int size, final int n)
    {
        pair.command(ShmBench.RAW_ECHO, ShmBench.Kind.DIRECT);
        final RawRing raw = pair.raw();
        final long[] samples = new long[n];
        for (int i = -n / 10; i < n; i++)
        {
            final long start = System.nanoTime();
            raw.send(buf, size);
            raw.receive(buf);
            if (i >= 0)
            {
                samples[i] = (System.nanoTime() - start) / 2;
            }
        }
        pair.end(ShmBench.RAW_ECHO);
        Arrays.sort(samples);
        return samples;
    }

    private static long[] shm(final ShmPair pair, final UnsafeBuffer buf, final ShmBench.Kind kind, final int size, final int n)
    {
        pair.command(ShmBench.SHM_ECHO, kind);
        final Comm world = pair.rank0().world();
        final MutableStatus st = new MutableStatus();
        final MessageBuffer msg = MessageBuffer.of(buf, 0, size);
        final long[] samples = new long[n];
        for (int i = -n / 10; i < n; i++)
        {
            final long start = System.nanoTime();
            world.send(msg, 1, ShmBench.PING_TAG);
            world.recv(msg, 1, ShmBench.PING_TAG, st);
            if (i >= 0)
            {
                samples[i] = (System.nanoTime() - start) / 2;
            }
        }
        pair.end(ShmBench.SHM_ECHO);
        Arrays.sort(samples);
        return samples;
    }

    private static double memcpy(final int transfers)
    {
        final UnsafeBuffer src = new UnsafeBuffer(ByteBuffer.allocateDirect(BULK));
        final UnsafeBuffer dst = new UnsafeBuffer(ByteBuffer.allocateDirect(BULK));
        for (int i = 0; i < transfers / 4; i++)
        {
            dst.putBytes(0, src, 0, BULK);
        }
        final long start = System.nanoTime();
        for (int i = 0; i < transfers; i++)
        {
            dst.putBytes(0, src, 0, BULK);
        }
        return mibPerSecond(transfers, System.nanoTime() - start);
    }

    private static double rawStream(final ShmPair pair, final UnsafeBuffer buf, final int transfers)
    {
        pair.command(ShmBench.RAW_SINK, ShmBench.Kind.DIRECT);
        final RawRing raw = pair.raw();
        for (int i = 0; i < transfers / 4; i++)
        {
            raw.send(buf, BULK);
        }
        final long start = System.nanoTime();
        for (int i = 0; i < transfers; i++)
        {
            raw.send(buf, BULK);
        }
        pair.end(ShmBench.RAW_SINK);
        return mibPerSecond(transfers, System.nanoTime() - start);
    }

    private static double stream(final ShmPair pair, final UnsafeBuffer buf, final ShmBench.Kind kind, final int transfers)
    {
        pair.command(ShmBench.SHM_SINK, kind);
        final Comm world = pair.rank0().world();
        final MessageBuffer msg = MessageBuffer.of(buf, 0, BULK);
        for (int i = 0; i < transfers / 4; i++)
        {
            world.send(msg, 1, ShmBench.BULK_TAG);
        }
        final long start = System.nanoTime();
        for (int i = 0; i < transfers; i++)
        {
            world.send(msg, 1, ShmBench.BULK_TAG);
        }
        final long elapsed = System.nanoTime() - start;
        pair.end(ShmBench.SHM_SINK);
        return mibPerSecond(transfers, elapsed);
    }

    private static double mibPerSecond(final int transfers, final long nanos)
    {
        return transfers * (BULK / 1048576.0) / (nanos / 1e9);
    }
}
