package io.rankwire.examples.bench;

import java.lang.management.ManagementFactory;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * What a message costs as a job grows: every rank first exchanges with every other one (an
 * all-to-all, which also connects every pair), then streams {@code --iters} messages of
 * {@code --size} bytes to its right neighbour while receiving as many from its left one, with
 * {@code --window} receives posted ahead; then times {@code --a2a} all-to-alls of {@code --size}
 * bytes per pair. Rank 0 prints, for both phases, the job's wall time per message and the CPU time
 * per message (the process CPU time of every JVM of the job, summed, over all messages: ranks that
 * share one JVM, as over {@code sim}, count it once), which is what to compare between job sizes
 * when ranks outnumber cores: the wall time then also counts the time ranks wait for a core. The
 * JVM's process CPU clock counts in the kernel's clock ticks (10 ms on Linux), so a phase should
 * take well over that much CPU time for its CPU figure to mean anything.
 *
 * <p>Arguments: {@code [--iters N] [--window W] [--size S] [--a2a R] [--warmup N]} (defaults
 * 20000, 64, 8, 200). Before each phase untimed rounds run (a quarter of the ring's messages, a
 * tenth of the all-to-alls) until every rank's JIT compiler is quiet, for at least 3 s before the
 * ring and 250 ms before the all-to-alls: the CPU time per message counts every thread of every
 * rank, compiler threads included. {@code --warmup N} runs N such rounds instead, with no wait.
 */
public final class ManyPeers
{
    private static final int TAG = 41;

    private ManyPeers()
    {
    }

    public static void main(final String[] args)
    {
        int iters = 20_000;
        int window = 64;
        int size = 8;
        int rounds = 200;
        int warmup = -1;
        for (int i = 0; i + 1 < args.length; i += 2)
        {
            final int value = Integer.parseInt(args[i + 1]);
            switch (args[i])
            {
                case "--iters": iters = value; break;
                case "--window": window = value; break;
                case "--size": size = value; break;
                case "--a2a": rounds = value; break;
                case "--warmup": warmup = value; break;
                default: throw new IllegalArgumentException(
                    "option : " + args[i] + " (expected: --iters|--window|--size|--a2a|--warmup)");
            }
        }
        run(args, iters, window, size, rounds, warmup);
    }

    private static void run(
        final String[] args, final int iters, final int window, final int size, final int rounds, final int warmups)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final int n = world.size();
            // An all-to-all's buffers hold one block of size bytes per rank.
            final MessageBuffer out = MessageBuffer.of(new byte[size * n]);
            final MessageBuffer in = MessageBuffer.of(new byte[size * n]);
            world.allToAll(out, in); // connects every pair
            final boolean countsCpu = firstRankOfItsJvm(world);
            world.barrier();
            final int count = iters;
            final int least = warmups >= 0 ? warmups : 1;
            final double[] warmup = measure(world, countsCpu, () -> Bench.warmUpAll(world,
                () -> streamRing(world, size, Math.max(1, count / 4), window), least, warmups >= 0 ? 0 : Latency.FIRST_WARMUP_NS));
            final double[] ring = measure(world, countsCpu, () -> streamRing(world, size, count, window));
            Bench.warmUpAll(world, () -> allToAlls(world, out, in, Math.max(1, rounds / 10)),
                least, warmups >= 0 ? 0 : Latency.WARMUP_NS);
            final double[] a2a = measure(world, countsCpu, () -> allToAlls(world, out, in, rounds));
            if (world.rank() == 0)
            {
                final double ringMessages = (double)n * iters;
                final double a2aMessages = (double)rounds * n * (n - 1);
                System.out.printf("# ManyPeers over %s: %d ranks, %d B messages, window %d (warm-up %.0f ms)%n",
                    Bench.transport(rw), n, size, window, warmup[0] / 1e6);
                System.out.printf("%-10s %10s %10s %14s %14s%n", "phase", "messages", "wall_ms", "wall_ns/msg", "cpu_ns/msg");
                row("ring", ringMessages, ring);
                row("alltoall", a2aMessages, a2a);
            }
        }
    }

    private static void row(final String phase, final double messages, final double[] m)
    {
        System.out.printf("%-10s %10.0f %10.1f %14.0f %14.0f%n", phase, messages, m[0] / 1e6, m[0] / messages, m[1] / messages);
    }

    /**
     * Runs {@code body} on every rank between barriers: {wall ns (rank 0's), CPU ns (every JVM's,
     * summed: the ranks that {@code countsCpu})} at rank 0.
     */
    private static double[] measure(final Comm world, final boolean countsCpu, final Runnable body)
    {
        world.barrier();
        final long cpu0 = cpuNanos();
        final long t0 = System.nanoTime();
        body.run();
        world.barrier();
        final long wall = System.nanoTime() - t0;
        final long[] cpu = {countsCpu ? cpuNanos() - cpu0 : 0};
        final long[] total = new long[1];
        world.allReduce(MessageBuffer.of(cpu), MessageBuffer.of(total), io.rankwire.Op.SUM);
        return new double[] {wall, total[0]};
    }

    /**
     * Whether this rank is the lowest-numbered one of those in its JVM (the one that reports its CPU
     * time). A JVM is told by its process id and start time, which together also tell apart two
     * hosts' processes with one id.
     */
    private static boolean firstRankOfItsJvm(final Comm world)
    {
        final ProcessHandle self = ProcessHandle.current();
        final long[] mine = {self.pid(), self.info().startInstant().map(t -> t.toEpochMilli()).orElse(0L)};
        final long[] all = new long[2 * world.size()];
        world.allGather(MessageBuffer.of(mine), MessageBuffer.of(all));
        for (int r = 0; r < world.rank(); r++)
        {
            if (all[2 * r] == mine[0] && all[2 * r + 1] == mine[1])
            {
                return false;
            }
        }
        return true;
    }

    private static long cpuNanos()
    {
        return ((com.sun.management.OperatingSystemMXBean)ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Sends {@code count} messages right while receiving as many from the left, {@code window} receives ahead. */
    private static void streamRing(final Comm world, final int size, final int count, final int window)
    {
        final int n = world.size();
        final int right = (world.rank() + 1) % n;
        final int left = (world.rank() + n - 1) % n;
        final byte[] payload = new byte[size];
        final byte[][] slots = new byte[window][size];
        final Request[] recvs = new Request[window];
        int posted = 0;
        for (; posted < Math.min(window, count); posted++)
        {
            recvs[posted % window] = world.irecv(slots[posted % window], 0, size, left, TAG);
        }
        for (int i = 0; i < count; i++)
        {
            world.send(payload, 0, size, right, TAG);
            recvs[i % window].await();
            if (posted < count)
            {
                recvs[posted % window] = world.irecv(slots[posted % window], 0, size, left, TAG);
                posted++;
            }
        }
    }

    private static void allToAlls(final Comm world, final MessageBuffer out, final MessageBuffer in, final int rounds)
    {
        for (int i = 0; i < rounds; i++)
        {
            world.allToAll(out, in);
        }
    }
}
