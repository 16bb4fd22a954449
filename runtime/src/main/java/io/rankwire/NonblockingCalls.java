package io.rankwire;

import io.rankwire.coll.Nonblocking;

/**
 * The nonblocking collectives of {@link Comm} (with {@code ibarrier}, {@code ibcast} and
 * {@code iallReduce}, declared on {@code Comm} itself). Each starts the collective and returns a
 * {@link Request} that completes when this rank's part is done; arguments are those of the
 * blocking form, checked before anything starts.
 *
 * <p>A nonblocking collective is a schedule of rounds of point-to-point messages on the
 * communicator's internal context with a tag of its own, plus local copies and reductions between
 * rounds (as libNBC runs them in Open MPI). It has no thread: it advances whenever the engine
 * makes progress, in any call or wait on any request, in {@code test()} of its request, or on the
 * progress thread ({@code rankwire.progressThread}). Several may be outstanding on one
 * communicator at once, mixed with point-to-point and blocking collectives; every member must
 * start the communicator's collectives, blocking or not, in the same order (MPI's rule). Buffers
 * given to a call belong to it until its request completes: the receive buffer must not be read
 * or written, the send buffer not written (reductions copy their input when the call starts).
 * {@code Request.cancel()} does nothing on them.
 */
abstract class NonblockingCalls extends PointToPoint
{
    NonblockingCalls(final PointToPointCalls calls)
    {
        super(calls);
    }

    /** The communicator's collectives (made on first use). */
    abstract io.rankwire.coll.Collectives coll();

    private Nonblocking nbc()
    {
        return coll().nonblocking();
    }

    /** Starts a {@link Comm#reduce}; {@code recvBuf} (at the root) must not be touched until the request completes. */
    public Request ireduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op, final int root)
    {
        return new CollectiveRequest(nbc().ireduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, root));
    }

    /** Starts a {@link Comm#gather}. */
    public Request igather(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        return new CollectiveRequest(nbc().igather(sendBuf, sendOffset, recvBuf, recvOffset, count, root));
    }

    /** Starts a {@link Comm#gatherv}. */
    public Request igatherv(
        final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        return new CollectiveRequest(nbc().igatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs, root));
    }

    /** Starts a {@link Comm#scatter}. */
    public Request iscatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        return new CollectiveRequest(nbc().iscatter(sendBuf, sendOffset, recvBuf, recvOffset, count, root));
    }

    /** Starts a {@link Comm#scatterv}. */
    public Request iscatterv(
        final Object sendBuf, final int[] sendCounts, final int[] displs,
        final Object recvBuf, final int recvOffset, final int recvCount, final int root)
    {
        return new CollectiveRequest(nbc().iscatterv(sendBuf, sendCounts, displs, recvBuf, recvOffset, recvCount, root));
    }

    /** Starts a {@link Comm#allGather} (ring). */
    public Request iallGather(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        return new CollectiveRequest(nbc().iallGather(sendBuf, sendOffset, recvBuf, recvOffset, count));
    }

    /** Starts a {@link Comm#allGatherv} (ring). */
    public Request iallGatherv(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int[] recvCounts, final int[] displs)
    {
        return new CollectiveRequest(nbc().iallGatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs));
    }

    /** Starts a {@link Comm#allToAll} (every message posted at once). */
    public Request iallToAll(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        return new CollectiveRequest(nbc().iallToAll(sendBuf, sendOffset, recvBuf, recvOffset, count));
    }

    /** Starts a {@link Comm#allToAllv} (every message posted at once). */
    public Request iallToAllv(
        final Object sendBuf, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(nbc().iallToAllv(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls));
    }

    /** Starts a {@link Comm#reduceScatterBlock}. */
    public Request ireduceScatterBlock(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op)
    {
        return new CollectiveRequest(nbc().ireduceScatterBlock(sendBuf, sendOffset, recvBuf, recvOffset, count, op));
    }

    /** Starts a {@link Comm#reduceScatter}. */
    public Request ireduceScatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int[] recvCounts, final Op op)
    {
        return new CollectiveRequest(nbc().ireduceScatter(sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, op));
    }

    /** Starts a {@link Comm#scan}. */
    public Request iscan(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op)
    {
        return new CollectiveRequest(nbc().iscan(sendBuf, sendOffset, recvBuf, recvOffset, count, op, false));
    }

    /** Starts a {@link Comm#exScan}; member 0's {@code recvBuf} is untouched. */
    public Request iexScan(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op)
    {
        return new CollectiveRequest(nbc().iscan(sendBuf, sendOffset, recvBuf, recvOffset, count, op, true));
    }

    /**
     * Starts an exchange with any peers in one round, the schedule of MPI's nonblocking neighbour
     * collectives: a receive of {@code recvCounts[k]} elements from rank {@code sources[k]} into
     * {@code recvBuf[recvDispls[k]]} for every k and a send of {@code sendCounts[k]} elements from
     * {@code sendBuf[sendDispls[k]]} to rank {@code dests[k]}, all posted at once. Collective:
     * every member calls it (with its own peers) in the communicator's collective order. A peer may
     * appear more than once; messages between two ranks pair up in the order they are listed at
     * both ends.
     */
    public Request ineighborAllToAllv(
        final Object sendBuf, final int[] dests, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] sources, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(nbc().ineighborAllToAllv(sendBuf, dests, sendCounts, sendDispls, recvBuf, sources, recvCounts, recvDispls));
    }
}
