package io.rankwire.coll;


/**
 * Rabenseifner's reduce for long messages and commutative ops: a reduce-scatter by recursive
 * halving leaves each of the {@code pof2} participating ranks with one reduced block, then a
 * binomial gather that retraces the halving steps backwards collects the blocks at the root.
 * Every rank sends about one buffer in all, against {@code log2(n)} buffers through the root of
 * a binomial reduce.
 *
 * <pre>
 *   pof2 = 4, blocks B0..B3, root 0 (ranks as renumbered after folding)
 *   halving, step 1: 0,2 keep [B0 B1]  1,3 keep [B2 B3]   (partners 0-1, 2-3)
 *   halving, step 2: 0 keeps B0, 2 B1, 1 B2, 3 B3         (partners 0-2, 1-3)
 *   gather,  step 2: 2 -> 0 (B1), 3 -> 1 (B3)
 *   gather,  step 1: 1 -> 0 (B2 B3); rank 0 holds B0..B3
 * </pre>
 *
 * Non-powers of two fold the extra ranks in first, as {@link AllReduces} does; when the root is
 * one of the folded-out ranks, its odd neighbour collects the result and passes it on. In rounds
 * of a {@link Plan}: each halving step is one exchange into a temporary array, reduced in at
 * the start of the next round; each gather step one message.
 */
final class Reduces
{
    private Reduces()
    {
    }

    /** Reduces {@code work[off, off + count)} (this rank's contribution, overwritten) to {@code root}. */
    static void rabenseifner(final Plan p, final Reduction op, final Object work, final int off, final int count, final int root)
    {
        final int n = p.size();
        final int me = p.rank();
        final int pof2 = Integer.highestOneBit(n);
        final int rem = n - pof2;
        final int[] cnts = new int[pof2];
        final int[] disps = new int[pof2 + 1];
        Rings.blocks(count, off, pof2, cnts, disps);
        disps[pof2] = off + count;
        final Object tmp = Bufs.alloc(work, count);
        final int newroot = root < 2 * rem ? root / 2 : root - rem;
        final int collector = AllReduces.actual(newroot, rem);
        final int newrank = AllReduces.foldIn(p, op, work, off, count, tmp, rem);
        if (newrank >= 0)
        {
            halveAndGather(p, op, work, tmp, disps, newrank, newroot, rem, pof2);
        }
        if (collector != root)
        {
            if (me == collector)
            {
                p.send(work, off, count, root).round();
            }
            else if (me == root)
            {
                p.recv(work, off, count, collector).round();
            }
        }
    }

    private static void halveAndGather(
        final Plan p, final Reduction op, final Object work, final Object tmp, final int[] disps,
        final int newrank, final int newroot, final int rem, final int pof2)
    {
        final int steps = Integer.numberOfTrailingZeros(pof2);
        final int[] beforeLo = new int[steps];
        final int[] beforeHi = new int[steps];
        int lo = 0;
        int hi = pof2;
        for (int k = 0; k < steps; k++)
        {
            final int mask = 1 << k;
            final int dst = AllReduces.actual(newrank ^ mask, rem);
            final int mid = (lo + hi) >>> 1;
            final boolean lower = (newrank & mask) == 0;
            final int keepLo = lower ? lo : mid;
            final int keepHi = lower ? mid : hi;
            final int sendLo = lower ? mid : lo;
            final int sendHi = lower ? hi : mid;
            final int keepCnt = disps[keepHi] - disps[keepLo];
            p.recv(tmp, 0, keepCnt, dst).send(work, disps[sendLo], disps[sendHi] - disps[sendLo], dst).round();
            p.reduce(op, tmp, 0, work, disps[keepLo], keepCnt);
            beforeLo[k] = lo;
            beforeHi[k] = hi;
            lo = keepLo;
            hi = keepHi;
        }
        for (int k = steps - 1; k >= 0; k--)
        {
            final int mask = 1 << k;
            final int dst = AllReduces.actual(newrank ^ mask, rem);
            if (((newrank ^ newroot) & mask) != 0)
            {
                p.send(work, disps[lo], disps[hi] - disps[lo], dst).round();
                return;
            }
            final int otherLo = lo == beforeLo[k] ? hi : beforeLo[k];
            final int otherHi = lo == beforeLo[k] ? beforeHi[k] : lo;
            p.recv(work, disps[otherLo], disps[otherHi] - disps[otherLo], dst).round();
            lo = beforeLo[k];
            hi = beforeHi[k];
        }
    }
}
