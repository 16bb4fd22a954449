package io.rankwire.coll;

/**
 * The plans of one communicator's reducing collectives: reduce, all-reduce, reduce-scatter
 * and the prefix reductions. Each method checks its arguments, the op against the buffer's type
 * and count included ({@link Reduction#check}), before the call takes its tag; copies the send
 * data (into the receive buffer or a private array) so that only the receive buffer belongs to
 * the call afterwards; chooses the algorithm ({@link Choices}); and returns the call's
 * {@link Plan}, not started: a blocking call runs it, a nonblocking one starts it.
 */
final class Reductions
{
    private final CollContext ctx;

    Reductions(final CollContext ctx)
    {
        this.ctx = ctx;
    }

    private int n()
    {
        return ctx.group.size();
    }

    private int me()
    {
        return ctx.group.rank();
    }

    /** Binomial tree or, by {@code reduce.*}, Rabenseifner's reduce; the result in {@code recv} at the root. */
    Plan reduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final int root)
    {
        final boolean isRoot = me() == ctx.root(root);
        final boolean inPlace = send == Collectives.IN_PLACE;
        if (inPlace && !isRoot)
        {
            throw new IllegalArgumentException("sendBuf : IN_PLACE (expected: IN_PLACE only at the root)");
        }
        final Object work;
        final int workOff;
        if (isRoot)
        {
            Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
            op.check(recv, count);
            if (!inPlace)
            {
                Bufs.copy(send, sendOff, recv, recvOff, count);
            }
            work = recv;
            workOff = recvOff;
        }
        else
        {
            Bufs.check(send, sendOff, count, "sendBuf");
            Checks.op(op);
            op.check(send, count);
            work = Bufs.alloc(send, count);
            workOff = 0;
            Bufs.copy(send, sendOff, work, 0, count);
        }
        final Plan p = ctx.plan();
        if (n() > 1 && Choices.reduceRabenseifner(ctx.settings, count, Bufs.elemSize(work), n(), op))
        {
            Reduces.rabenseifner(p, op, work, workOff, count, root);
        }
        else if (n() > 1)
        {
            Trees.reduceBinomial(p, op, work, workOff, count, root, recv, recvOff);
        }
        return p;
    }

    /** Recursive doubling, Rabenseifner or the ring ({@link Choices#allReduce}); the send data is copied into {@code recv} first. */
    Plan allReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        final boolean inPlace = send == Collectives.IN_PLACE;
        Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
        op.check(recv, count);
        if (!inPlace)
        {
            Bufs.copy(send, sendOff, recv, recvOff, count);
        }
        final Plan p = ctx.plan();
        if (n() > 1)
        {
            switch (Choices.allReduce(ctx.settings, count, Bufs.elemSize(recv), n(), op))
            {
                case RABENSEIFNER:
                    AllReduces.rabenseifner(p, op, recv, recvOff, count);
                    break;
                case RING:
                    AllReduces.ring(p, op, recv, recvOff, count);
                    break;
                default:
                    AllReduces.recursiveDoubling(p, op, recv, recvOff, count);
                    break;
            }
        }
        return p;
    }

    /**
     * Reduces {@code sum(counts)} elements and leaves block r (of {@code counts[r]} elements) at
     * rank r: a ring reduce-scatter for commutative element-wise ops; otherwise a binomial reduce
     * of the whole vector to rank 0 (in rank order), then a linear scatter of the blocks. In
     * place: the input is {@code recv[recvOff, + sum(counts))}, the result goes to its start.
     */
    Plan reduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        final int n = n();
        final int me = me();
        if (counts.length != n)
        {
            throw new IllegalArgumentException("counts.length : " + counts.length + " (expected: " + n + ")");
        }
        long total = 0;
        for (final int c : counts)
        {
            Checks.count(c, c);
            total += c;
        }
        final boolean inPlace = send == Collectives.IN_PLACE;
        final Object input = inPlace ? recv : send;
        final int inputOff = inPlace ? recvOff : sendOff;
        Bufs.check(input, inputOff, total, inPlace ? "recvBuf" : "sendBuf");
        Checks.reduceBufs(input, inputOff, recv, recvOff, counts[me], op);
        op.check(recv, (int)total);
        for (int r = 0; r < n && op.isPairwise(); r++)
        {
            op.check(recv, counts[r]);   // every block whole (value, index) pairs
        }
        final Object work = Bufs.alloc(input, (int)total);
        Bufs.copy(input, inputOff, work, 0, (int)total);
        final int[] displs = new int[n];
        for (int r = 1; r < n; r++)
        {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        final Plan p = ctx.plan();
        if (n > 1 && op.isCommutative() && !op.isPairwise())
        {
            Rings.reduceScatter(p, op, work, counts, displs);
            p.copy(work, displs[me], recv, recvOff, counts[me]);
        }
        else
        {
            if (n > 1)
            {
                Trees.reduceBinomial(p, op, work, 0, (int)total, 0, work, 0);
            }
            Linear.scatterv(p, work, counts, displs, recv, recvOff, counts[me], 0, false);
        }
        return p;
    }

    Plan reduceScatterBlock(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        final int[] counts = new int[n()];
        java.util.Arrays.fill(counts, count);
        return reduceScatter(send, sendOff, recv, recvOff, counts, op);
    }

    /** Inclusive (or, with {@code exclusive}, exclusive) prefix reduction by recursive doubling; rank 0's exclusive result is left untouched. */
    Plan scan(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op,
        final boolean exclusive)
    {
        final boolean inPlace = send == Collectives.IN_PLACE;
        Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
        op.check(recv, count);
        final Object mine = inPlace ? recv : send;
        final int mineOff = inPlace ? recvOff : sendOff;
        final Object partial = Bufs.alloc(recv, count);
        Bufs.copy(mine, mineOff, partial, 0, count);
        if (!exclusive)
        {
            Bufs.copy(mine, mineOff, recv, recvOff, count);
        }
        final Plan p = ctx.plan();
        Scans.scan(p, op, partial, recv, recvOff, count, exclusive);
        return p;
    }
}
