package io.rankwire.coll;

/**
 * The blocking collectives that move data without reducing it: gather(v), scatter(v),
 * allgather(v) and all-to-all(v), each running the plan its nonblocking form starts
 * ({@link Moves}: checks, algorithm by size and group, rounds). Buffers are primitive arrays
 * with element offsets and counts, as in {@link Collectives}.
 */
public final class DataMovement
{
    private final Moves moves;

    DataMovement(final Moves moves)
    {
        this.moves = moves;
    }

    public void gather(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        moves.gather(send, sendOff, recv, recvOff, count, root).run();
    }

    public void gatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        moves.gatherv(send, sendOff, sendCount, recv, counts, displs, root).run();
    }

    public void scatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        moves.scatter(send, sendOff, recv, recvOff, count, root).run();
    }

    public void scatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        moves.scatterv(send, counts, displs, recv, recvOff, recvCount, root).run();
    }

    public void allGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        moves.allGather(send, sendOff, recv, recvOff, count).run();
    }

    public void allGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        moves.allGatherv(send, sendOff, sendCount, recv, counts, displs).run();
    }

    public void allToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        moves.allToAll(send, sendOff, recv, recvOff, count).run();
    }

    public void allToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        moves.allToAllv(send, sCounts, sDispls, recv, rCounts, rDispls).run();
    }
}
