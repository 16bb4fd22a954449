package io.rankwire.coll;

/**
 * Tree algorithms as rounds of a {@link Plan}: binomial broadcast, van de Geijn broadcast
 * (binomial scatter, then ring allgather) and binomial reduce. Ranks are renumbered relative to
 * the root ({@code rel = (me - root) mod n}); the parent of {@code rel} is {@code rel - lowbit(rel)},
 * its children {@code rel + 2^j} below its low bit.
 */
final class Trees
{
    private Trees()
    {
    }

    /** Receive from the parent, then send to every child (largest subtree first) in one round. */
    static void bcastBinomial(final Plan p, final Object buf, final int off, final int count, final int root)
    {
        final int n = p.size();
        final int me = p.rank();
        final int rel = Math.floorMod(me - root, n);
        final int mask = lowBit(rel, n);
        if (mask < n)
        {
            p.recv(buf, off, count, Math.floorMod(me - mask, n)).round();
        }
        for (int m = mask >> 1; m > 0; m >>= 1)
        {
            if (rel + m < n)
            {
                p.send(buf, off, count, (me + m) % n);
            }
        }
        p.round();
    }

    /**
     * Broadcast for long messages: the root's buffer cut into n blocks scattered down the
     * binomial tree (each rank receives its subtree's blocks in one message), then a ring
     * allgather of the blocks.
     */
    static void bcastScatterAllgather(final Plan p, final Object buf, final int off, final int count, final int root)
    {
        final int n = p.size();
        final int me = p.rank();
        final int rel = Math.floorMod(me - root, n);
        final int ss = (int)(((long)count + n - 1) / n);
        final int mask = lowBit(rel, n);
        if (mask < n)
        {
            final int lo = clip(rel, ss, count);
            final int hi = clip(Math.min(rel + mask, n), ss, count);
            p.recv(buf, off + lo, hi - lo, Math.floorMod(me - mask, n)).round();
        }
        for (int m = mask >> 1; m > 0; m >>= 1)
        {
            final int child = rel + m;
            if (child < n)
            {
                final int lo = clip(child, ss, count);
                final int hi = clip(Math.min(child + m, n), ss, count);
                p.send(buf, off + lo, hi - lo, (me + m) % n);
            }
        }
        p.round();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int b = 0; b < n; b++)
        {
            displs[b] = off + clip(b, ss, count);
            counts[b] = clip(b + 1, ss, count) - clip(b, ss, count);
        }
        Rings.allGather(p, buf, counts, displs, root);
    }

    /** The lowest set bit of relative rank {@code rel}, or the first power of two from {@code n} for the root. */
    private static int lowBit(final int rel, final int n)
    {
        int mask = 1;
        while (mask < n && (rel & mask) == 0)
        {
            mask <<= 1;
        }
        return mask;
    }

    private static int clip(final int block, final int blockSize, final int count)
    {
        return (int)Math.min(count, (long)block * blockSize);
    }

    /**
     * Binomial reduce of {@code work[off, + count)} (this rank's contribution, overwritten)
     * towards {@code root}: one child's data per round, folded in at the start of the next. A
     * non-commutative op is reduced in rank order towards rank 0, which passes the result on to
     * the root.
     *
     * @param result where the root's result goes when it comes from rank 0 ({@code work} itself
     *     when the root's contribution is in its result buffer)
     */
    static void reduceBinomial(
        final Plan p, final Reduction op, final Object work, final int off, final int count, final int root,
        final Object result, final int resultOff)
    {
        final int n = p.size();
        final int me = p.rank();
        final int lroot = op.isCommutative() ? root : 0;
        final int rel = Math.floorMod(me - lroot, n);
        Object tmp = null;   // a leaf has no child, and needs none
        boolean pending = false;
        for (int mask = 1; mask < n; mask <<= 1)
        {
            if ((rel & mask) == 0)
            {
                final int child = rel | mask;
                if (child < n)
                {
                    if (pending)
                    {
                        fold(p, op, tmp, work, off, count);
                    }
                    if (tmp == null)
                    {
                        tmp = Bufs.alloc(work, count);
                    }
                    p.recv(tmp, 0, count, (child + lroot) % n).round();
                    pending = true;
                }
            }
            else
            {
                if (pending)
                {
                    fold(p, op, tmp, work, off, count);
                    pending = false;
                }
                p.send(work, off, count, ((rel & ~mask) + lroot) % n).round();
                break;
            }
        }
        if (pending)
        {
            fold(p, op, tmp, work, off, count);
            p.round();
        }
        if (lroot != root)
        {
            if (me == lroot)
            {
                p.send(work, off, count, root).round();
            }
            else if (me == root)
            {
                p.recv(result, resultOff, count, lroot).round();
            }
        }
    }

    /** {@code work = work op child}, the child's data ({@code tmp}) covering higher ranks. */
    private static void fold(final Plan p, final Reduction op, final Object tmp, final Object work, final int off, final int count)
    {
        if (op.isCommutative())
        {
            p.reduce(op, tmp, 0, work, off, count);
        }
        else
        {
            p.reduce(op, work, off, tmp, 0, count).copy(tmp, 0, work, off, count);
        }
    }
}
