package io.rankwire.coll;

/**
 * The collectives that move data without reducing it: gather(v), scatter(v), allgather(v) and
 * all-to-all(v), each choosing its algorithm by size and group ({@link CollSettings}). Buffers
 * are primitive arrays with element offsets and counts, as in {@link Collectives}.
 */
public final class DataMovement
{
    private final CollContext ctx;

    DataMovement(final CollContext ctx)
    {
        this.ctx = ctx;
    }

    public void gather(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int n = ctx.group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = recvOff + r * count;
        }
        final boolean inPlace = Checks.gatherv(ctx.group.size(), ctx.group.rank() == ctx.root(root), send, sendOff, count, recv, counts, displs, root);
        final Channel ch = ctx.channel();
        if (Choices.tree(ctx.settings.gather, ctx.settings.gatherSmallBytes, count, Bufs.elemSize(inPlace ? recv : send), n))
        {
            Gathers.gatherBinomial(ch, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.gatherv(ch, send, sendOff, count, recv, counts, displs, root, inPlace);
        }
    }

    public void gatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        final boolean inPlace = Checks.gatherv(ctx.group.size(), ctx.group.rank() == ctx.root(root), send, sendOff, sendCount, recv, counts, displs, root);
        Linear.gatherv(ctx.channel(), send, sendOff, sendCount, recv, counts, displs, root, inPlace);
    }

    public void scatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int n = ctx.group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = sendOff + r * count;
        }
        final boolean inPlace = Checks.scatterv(ctx.group.size(), ctx.group.rank() == ctx.root(root), send, counts, displs, recv, recvOff, count, root);
        final Channel ch = ctx.channel();
        final Object typed = ctx.group.rank() == root ? send : recv;
        if (Choices.tree(ctx.settings.scatter, ctx.settings.scatterSmallBytes, count, Bufs.elemSize(typed), n))
        {
            Gathers.scatterBinomial(ch, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.scatterv(ch, send, counts, displs, recv, recvOff, count, root, inPlace);
        }
    }

    public void scatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        final boolean inPlace = Checks.scatterv(ctx.group.size(), ctx.group.rank() == ctx.root(root), send, counts, displs, recv, recvOff, recvCount, root);
        Linear.scatterv(ctx.channel(), send, counts, displs, recv, recvOff, recvCount, root, inPlace);
    }

    public void allGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int n = ctx.group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = recvOff + r * count;
        }
        allGatherv(send, sendOff, count, recv, counts, displs);
    }

    public void allGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        final int me = ctx.group.rank();
        Checks.blocks(ctx.group.size(), recv, counts, displs, "recvBuf");
        if (send != Collectives.IN_PLACE)
        {
            Bufs.check(send, sendOff, sendCount, "sendBuf");
            Bufs.sameType(send, recv);
            Checks.count(sendCount, counts[me]);
            Bufs.copy(send, sendOff, recv, displs[me], sendCount);
        }
        if (ctx.group.size() > 1)
        {
            final Schedule ring = ctx.schedule();
            NbcMoves.allGatherv(ring, recv, counts, displs);   // the rounds iallGatherv starts
            ring.run();
        }
    }

    public void allToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int n = ctx.group.size();
        final int[] counts = new int[n];
        final int[] sDispls = new int[n];
        final int[] rDispls = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            sDispls[r] = sendOff + r * count;
            rDispls[r] = recvOff + r * count;
        }
        allToAllv(send, counts, sDispls, recv, counts, rDispls);
    }

    public void allToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        Checks.blocks(ctx.group.size(), send, sCounts, sDispls, "sendBuf");
        Checks.blocks(ctx.group.size(), recv, rCounts, rDispls, "recvBuf");
        Bufs.sameType(send, recv);
        final int me = ctx.group.rank();
        Checks.count(sCounts[me], rCounts[me]);
        long maxBytes = 0;
        for (final int c : sCounts)
        {
            maxBytes = Math.max(maxBytes, (long)c * Bufs.elemSize(send));
        }
        final boolean pairwise = ctx.settings.allToAll == CollSettings.AllToAll.PAIRWISE ||
            ctx.settings.allToAll == CollSettings.AllToAll.AUTO && maxBytes >= ctx.settings.allToAllLargeBytes;
        final Channel ch = ctx.channel();
        if (pairwise)
        {
            Linear.allToAllPairwise(ch, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
        else
        {
            Linear.allToAllLinear(ch, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
    }
}
