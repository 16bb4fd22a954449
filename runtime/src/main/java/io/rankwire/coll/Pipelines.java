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
 * A rank keeps up to {@link #WINDOW} receives posted ahead and at most {@link #WINDOW} sends per
 * child in flight, so memory for operations stays bounded whatever the message size.
 */
final class Pipelines
{
    static final int WINDOW = 8;

    private Pipelines()
    {
    }

    /** Broadcasts {@code buf[off, off + count)} from {@code root} in segments of {@code segment} elements. */
    static void bcast(
        final Channel ch, final Object buf, final int off, final int count, final int root, final int segment,
        final boolean chain)
    {
        final int n = ch.size();
        final int me = ch.rank();
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
        run(ch, buf, off, count, segment, segs, parent, children, k);
    }

    private static void run(
        final Channel ch, final Object buf, final int off, final int count, final int segment, final int segs,
        final int parent, final int[] children, final int k)
    {
        final io.rankwire.core.Operation[] recvs = new io.rankwire.core.Operation[WINDOW];
        final io.rankwire.core.Operation[] sends = new io.rankwire.core.Operation[WINDOW * Math.max(1, k)];
        int posted = 0;
        for (int s = 0; s < segs; s++)
        {
            if (parent >= 0)
            {
                while (posted < segs && posted < s + WINDOW)
                {
                    recvs[posted % WINDOW] = ch.irecv(buf, off + posted * segment, len(posted, segment, count), parent);
                    posted++;
                }
                ch.await(recvs[s % WINDOW]);
            }
            for (int c = 0; c < k; c++)
            {
                final int slot = (s % WINDOW) * k + c;
                if (sends[slot] != null)
                {
                    ch.await(sends[slot]);
                }
                sends[slot] = ch.isend(buf, off + s * segment, len(s, segment, count), children[c]);
            }
        }
        for (final io.rankwire.core.Operation op : sends)
        {
            if (op != null)
            {
                ch.await(op);
            }
        }
    }

    private static int len(final int s, final int segment, final int count)
    {
        return (int)Math.min(segment, count - (long)s * segment);
    }
}
