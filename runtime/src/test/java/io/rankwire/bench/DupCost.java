package io.rankwire.bench;

import java.util.Arrays;

import io.rankwire.Comm;
import io.rankwire.CommRequest;
import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.conformance.ArrayBuffers;

/**
 * What a communicator creation costs, beside a raw baseline measured in the same run: per
 * iteration, {@code dup()} + {@code close()} (the context agreement: two all-gathers of one int,
 * as a state machine on started rounds, waited for), {@code idup()} + wait + {@code close()}, and
 * the baseline, two blocking {@code allGather}s of one int each on the parent (the same messages
 * without the agreement's bookkeeping). The three are interleaved in blocks of {@code block}
 * iterations; medians over the blocks of the per-iteration time, rank 0's view.
 *
 * <pre>
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp ... io.rankwire.bench.DupCost \
 *     [transport] [ranks] [blocks] [block]
 * </pre>
 */
public final class DupCost
{
    private DupCost()
    {
    }

    public static void main(final String[] args)
    {
        final String transport = args.length > 0 ? args[0] : "sim";
        final int n = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        final int blocks = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        final int block = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        LocalJob.run(n, transport, new RankwireConfig(), java.time.Duration.ofMinutes(20), rw ->
        {
            final Comm w = rw.world();
            final long[][] ns = new long[3][blocks];
            for (int b = -2; b < blocks; b++)   // two blocks of warm-up
            {
                for (int kind = 0; kind < 3; kind++)
                {
                    w.barrier();
                    final long t0 = System.nanoTime();
                    for (int i = 0; i < block; i++)
                    {
                        once(w, kind);
                    }
                    final long per = (System.nanoTime() - t0) / block;
                    if (b >= 0)
                    {
                        ns[kind][b] = per;
                    }
                }
            }
            if (w.rank() == 0)
            {
                final long dup = median(ns[0]);
                final long idup = median(ns[1]);
                final long base = median(ns[2]);
                System.out.printf("%s n=%d: dup+close %d ns, idup+wait+close %d ns, 2 x allGather(1 int) %d ns; " +
                    "dup/base %.2f, idup/base %.2f%n", transport, n, dup, idup, base, (double)dup / base, (double)idup / base);
            }
        });
    }

    private static void once(final Comm w, final int kind)
    {
        if (kind == 0)
        {
            w.dup().close();
        }
        else if (kind == 1)
        {
            final CommRequest<Comm> r = w.idup();
            r.await();
            r.comm().close();
        }
        else
        {
            final int[] all = new int[w.size()];
            w.allGather(ArrayBuffers.of(new int[] {w.rank()}, 0, 1), ArrayBuffers.blocks(all, 0, 1, w.size()));
            w.allGather(ArrayBuffers.of(new int[] {w.rank()}, 0, 1), ArrayBuffers.blocks(all, 0, 1, w.size()));
        }
    }

    private static long median(final long[] values)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
