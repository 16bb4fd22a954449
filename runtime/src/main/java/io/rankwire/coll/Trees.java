package io.rankwire.coll;


/**
 * Tree algorithms: binomial broadcast, van de Geijn broadcast (binomial scatter, then ring
 * allgather) and binomial reduce. Ranks are renumbered relative to the root.
 */
final class Trees
{
    private Trees()
    {
    }

    static void bcastBinomial(final Channel ch, final Object buf, final int off, final int count, final int root)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final int rel = Math.floorMod(me - root, n);
        int mask = 1;
        while (mask < n)
        {
            if ((rel & mask) != 0)
            {
                ch.recv(buf, off, count, Math.floorMod(me - mask, n));
                break;
            }
            mask <<= 1;
        }
        final io.rankwire.core.Operation[] sends = new io.rankwire.core.Operation[32];
        int k = 0;
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            if (rel + mask < n)
            {
                sends[k++] = ch.isend(buf, off, count, (me + mask) % n);
            }
        }
        for (int i = 0; i < k; i++)
        {
            ch.await(sends[i]);
        }
    }

    /** Broadcast for long messages: scatter n blocks down a binomial tree, then a ring allgather. */
    static void bcastScatterAllgather(final Channel ch, final Object buf, final int off, final int count, final int root)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final int rel = Math.floorMod(me - root, n);
        final int ss = (int)(((long)count + n - 1) / n);
        int mask = 1;
        while (mask < n)
        {
            if ((rel & mask) != 0)
            {
                final int lo = clip(rel, ss, count);
                final int hi = clip(Math.min(rel + mask, n), ss, count);
                ch.recv(buf, off + lo, hi - lo, Math.floorMod(me - mask, n));
                break;
            }
            mask <<= 1;
        }
        final io.rankwire.core.Operation[] sends = new io.rankwire.core.Operation[32];
        int k = 0;
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            final int child = rel + mask;
            if (child < n)
            {
                final int lo = clip(child, ss, count);
                final int hi = clip(Math.min(child + mask, n), ss, count);
                sends[k++] = ch.isend(buf, off + lo, hi - lo, (me + mask) % n);
            }
        }
        for (int i = 0; i < k; i++)
        {
            ch.await(sends[i]);
        }
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int b = 0; b < n; b++)
        {
            displs[b] = off + clip(b, ss, count);
            counts[b] = clip(b + 1, ss, count) - clip(b, ss, count);
        }
        Rings.allGather(ch, buf, counts, displs, root);
    }

    private static int clip(final int block, final int blockSize, final int count)
    {
        return (int)Math.min(count, (long)block * blockSize);
    }

    /**
     * Binomial reduce of {@code work[off, off + count)} (this rank's contribution, overwritten);
     * the result ends in {@code work} at {@code root}. A non-commutative op is reduced in rank
     * order towards rank 0, which then passes the result to the root.
     */
    static void reduceBinomial(
        final Channel ch, final Reduction op, final Object work, final int off, final int count, final int root)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final boolean commutative = op.isCommutative();
        final int lroot = commutative ? root : 0;
        final int rel = Math.floorMod(me - lroot, n);
        final Object tmp = Bufs.alloc(work, count);
        for (int mask = 1; mask < n; mask <<= 1)
        {
            if ((rel & mask) == 0)
            {
                final int srcRel = rel | mask;
                if (srcRel < n)
                {
                    ch.recv(tmp, 0, count, (srcRel + lroot) % n);
                    if (commutative)
                    {
                        op.apply(tmp, 0, work, off, count);
                    }
                    else
                    {
                        op.apply(work, off, tmp, 0, count);
                        Bufs.copy(tmp, 0, work, off, count);
                    }
                }
            }
            else
            {
                ch.send(work, off, count, ((rel & ~mask) + lroot) % n);
                break;
            }
        }
        if (lroot != root)
        {
            if (me == lroot)
            {
                ch.send(work, off, count, root);
            }
            else if (me == root)
            {
                ch.recv(work, off, count, lroot);
            }
        }
    }
}
