package io.rankwire.coll;


/**
 * Inclusive and exclusive prefix reductions by recursive doubling, as rounds of a
 * {@link Plan}: in round k each rank swaps its partial result (covering a contiguous run of
 * ranks) with rank {@code me ^ 2^k}; what comes from lower ranks is folded in on the left at the
 * start of the next round, so non-commutative ops stay in rank order (MPICH's partial-result
 * scheme).
 */
final class Scans
{
    private Scans()
    {
    }

    /**
     * @param partial   a private copy of this rank's contribution ({@code count} elements, overwritten)
     * @param recv      the result; for an inclusive scan it already holds this rank's contribution
     * @param exclusive true for exScan: rank 0's {@code recv} is left untouched
     */
    static void scan(
        final Plan p, final Reduction op, final Object partial, final Object recv, final int recvOff, final int count,
        final boolean exclusive)
    {
        final int n = p.size();
        final int me = p.rank();
        final Object tmp = n > 1 ? Bufs.alloc(partial, count) : null;
        boolean haveResult = !exclusive;
        for (int mask = 1; mask < n; mask <<= 1)
        {
            final int dst = me ^ mask;
            if (dst >= n)
            {
                continue;
            }
            p.recv(tmp, 0, count, dst).send(partial, 0, count, dst).round();
            if (me > dst)
            {
                p.reduce(op, tmp, 0, partial, 0, count);
                if (haveResult)
                {
                    p.reduce(op, tmp, 0, recv, recvOff, count);
                }
                else
                {
                    p.copy(tmp, 0, recv, recvOff, count);
                    haveResult = true;
                }
            }
            else if (op.isCommutative())
            {
                p.reduce(op, tmp, 0, partial, 0, count);
            }
            else
            {
                p.reduce(op, partial, 0, tmp, 0, count).copy(tmp, 0, partial, 0, count);
            }
        }
    }
}
