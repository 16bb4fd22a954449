package io.rankwire.coll;

/**
 * Schedules of the nonblocking all-reduce (recursive doubling, or a ring for large vectors of a
 * commutative op) and prefix reductions. A round exchanges data into a temporary array; the
 * reduction of what came in is the first step of the next round, before the result is sent on,
 * so the order of reduction is the blocking algorithms' (rank order for non-commutative ops).
 */
final class NbcReductions
{
    private NbcReductions()
    {
    }

    /**
     * Recursive doubling over {@code acc[off, + count)} (this rank's contribution, replaced by the
     * result). With {@code n} not a power of two, of the first {@code 2 * rem} ranks the even ones
     * hand their data to the odd one above and get the result back at the end (MPICH's folding).
     */
    static void recursiveDoubling(final Schedule s, final Reduction op, final Object acc, final int off, final int count)
    {
        final int n = s.size();
        final int me = s.rank();
        final int pof2 = Integer.highestOneBit(n);
        final int rem = n - pof2;
        final Object tmp = Bufs.alloc(acc, count);
        final int newRank;
        if (me < 2 * rem)
        {
            if ((me & 1) == 0)
            {
                s.send(acc, off, count, me + 1).round();
                newRank = -1;
            }
            else
            {
                s.recv(tmp, 0, count, me - 1).round();
                s.reduce(op, tmp, 0, acc, off, count);   // the lower rank's data on the left
                newRank = me >> 1;
            }
        }
        else
        {
            newRank = me - rem;
        }
        if (newRank >= 0)
        {
            for (int mask = 1; mask < pof2; mask <<= 1)
            {
                final int newDst = newRank ^ mask;
                final int dst = newDst < rem ? newDst * 2 + 1 : newDst + rem;
                s.send(acc, off, count, dst).recv(tmp, 0, count, dst).round();
                if (dst < me || op.isCommutative())
                {
                    s.reduce(op, tmp, 0, acc, off, count);
                }
                else
                {
                    s.reduce(op, acc, off, tmp, 0, count).copy(tmp, 0, acc, off, count);
                }
            }
            s.round();
        }
        if (me < 2 * rem)
        {
            if ((me & 1) == 0)
            {
                s.recv(acc, off, count, me + 1).round();
            }
            else
            {
                s.send(acc, off, count, me - 1).round();
            }
        }
    }

    /**
     * Ring: a reduce-scatter of n blocks (n - 1 rounds, each sending one block right and folding
     * the block that came from the left), then an all-gather of the reduced blocks (n - 1 rounds,
     * straight into {@code acc}). For commutative ops; needs {@code count >= n}.
     */
    static void ring(final Schedule s, final Reduction op, final Object acc, final int off, final int count)
    {
        final int n = s.size();
        final int me = s.rank();
        final int right = (me + 1) % n;
        final int left = (me - 1 + n) % n;
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int b = 0; b < n; b++)
        {
            counts[b] = count / n + (b < count % n ? 1 : 0);
            displs[b] = b == 0 ? off : displs[b - 1] + counts[b - 1];
        }
        final Object tmp = Bufs.alloc(acc, counts[0]);
        for (int step = 0; step < n - 1; step++)
        {
            if (step > 0)
            {
                final int got = Math.floorMod(me - step, n);
                s.reduce(op, tmp, 0, acc, displs[got], counts[got]);
            }
            final int out = Math.floorMod(me - step, n);
            final int in = Math.floorMod(me - step - 1, n);
            s.send(acc, displs[out], counts[out], right).recv(tmp, 0, counts[in], left).round();
        }
        final int last = (me + 1) % n;
        s.reduce(op, tmp, 0, acc, displs[last], counts[last]);
        for (int step = 0; step < n - 1; step++)
        {
            final int out = Math.floorMod(me + 1 - step, n);
            final int in = Math.floorMod(me - step, n);
            s.send(acc, displs[out], counts[out], right).recv(acc, displs[in], counts[in], left).round();
        }
    }

    /**
     * Prefix reduction by recursive doubling (as {@link Scans}): each round swaps the partial
     * result with {@code me ^ 2^k}; what comes from below is folded in on the left.
     *
     * @param partial a private copy of this rank's contribution (overwritten)
     */
    static void scan(
        final Schedule s, final Reduction op, final Object partial, final Object recv, final int recvOff, final int count,
        final boolean exclusive)
    {
        final int n = s.size();
        final int me = s.rank();
        final Object tmp = Bufs.alloc(partial, count);
        boolean haveResult = !exclusive;
        for (int mask = 1; mask < n; mask <<= 1)
        {
            final int dst = me ^ mask;
            if (dst >= n)
            {
                continue;
            }
            s.send(partial, 0, count, dst).recv(tmp, 0, count, dst).round();
            if (me > dst)
            {
                s.reduce(op, tmp, 0, partial, 0, count);
                if (haveResult)
                {
                    s.reduce(op, tmp, 0, recv, recvOff, count);
                }
                else
                {
                    s.copy(tmp, 0, recv, recvOff, count);
                    haveResult = true;
                }
            }
            else if (op.isCommutative())
            {
                s.reduce(op, tmp, 0, partial, 0, count);
            }
            else
            {
                s.reduce(op, partial, 0, tmp, 0, count).copy(tmp, 0, partial, 0, count);
            }
        }
        s.round();
    }
}
