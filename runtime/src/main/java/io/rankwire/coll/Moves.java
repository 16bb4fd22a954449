package io.rankwire.coll;

/**
 * The plans of one communicator's collectives that move data without reducing it: barrier,
 * broadcast, gather(v), scatter(v), allgather(v), all-to-all(v) and the exchange with any peers.
 * Each method checks its arguments (before the call takes its tag, so a rejected call takes
 * none), takes the communicator's next tag, chooses the algorithm by size, group and settings
 * ({@link Choices}) and returns the call's {@link Plan}, not started: a blocking call runs
 * it, a nonblocking one starts it. Buffers are primitive arrays with element offsets and counts,
 * {@link Collectives#IN_PLACE} where MPI allows it; displacements are absolute element indexes.
 */
final class Moves
{
    private final CollContext ctx;

    Moves(final CollContext ctx)
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

    /** The dissemination barrier ({@link io.rankwire.core.Rounds#barrier()}) on the call's tag. */
    Plan barrier()
    {
        return ctx.plan().barrier();
    }

    /** Binomial tree, or by {@code bcast.*} van de Geijn's scatter + allgather or a segmented chain or tree. */
    Plan bcast(final Object buf, final int off, final int count, final int root)
    {
        Bufs.check(buf, off, count, "buffer");
        ctx.root(root);
        final Plan p = ctx.plan();
        if (n() == 1)
        {
            return p;
        }
        final int elemSize = Bufs.elemSize(buf);
        final CollSettings.Bcast alg = Choices.bcast(ctx.settings, (long)count * elemSize, n(), count);
        switch (alg)
        {
            case SCATTERALLGATHER:
                Trees.bcastScatterAllgather(p, buf, off, count, root);
                break;
            case PIPELINE:
            case PIPELINEBINOMIAL:
                final int segment = Math.max(1, ctx.settings.bcastSegmentBytes / elemSize);
                Pipelines.bcast(p, buf, off, count, root, segment, alg == CollSettings.Bcast.PIPELINE);
                break;
            default:
                Trees.bcastBinomial(p, buf, off, count, root);
                break;
        }
        return p;
    }

    /** {@code count} elements from each rank into {@code recv[recvOff + r * count]} at the root: linear or, by {@code gather.*}, binomial. */
    Plan gather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int[] counts = filled(count);
        final int[] displs = blockDispls(recvOff, count);
        final boolean inPlace = Checks.gatherv(n(), me() == ctx.root(root), send, sendOff, count, recv, counts, displs, root);
        final Plan p = ctx.plan();
        if (Choices.tree(ctx.settings.gather, ctx.settings.gatherSmallBytes, count, Bufs.elemSize(inPlace ? recv : send), n()))
        {
            Gathers.gatherBinomial(p, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.gatherv(p, send, sendOff, count, recv, counts, displs, root, inPlace);
        }
        return p;
    }

    /** Linear: the root receives every block in one round. */
    Plan gatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        final boolean inPlace = Checks.gatherv(n(), me() == ctx.root(root), send, sendOff, sendCount, recv, counts, displs, root);
        final Plan p = ctx.plan();
        Linear.gatherv(p, send, sendOff, sendCount, recv, counts, displs, root, inPlace);
        return p;
    }

    /** {@code send[sendOff + r * count, + count)} from the root to rank r: linear or, by {@code scatter.*}, binomial. */
    Plan scatter(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int[] counts = filled(count);
        final int[] displs = blockDispls(sendOff, count);
        final boolean isRoot = me() == ctx.root(root);
        final boolean inPlace = Checks.scatterv(n(), isRoot, send, counts, displs, recv, recvOff, count, root);
        final Plan p = ctx.plan();
        if (Choices.tree(ctx.settings.scatter, ctx.settings.scatterSmallBytes, count, Bufs.elemSize(isRoot ? send : recv), n()))
        {
            Gathers.scatterBinomial(p, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.scatterv(p, send, counts, displs, recv, recvOff, count, root, inPlace);
        }
        return p;
    }

    /** Linear: the root sends every block in one round. */
    Plan scatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        final boolean inPlace = Checks.scatterv(n(), me() == ctx.root(root), send, counts, displs, recv, recvOff, recvCount, root);
        final Plan p = ctx.plan();
        Linear.scatterv(p, send, counts, displs, recv, recvOff, recvCount, root, inPlace);
        return p;
    }

    Plan allGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        return allGatherv(send, sendOff, count, recv, filled(count), blockDispls(recvOff, count));
    }

    /** Ring, straight into the receive buffer; this rank's block is copied into place before this returns. */
    Plan allGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        Checks.blocks(n(), recv, counts, displs, "recvBuf");
        if (send != Collectives.IN_PLACE)
        {
            Bufs.check(send, sendOff, sendCount, "sendBuf");
            Bufs.sameType(send, recv);
            Checks.count(sendCount, counts[me()]);
            Bufs.copy(send, sendOff, recv, displs[me()], sendCount);
        }
        final Plan p = ctx.plan();
        Rings.allGather(p, recv, counts, displs, 0);
        return p;
    }

    Plan allToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int[] counts = filled(count);
        return allToAllv(send, counts, blockDispls(sendOff, count), recv, counts, blockDispls(recvOff, count));
    }

    /** Linear (every message in one round) or, by {@code allToAll.*}, pairwise exchange. */
    Plan allToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        Checks.blocks(n(), send, sCounts, sDispls, "sendBuf");
        Checks.blocks(n(), recv, rCounts, rDispls, "recvBuf");
        Bufs.sameType(send, recv);
        Checks.count(sCounts[me()], rCounts[me()]);
        long largest = 0;
        for (final int c : sCounts)
        {
            largest = Math.max(largest, (long)c * Bufs.elemSize(send));
        }
        final Plan p = ctx.plan();
        if (Choices.allToAllPairwise(ctx.settings, largest))
        {
            Linear.allToAllPairwise(p, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
        else
        {
            Linear.allToAllLinear(p, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
        return p;
    }

    /**
     * One round with any peers (the neighbour collectives' schedule): a receive of
     * {@code rCounts[k]} elements from {@code sources[k]} at {@code recv[rDispls[k]]} for every k,
     * then a send of {@code sCounts[k]} elements at {@code send[sDispls[k]]} to {@code dests[k]},
     * all posted at once. Peers may repeat: messages between two ranks pair up in the order they
     * are listed at both ends.
     */
    Plan neighborAllToAllv(
        final Object send, final int[] dests, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] sources, final int[] rCounts, final int[] rDispls)
    {
        peerBlocks(send, dests, sCounts, sDispls, "send");
        peerBlocks(recv, sources, rCounts, rDispls, "recv");
        if (dests.length > 0 && sources.length > 0)
        {
            Bufs.sameType(send, recv);
        }
        final Plan p = ctx.plan();
        for (int k = 0; k < sources.length; k++)
        {
            p.recv(recv, rDispls[k], rCounts[k], sources[k]);
        }
        for (int k = 0; k < dests.length; k++)
        {
            p.send(send, sDispls[k], sCounts[k], dests[k]);
        }
        return p;
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

    /** {@code count} for every rank. */
    private int[] filled(final int count)
    {
        final int[] a = new int[n()];
        java.util.Arrays.fill(a, count);
        return a;
    }

    /** {@code off + r * count} for every rank r. */
    private int[] blockDispls(final int off, final int count)
    {
        final int[] d = new int[n()];
        for (int r = 0; r < d.length; r++)
        {
            d[r] = off + r * count;
        }
        return d;
    }
}
