package io.rankwire.coll;


/**
 * Inclusive and exclusive prefix reductions by recursive doubling: in round k each rank swaps
 * its partial result (covering a contiguous run of ranks) with rank {@code me ^ 2^k}; results
 * from lower ranks are folded in on the left, so non-commutative ops stay in rank order.
 */
final class Scans
{
    private Scans()
    {
    }

    /**
     * @param mine      this rank's contribution ({@code mine[mineOff, + count)}, not modified)
     * @param recv      the result; for an inclusive scan it may be {@code mine} itself (in place)
     * @param exclusive true for exScan: rank 0's {@code recv} is left untouched
     */
    static void scan(
        final Channel ch, final Reduction op, final Object mine, final int mineOff,
        final Object recv, final int recvOff, final int count, final boolean exclusive)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final Object partial = Bufs.alloc(recv, count);
        final Object tmp = Bufs.alloc(recv, count);
        Bufs.copy(mine, mineOff, partial, 0, count);
        boolean haveResult = !exclusive;
        if (!exclusive)
        {
            Bufs.copy(mine, mineOff, recv, recvOff, count);
        }
        for (int mask = 1; mask < n; mask <<= 1)
        {
            final int dst = me ^ mask;
            if (dst >= n)
            {
                continue;
            }
            ch.sendrecv(partial, 0, count, dst, tmp, 0, count, dst);
            if (me > dst)
            {
                op.apply(tmp, 0, partial, 0, count);
                if (haveResult)
                {
                    op.apply(tmp, 0, recv, recvOff, count);
                }
                else
                {
                    Bufs.copy(tmp, 0, recv, recvOff, count);
                    haveResult = true;
                }
            }
            else if (op.isCommutative())
            {
                op.apply(tmp, 0, partial, 0, count);
            }
            else
            {
                op.apply(partial, 0, tmp, 0, count);
                Bufs.copy(tmp, 0, partial, 0, count);
            }
        }
    }
}
