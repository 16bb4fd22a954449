package io.rankwire.coll;

/**
 * The nonblocking collectives of one communicator. Each call checks its arguments, takes the
 * communicator's next collective tag (the count blocking calls use too, so blocking and
 * nonblocking calls may follow each other in any order every member keeps), builds its
 * {@link Schedule} and starts it; the returned schedule progresses with the engine (see
 * {@link Schedule}). Buffers and {@link Collectives#IN_PLACE} are as for the blocking calls; the
 * send data of reductions is copied when the call starts, so only the receive buffer must be
 * left alone until the schedule is done.
 */
public final class Nonblocking
{
    private final CollContext ctx;

    Nonblocking(final CollContext ctx)
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

    public Schedule ibarrier()
    {
        final Schedule s = ctx.schedule();
        NbcTrees.barrier(s);
        return s.start();
    }

    public Schedule ibcast(final Object buf, final int off, final int count, final int root)
    {
        Bufs.check(buf, off, count, "buffer");
        ctx.root(root);
        final Schedule s = ctx.schedule();
        if (n() > 1)
        {
            NbcTrees.bcast(s, buf, off, count, root);
        }
        return s.start();
    }

    public Schedule ireduce(
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
        final Schedule s = ctx.schedule();
        if (n() > 1)
        {
            NbcTrees.reduce(s, op, work, workOff, count, root, recv, recvOff);
        }
        return s.start();
    }

    /** The send data is copied into {@code recv} before this returns. */
    public Schedule iallReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        final boolean inPlace = send == Collectives.IN_PLACE;
        Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
        op.check(recv, count);
        if (!inPlace)
        {
            Bufs.copy(send, sendOff, recv, recvOff, count);
        }
        final Schedule s = ctx.schedule();
        if (n() > 1 && ring(count, Bufs.elemSize(recv), op))
        {
            NbcReductions.ring(s, op, recv, recvOff, count);
        }
        else if (n() > 1)
        {
            NbcReductions.recursiveDoubling(s, op, recv, recvOff, count);
        }
        return s.start();
    }

    /**
     * The ring for commutative element-wise ops on at least one element per rank, from
     * {@code allReduce.largeBytes} (or when a block-splitting algorithm is forced); recursive
     * doubling otherwise.
     */
    private boolean ring(final int count, final int elemSize, final Reduction op)
    {
        if (!op.isCommutative() || op.isPairwise() || count < n())
        {
            return false;
        }
        final CollSettings.AllReduce forced = ctx.settings.allReduce;
        if (forced != CollSettings.AllReduce.AUTO)
        {
            return forced != CollSettings.AllReduce.RECURSIVEDOUBLING;
        }
        return (long)count * elemSize >= ctx.settings.allReduceLargeBytes;
    }

    public Schedule igatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        final boolean inPlace = Checks.gatherv(n(), me() == ctx.root(root), send, sendOff, sendCount, recv, counts, displs, root);
        final Schedule s = ctx.schedule();
        NbcMoves.gatherv(s, send, sendOff, sendCount, recv, counts, displs, root, inPlace);
        return s.start();
    }

    public Schedule igather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        return igatherv(send, sendOff, count, recv, filled(count), blockDispls(recvOff, count), root);
    }

    public Schedule iscatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        final boolean inPlace = Checks.scatterv(n(), me() == ctx.root(root), send, counts, displs, recv, recvOff, recvCount, root);
        final Schedule s = ctx.schedule();
        NbcMoves.scatterv(s, send, counts, displs, recv, recvOff, recvCount, root, inPlace);
        return s.start();
    }

    public Schedule iscatter(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        return iscatterv(send, filled(count), blockDispls(sendOff, count), recv, recvOff, count, root);
    }

    public Schedule iallGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        Checks.blocks(n(), recv, counts, displs, "recvBuf");
        final boolean inPlace = send == Collectives.IN_PLACE;
        if (!inPlace)
        {
            Bufs.check(send, sendOff, sendCount, "sendBuf");
            Bufs.sameType(send, recv);
            Checks.count(sendCount, counts[me()]);
        }
        final Schedule s = ctx.schedule();
        if (!inPlace)
        {
            s.copy(send, sendOff, recv, displs[me()], sendCount).round();
        }
        NbcMoves.allGatherv(s, recv, counts, displs);
        return s.start();
    }

    public Schedule iallGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        return iallGatherv(send, sendOff, count, recv, filled(count), blockDispls(recvOff, count));
    }

    public Schedule iallToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        Checks.blocks(n(), send, sCounts, sDispls, "sendBuf");
        Checks.blocks(n(), recv, rCounts, rDispls, "recvBuf");
        Bufs.sameType(send, recv);
        Checks.count(sCounts[me()], rCounts[me()]);
        final Schedule s = ctx.schedule();
        NbcMoves.allToAllv(s, send, sCounts, sDispls, recv, rCounts, rDispls);
        return s.start();
    }

    public Schedule iallToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int[] counts = filled(count);
        return iallToAllv(send, counts, blockDispls(sendOff, count), recv, counts, blockDispls(recvOff, count));
    }

    /**
     * Reduces {@code sum(counts)} elements and leaves block r at rank r: a binomial reduce of the
     * whole vector to rank 0 (in rank order), then a linear scatter of the blocks, as libNBC does.
     * In place: the input is {@code recv[recvOff, + sum(counts))}, the result goes to its start.
     */
    public Schedule ireduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        if (counts.length != n())
        {
            throw new IllegalArgumentException("counts.length : " + counts.length + " (expected: " + n() + ")");
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
        Checks.reduceBufs(input, inputOff, recv, recvOff, counts[me()], op);
        op.check(recv, (int)total);
        for (final int c : counts)
        {
            op.check(recv, c);
        }
        final Object work = Bufs.alloc(input, (int)total);
        Bufs.copy(input, inputOff, work, 0, (int)total);
        final int[] displs = blockDispls(0, counts);
        final Schedule s = ctx.schedule();
        if (n() > 1)
        {
            NbcTrees.reduce(s, op, work, 0, (int)total, 0, work, 0);
        }
        NbcMoves.scatterv(s, work, counts, displs, recv, recvOff, counts[me()], 0, false);
        return s.start();
    }

    public Schedule ireduceScatterBlock(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        return ireduceScatter(send, sendOff, recv, recvOff, filled(count), op);
    }

    /** Inclusive (or, with {@code exclusive}, exclusive) prefix reduction; rank 0's exclusive result is left untouched. */
    public Schedule iscan(
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
        final Schedule s = ctx.schedule();
        NbcReductions.scan(s, op, partial, recv, recvOff, count, exclusive);
        return s.start();
    }

    /**
     * One round with any peers (the neighbour collectives' schedule): a receive of
     * {@code rCounts[k]} elements from {@code sources[k]} at {@code recv[rDispls[k]]} for every k,
     * then a send of {@code sCounts[k]} elements at {@code send[sDispls[k]]} to {@code dests[k]},
     * all posted at once. Peers may repeat: messages between two ranks pair up in the order they
     * are listed at both ends.
     */
    public Schedule ineighborAllToAllv(
        final Object send, final int[] dests, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] sources, final int[] rCounts, final int[] rDispls)
    {
        peerBlocks(send, dests, sCounts, sDispls, "send");
        peerBlocks(recv, sources, rCounts, rDispls, "recv");
        if (dests.length > 0 && sources.length > 0)
        {
            Bufs.sameType(send, recv);
        }
        final Schedule s = ctx.schedule();
        for (int k = 0; k < sources.length; k++)
        {
            s.recv(recv, rDispls[k], rCounts[k], sources[k]);
        }
        for (int k = 0; k < dests.length; k++)
        {
            s.send(send, sDispls[k], sCounts[k], dests[k]);
        }
        return s.start();
    }

    private void peerBlocks(final Object buf, final int[] peers, final int[] counts, final int[] displs, final String side)
    {
        if (counts.length != peers.length || displs.length != peers.length)
        {
            throw new IllegalArgumentException(side + " counts/displs length : " + counts.length + "/" + displs.length +
                " (expected: " + peers.length + ", one per peer)");
        }
        for (int k = 0; k < peers.length; k++)
        {
            if (peers[k] < 0 || peers[k] >= n())
            {
                throw new IllegalArgumentException(side + " peer : " + peers[k] + " (expected: 0.." + (n() - 1) + ")");
            }
            Checks.count(counts[k], counts[k]);
            Bufs.check(buf, displs[k], counts[k], side + "Buf");
        }
    }

    private int[] filled(final int count)
    {
        final int[] a = new int[n()];
        java.util.Arrays.fill(a, count);
        return a;
    }

    private int[] blockDispls(final int off, final int count)
    {
        final int[] d = new int[n()];
        for (int r = 0; r < d.length; r++)
        {
            d[r] = off + r * count;
        }
        return d;
    }

    private static int[] blockDispls(final int off, final int[] counts)
    {
        final int[] d = new int[counts.length];
        for (int r = 0; r < d.length; r++)
        {
            d[r] = r == 0 ? off : d[r - 1] + counts[r - 1];
        }
        return d;
    }
}
