package io.rankwire.jmh.coll;

import java.util.Arrays;
import java.util.Locale;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/**
 * The rank side of the collective switch benchmark on several hosts: one collective at several
 * sizes, with whatever algorithm the job's settings force ({@code rwrun -x
 * rankwire.coll.bcast.algorithm=scatterAllgather}), each rank its own JVM, started by
 * {@code rwrun}. A driver (bench/netns-coll.sh) runs one job per algorithm, alternating, so
 * each algorithm is measured against its alternative in the same run.
 *
 * <p>Every call is timed as the OSU collective benchmarks time it: a barrier, then the call, each
 * rank timing its own part; a round's figure is the largest per-rank mean over its calls (the
 * slowest rank decides when a collective is done). After warm-up calls, {@value #ROUNDS} rounds;
 * rank 0 prints the median round and every round:
 * <pre>
 * coll bcast 8 ranks 16777216 B scatterAllgather 301234.5 us (rounds 301234.5 299876.0 305432.1) calls 6
 * </pre>
 * The number of calls per round is chosen from the size and the rank count so that a round takes
 * about a second at 1 Gbit/s (at least 4, at most 200 calls).
 *
 * <p>Arguments: {@code COLLECTIVE ALGORITHM-LABEL BYTES...}; COLLECTIVE is one of the
 * {@link CollectiveSwitchBenchmark} switches ({@code bcast}, {@code reduce}, {@code gather},
 * {@code scatter}, {@code allReduce}, {@code allToAll}); for gather, scatter and allToAll the
 * size is the block size. The label is printed as is (the driver passes the forced algorithm).
 */
public final class CollectiveSwitchJob
{
    static final int ROUNDS = 3;
    private static final double LINK_BYTES_PER_SECOND = 125e6;

    private CollectiveSwitchJob()
    {
    }

    public static void main(final String[] args)
    {
        if (args.length < 3)
        {
            throw new IllegalArgumentException("arguments : " + Arrays.toString(args) +
                " (expected: COLLECTIVE ALGORITHM-LABEL BYTES...)");
        }
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm c = rw.world();
            final CollectiveSwitchBenchmark.Switch sw = find(args[0], c.size());
            for (int i = 2; i < args.length; i++)
            {
                final int bytes = Integer.parseInt(args[i]);
                final double[] rounds = measure(c, sw, bytes);
                if (c.rank() == 0)
                {
                    final double[] sorted = rounds.clone();
                    Arrays.sort(sorted);
                    final StringBuilder all = new StringBuilder();
                    for (final double r : rounds)
                    {
                        all.append(String.format(Locale.ROOT, " %.1f", r));
                    }
                    System.out.printf(Locale.ROOT, "coll %s %d ranks %d B %s %.1f us (rounds%s) calls %d%n",
                        args[0], c.size(), bytes, args[1], sorted[ROUNDS / 2], all, calls(bytes, c.size()));
                }
            }
        }
    }

    static CollectiveSwitchBenchmark.Switch find(final String name, final int n)
    {
        return CollectiveSwitchBenchmark.switches(n).stream()
            .filter(s -> s.name().replace("(block)", "").equals(name))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("collective : " + name +
                " (expected: bcast, reduce, gather, scatter, allReduce or allToAll)"));
    }

    /** Calls per round: about a second of link time at 1 Gbit/s, 4..200. */
    static int calls(final int bytes, final int n)
    {
        final double seconds = (double)bytes * Math.max(1, n - 1) / LINK_BYTES_PER_SECOND + 0.002;
        return (int)Math.max(4, Math.min(200, Math.round(1.0 / seconds)));
    }

    /** Microseconds per call of each round: the slowest rank's mean. */
    private static double[] measure(final Comm c, final CollectiveSwitchBenchmark.Switch sw, final int bytes)
    {
        final Object[] arrays = sw.buffers().apply(bytes);
        final MessageBuffer[] bufs = {CollectiveSwitchBenchmark.descriptor(arrays[0]), CollectiveSwitchBenchmark.descriptor(arrays[1])};
        final int calls = calls(bytes, c.size());
        final double[] rounds = new double[ROUNDS];
        final double[] mine = new double[1];
        final double[] slowest = new double[1];
        final MessageBuffer mineBuf = MessageBuffer.of(mine);
        final MessageBuffer slowestBuf = MessageBuffer.of(slowest);
        timeRound(c, sw, bufs, calls);
        for (int r = 0; r < ROUNDS; r++)
        {
            mine[0] = timeRound(c, sw, bufs, calls) / 1e3 / calls;
            c.allReduce(mineBuf, slowestBuf, Op.MAX);
            rounds[r] = slowest[0];
        }
        return rounds;
    }

    private static long timeRound(final Comm c, final CollectiveSwitchBenchmark.Switch sw, final MessageBuffer[] bufs, final int calls)
    {
        long nanos = 0;
        for (int i = 0; i < calls; i++)
        {
            c.barrier();
            final long t0 = System.nanoTime();
            sw.call().run(c, bufs[0], bufs[1]);
            nanos += System.nanoTime() - t0;
        }
        return nanos;
    }
}
