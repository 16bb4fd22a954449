package io.rankwire.coll;

/**
 * The nonblocking collectives of one communicator. Each call builds the plan its blocking form
 * runs ({@link Moves}, {@link Reductions}: argument checks, the communicator's next collective
 * tag, the algorithm by size, group and settings) and starts it; the returned schedule
 * progresses with the engine (see {@link Schedule}). Blocking and nonblocking calls take their
 * tags from one count, so they may follow each other in any order every member keeps. Buffers and
 * {@link Collectives#IN_PLACE} are as for the blocking calls; the send data of reductions is
 * copied when the call starts, so only the receive buffer must be left alone until the schedule
 * is done.
 */
public final class Nonblocking
{
    private final Moves moves;
    private final Reductions reductions;

    Nonblocking(final Moves moves, final Reductions reductions)
    {
        this.moves = moves;
        this.reductions = reductions;
    }

    public Schedule ibarrier()
    {
        return moves.barrier().start();
    }

    public Schedule ibcast(final Object buf, final int off, final int count, final int root)
    {
        return moves.bcast(buf, off, count, root).start();
    }

    public Schedule ireduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final int root)
    {
        return reductions.reduce(send, sendOff, recv, recvOff, count, op, root).start();
    }

    /** The send data is copied into {@code recv} before this returns. */
    public Schedule iallReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        return reductions.allReduce(send, sendOff, recv, recvOff, count, op).start();
    }

    public Schedule igatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        return moves.gatherv(send, sendOff, sendCount, recv, counts, displs, root).start();
    }

    public Schedule igather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        return moves.gather(send, sendOff, recv, recvOff, count, root).start();
    }

    public Schedule iscatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        return moves.scatterv(send, counts, displs, recv, recvOff, recvCount, root).start();
    }

    public Schedule iscatter(final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        return moves.scatter(send, sendOff, recv, recvOff, count, root).start();
    }

    public Schedule iallGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        return moves.allGatherv(send, sendOff, sendCount, recv, counts, displs).start();
    }

    public Schedule iallGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        return moves.allGather(send, sendOff, recv, recvOff, count).start();
    }

    public Schedule iallToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        return moves.allToAllv(send, sCounts, sDispls, recv, rCounts, rDispls).start();
    }

    public Schedule iallToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        return moves.allToAll(send, sendOff, recv, recvOff, count).start();
    }

    /**
     * Reduces {@code sum(counts)} elements and leaves block r at rank r (see
     * {@link Collectives#reduceScatter}). In place: the input is {@code recv[recvOff, + sum(counts))},
     * the result goes to its start.
     */
    public Schedule ireduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        return reductions.reduceScatter(send, sendOff, recv, recvOff, counts, op).start();
    }

    public Schedule ireduceScatterBlock(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        return reductions.reduceScatterBlock(send, sendOff, recv, recvOff, count, op).start();
    }

    /** Inclusive (or, with {@code exclusive}, exclusive) prefix reduction; rank 0's exclusive result is left untouched. */
    public Schedule iscan(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op,
        final boolean exclusive)
    {
        return reductions.scan(send, sendOff, recv, recvOff, count, op, exclusive).start();
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
        return moves.neighborAllToAllv(send, dests, sCounts, sDispls, recv, sources, rCounts, rDispls).start();
    }
}
