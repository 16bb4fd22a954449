package io.rankwire;

import io.rankwire.coll.InterCollectives;
import io.rankwire.coll.Schedule;

/**
 * The collectives of {@link Intercomm} (MPI 4.1 section 6.2.2): each group exchanges data with
 * the other. Every call, blocking or not, is one schedule of point-to-point rounds (the blocking
 * form starts it and waits), so they may be mixed in any order every member keeps; members of
 * both groups call each collective in the same order.
 *
 * <pre>
 *   bcast, root in group A         A: root --&gt; B's rank 0 --(binomial tree in B)--&gt; B
 *   reduce, root in group A        B --(binomial reduce in B)--&gt; B's rank 0 --&gt; root
 *   allReduce, reduceScatter       each group reduces to its rank 0; the two swap results;
 *                                  each broadcasts (scatters) the other group's result
 *   barrier                        local barrier; the ranks 0 swap empty messages; local bcast
 *   gather(v), scatter(v),         direct: every message between the groups in one round
 *   allGather(v), allToAll(v)
 * </pre>
 *
 * <p>Roots: the root passes {@link Intercomm#ROOT}, the other members of its group {@link Intercomm#PROC_NULL},
 * and the members of the other group the root's rank in its group. There are no in-place forms
 * ({@code IN_PLACE} is refused) and no prefix reductions, as in MPI.
 */
abstract class InterCollectiveCalls extends PointToPoint implements CollectiveComm
{
    InterCollectiveCalls(final PointToPointCalls calls)
    {
        super(calls);
    }

    /** The inter-communicator's collectives (made on first use). */
    abstract InterCollectives inter();

    private static void await(final Schedule s)
    {
        new CollectiveRequest(s).await();
    }

    @Override
    public void barrier()
    {
        await(inter().barrier());
    }

    @Override
    public Request ibarrier()
    {
        return new CollectiveRequest(inter().barrier());
    }

    @Override
    public void bcast(final Object buf, final int offset, final int count, final int root)
    {
        await(inter().bcast(buf, offset, count, root));
    }

    @Override
    public Request ibcast(final Object buf, final int offset, final int count, final int root)
    {
        return new CollectiveRequest(inter().bcast(buf, offset, count, root));
    }

    /** The root receives {@code count} elements from each remote rank r at {@code recvBuf[recvOffset + r * count]}. */
    public void gather(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        final int[][] b = blocks(recvOffset, count);
        gatherv(sendBuf, sendOffset, count, recvBuf, b[0], b[1], root);
    }

    @Override
    public void gatherv(
        final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        await(inter().moves().gatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs, root));
    }

    @Override
    public Request igatherv(
        final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        return new CollectiveRequest(inter().moves().gatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs, root));
    }

    /** The root sends {@code sendBuf[sendOffset + r * count, + count)} to remote rank r. */
    public void scatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        final int[][] b = blocks(sendOffset, count);
        scatterv(sendBuf, b[0], b[1], recvBuf, recvOffset, count, root);
    }

    @Override
    public void scatterv(
        final Object sendBuf, final int[] sendCounts, final int[] displs,
        final Object recvBuf, final int recvOffset, final int recvCount, final int root)
    {
        await(inter().moves().scatterv(sendBuf, sendCounts, displs, recvBuf, recvOffset, recvCount, root));
    }

    @Override
    public Request iscatterv(
        final Object sendBuf, final int[] sendCounts, final int[] displs,
        final Object recvBuf, final int recvOffset, final int recvCount, final int root)
    {
        return new CollectiveRequest(inter().moves().scatterv(sendBuf, sendCounts, displs, recvBuf, recvOffset, recvCount, root));
    }

    /** Every member gets each remote rank r's {@code recvCount} elements at {@code recvBuf[recvOffset + r * recvCount]}. */
    public void allGather(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int recvOffset, final int recvCount)
    {
        final int[][] b = blocks(recvOffset, recvCount);
        allGatherv(sendBuf, sendOffset, sendCount, recvBuf, b[0], b[1]);
    }

    @Override
    public void allGatherv(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int[] recvCounts, final int[] displs)
    {
        await(inter().moves().allGatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs));
    }

    @Override
    public Request iallGatherv(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int[] recvCounts, final int[] displs)
    {
        return new CollectiveRequest(inter().moves().allGatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs));
    }

    /** Block r ({@code sendCount} elements) goes to remote rank r; block r of {@code recvBuf} ({@code recvCount}) comes from it. */
    public void allToAll(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int recvOffset, final int recvCount)
    {
        final int[][] s = blocks(sendOffset, sendCount);
        final int[][] r = blocks(recvOffset, recvCount);
        allToAllv(sendBuf, s[0], s[1], recvBuf, r[0], r[1]);
    }

    @Override
    public void allToAllv(
        final Object sendBuf, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        await(inter().moves().allToAllv(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls));
    }

    @Override
    public Request iallToAllv(
        final Object sendBuf, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(inter().moves().allToAllv(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls));
    }

    @Override
    public void reduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op, final int root)
    {
        await(inter().reduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, root));
    }

    @Override
    public Request ireduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op, final int root)
    {
        return new CollectiveRequest(inter().reduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, root));
    }

    @Override
    public void allReduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op)
    {
        await(inter().allReduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op));
    }

    @Override
    public Request iallReduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final Op op)
    {
        return new CollectiveRequest(inter().allReduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op));
    }

    /** Each member gives {@code size() * recvCount} elements; the other group's reduction is scattered in blocks of {@code recvCount}. */
    public void reduceScatterBlock(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int recvCount, final Op op)
    {
        final int[] counts = new int[inter().localSize()];
        java.util.Arrays.fill(counts, recvCount);
        reduceScatter(sendBuf, sendOffset, recvBuf, recvOffset, counts, op);
    }

    @Override
    public void reduceScatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int[] recvCounts, final Op op)
    {
        await(inter().reduceScatter(sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, op));
    }

    @Override
    public Request ireduceScatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int[] recvCounts, final Op op)
    {
        return new CollectiveRequest(inter().reduceScatter(sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, op));
    }

    /** Counts ({@code count} each) and displacements ({@code offset + r * count}) of the remote group's blocks. */
    private int[][] blocks(final int offset, final int count)
    {
        final int n = inter().remoteSize();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = (int)Math.min(Integer.MAX_VALUE, offset + (long)r * count);
        }
        return new int[][] {counts, displs};
    }
}
