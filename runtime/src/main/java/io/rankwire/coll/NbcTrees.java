package io.rankwire.coll;

/**
 * Schedules of the rooted and synchronising nonblocking collectives: dissemination barrier,
 * binomial broadcast, binomial reduce. Each adds its rounds to a {@link Schedule}; nothing moves
 * until the schedule starts.
 */
final class NbcTrees
{
    private NbcTrees()
    {
    }

    /** Dissemination: the engine's barrier ({@link io.rankwire.core.Rounds#barrier()}), as a schedule. */
    static void barrier(final Schedule s)
    {
        s.barrier();
    }

    /**
     * Binomial tree on ranks relative to the root: receive from the parent
     * ({@code rel - lowbit(rel)}), then send to every child ({@code rel + 2^j}, largest first)
     * in one round.
     */
    static void bcast(final Schedule s, final Object buf, final int off, final int count, final int root)
    {
        final int n = s.size();
        final int rel = Math.floorMod(s.rank() - root, n);
        int mask = 1;
        while (mask < n && (rel & mask) == 0)
        {
            mask <<= 1;
        }
        if (rel != 0)
        {
            s.recv(buf, off, count, (rel - mask + root) % n).round();
        }
        for (int m = mask >> 1; m > 0; m >>= 1)
        {
            if (rel + m < n)
            {
                s.send(buf, off, count, (rel + m + root) % n);
            }
        }
        s.round();
    }

    /**
     * Binomial reduce of {@code work[off, + count)} (this rank's contribution, overwritten)
     * towards {@code root}: one child's data per round, folded in at the start of the next. A
     * non-commutative op is reduced in rank order towards rank 0, which passes the result on to
     * the root; at the root {@code work} may differ from {@code result} only then.
     *
     * @param result where the root's result goes ({@code work} itself unless reduced at rank 0 first)
     */
    static void reduce(
        final Schedule s, final Reduction op, final Object work, final int off, final int count, final int root,
        final Object result, final int resultOff)
    {
        final int n = s.size();
        final int me = s.rank();
        final int lroot = op.isCommutative() ? root : 0;
        final int rel = Math.floorMod(me - lroot, n);
        final Object tmp = Bufs.alloc(work, count);
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
                        fold(s, op, tmp, work, off, count);
                    }
                    s.recv(tmp, 0, count, (child + lroot) % n).round();
                    pending = true;
                }
            }
            else
            {
                if (pending)
                {
                    fold(s, op, tmp, work, off, count);
                    pending = false;
                }
                s.send(work, off, count, ((rel & ~mask) + lroot) % n).round();
                break;
            }
        }
        if (pending)
        {
            fold(s, op, tmp, work, off, count);
            s.round();
        }
        if (lroot != root)
        {
            if (me == lroot)
            {
                s.send(work, off, count, root).round();
            }
            else if (me == root)
            {
                s.recv(result, resultOff, count, lroot).round();
            }
        }
    }

    /** {@code work = work op child}, the child's data ({@code tmp}) covering higher ranks. */
    static void fold(final Schedule s, final Reduction op, final Object tmp, final Object work, final int off, final int count)
    {
        if (op.isCommutative())
        {
            s.reduce(op, tmp, 0, work, off, count);
        }
        else
        {
            s.reduce(op, work, off, tmp, 0, count).copy(tmp, 0, work, off, count);
        }
    }
}
