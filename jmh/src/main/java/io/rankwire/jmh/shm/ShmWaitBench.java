package io.rankwire.jmh.shm;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.tcp.CpuTime;

/**
 * What a waiting rank costs and how fast it answers, by waiting strategy: rank 0 computes (sleeps)
 * for a gap, then makes an 8-byte round trip with rank 1, a child JVM, which meanwhile waits in
 * its receive. Per strategy and gap it prints the one-way latency (round trip / 2: p50, p90) and
 * the CPU time rank 1's process used per round trip (from /proc, all its threads), so the
 * latency bought by spinning can be set against the core it burns.
 *
 * <pre>
 *   strategy          settings of both ranks
 *   spin              rankwire.idle=spin                    polls forever
 *   doorbell          (defaults)                            polls, yields, then sleeps until a peer rings
 *   park              rankwire.shm.doorbell=none            polls, yields, then parks 1..100 us and polls again
 *
 *   java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar \
 *       io.rankwire.jmh.shm.ShmWaitBench [round trips per gap] [rounds]
 * </pre>
 */
public final class ShmWaitBench
{
    private static final long[] GAPS_NS = {0, 20_000, 200_000, 2_000_000, 20_000_000};

    private ShmWaitBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        final Map<String, Map<String, String>> strategies = Map.of(
            "spin", Map.of("rankwire.idle", "spin"),
            "doorbell", Map.of(),
            "park", Map.of("rankwire.shm.doorbell", "none"));
        System.out.println("round  strategy  gap us  one-way p50/p90 ns  rank-1 CPU us per round trip");
        for (int round = 1; round <= rounds; round++)
        {
            for (final String name : new String[] {"spin", "doorbell", "park"})
            {
                try (ShmPair pair = ShmPair.start(strategies.get(name)))
                {
                    pair.command(ShmBench.SHM_ECHO, ShmBench.Kind.HEAP);
                    measure(pair, 0, 50_000);
                    for (final long gap : GAPS_NS)
                    {
                        final int trips = gap >= 10_000_000 ? Math.max(20, n / 20) : n;
                        final long cpuBefore = CpuTime.nanos(pair.partnerPid());
                        final long[] latency = measure(pair, gap, trips);
                        final long cpu = CpuTime.nanos(pair.partnerPid()) - cpuBefore;
                        System.out.printf("%d  %s  %d  %d/%d  %.1f%n", round, name, gap / 1000, latency[trips / 2],
                            latency[trips * 9 / 10], cpu / 1000.0 / trips);
                    }
                    pair.end(ShmBench.SHM_ECHO);
                }
            }
        }
    }

    private static long[] measure(final ShmPair pair, final long gapNanos, final int n)
    {
        final Comm world = pair.rank0().world();
        final MessageBuffer msg = MessageBuffer.of(new UnsafeBuffer(new byte[8]), 0, 8);
        final MutableStatus st = new MutableStatus();
        final long[] samples = new long[n];
        for (int i = 0; i < n; i++)
        {
            if (gapNanos > 0)
            {
                LockSupport.parkNanos(gapNanos);
            }
            final long start = System.nanoTime();
            world.send(msg, 1, ShmBench.PING_TAG);
            world.recv(msg, 1, ShmBench.PING_TAG, st);
            samples[i] = (System.nanoTime() - start) / 2;
        }
        Arrays.sort(samples);
        return samples;
    }
}
