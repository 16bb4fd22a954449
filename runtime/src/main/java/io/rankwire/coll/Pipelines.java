package io.rankwire.coll;

/**
 * Segmented (pipelined) broadcast for long messages: the buffer is cut into segments of
 * {@code segment} elements that travel down a tree one after the other, so every hop of the
 * tree works at once on a different segment, while the bytes moved stay those of a plain tree
 * broadcast ({@code (n - 1) * size}). Two trees:
 *
 * <pre>
 *   chain:     root -> r+1 -> r+2 -> ... -> r+n-1     each rank receives and forwards once
 *   binomial:  the tree of Trees.bcastBinomial        inner ranks forward to up to log2(n) children
 *
 *   time --->      seg0   seg1   seg2   seg3
 *   root->1        ####   ####   ####   ####
 *   1->2                  ####   ####   ####   ####
 *   2->3                         ####   ####   ####   ####
 * </pre>
 *
 * In rounds: the root sends segment k to its children in round k; every other rank receives
 * segment 0 in its first round, then in each round receives the next segment while it forwards
 * the one before, so a segment's receive is always posted while the previous one is forwarded,
 * and a rank has one receive and one send per child in flight.
 */
final class Pipelines
{
    private Pipelines()
    {
    }

    /** Broadcasts {@code buf[off, off + count)} from {@code root} in segments of {@code segment} elements. */
    static void bcast(
        final Plan p, final Object buf, final int off, final int count, final int root, final int segment,
        final boolean chain)
    {
        final int n = p.size();
        final int me = p.rank();
        final int rel = Math.floorMod(me - root, n);
        final int segs = (int)(((long)count + segment - 1) / segment);
        final int[] children = new int[32];
        final int parent;
        int k = 0;
        if (chain)
        {
            parent = rel == 0 ? -1 : Math.floorMod(me - 1, n);
            if (rel + 1 < n)
            {
                children[k++] = (me + 1) % n;
            }
        }
        else
        {
            parent = rel == 0 ? -1 : Gathers.parent(me, rel, n);
            for (int mask = Integer.highestOneBit(Gathers.subtree(rel, n) - 1); mask > 0; mask >>= 1)
            {
                children[k++] = (me + mask) % n;
            }
        }
        for (int seg = 0; seg <= segs; seg++)
        {
            if (parent >= 0 && seg < segs)
            {
                p.recv(buf, off + seg * segment, len(seg, segment, count), parent);
            }
            final int forward = parent >= 0 ? seg - 1 : seg;
            if (forward >= 0 && forward < segs)
            {
                for (int c = 0; c < k; c++)
                {
                    p.send(buf, off + forward * segment, len(forward, segment, count), children[c]);
                }
            }
            p.round();
        }
    }

    private static int len(final int s, final int segment, final int count)
    {
        return (int)Math.min(segment, count - (long)s * segment);
    }
}
