package io.rankwire;

/**
 * The collectives an intra-communicator ({@link Comm}) and an inter-communicator
 * ({@link Intercomm}) share, in their general (vector) forms, for code that serves both, as MPI's
 * own functions do. What a call means depends on the kind of communicator:
 *
 * <ul>
 *   <li>on a {@link Comm} the members exchange data among themselves, and a root is a rank of the
 *       communicator;</li>
 *   <li>on an {@link Intercomm} each group exchanges data with the other group (MPI 4.1 section
 *       6.2.2): count and displacement arrays of the gathers, scatters and all-to-all have one
 *       entry per rank of the remote group, those of {@code reduceScatter} one per rank of the
 *       local group; in a rooted call the root passes {@link Intercomm#ROOT}, the rest of its group
 *       {@link Intercomm#PROC_NULL}, and the other group the root's rank in the root's group; there
 *       is no in-place form.</li>
 * </ul>
 *
 * <p>Buffers are primitive arrays with element offsets and counts, as documented on {@link Comm};
 * each {@code i*} call starts the collective and returns a {@link Request}.
 */
public interface CollectiveComm
{
    /** Blocks until every member (of both groups, for an inter-communicator) has entered the barrier. */
    void barrier();

    /** Starts a {@link #barrier()}. */
    Request ibarrier();

    /** Copies {@code count} elements of {@code buf} from the root. */
    void bcast(Object buf, int offset, int count, int root);

    /** Starts a {@link #bcast}. */
    Request ibcast(Object buf, int offset, int count, int root);

    /** Gathers {@code recvCounts[r]} elements from rank r into {@code recvBuf[displs[r]]} at the root. */
    void gatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] recvCounts, int[] displs, int root);

    /** Starts a {@link #gatherv}. */
    Request igatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] recvCounts, int[] displs, int root);

    /** Sends {@code sendBuf[displs[r], + sendCounts[r])} from the root to rank r. */
    void scatterv(Object sendBuf, int[] sendCounts, int[] displs, Object recvBuf, int recvOffset, int recvCount, int root);

    /** Starts a {@link #scatterv}. */
    Request iscatterv(Object sendBuf, int[] sendCounts, int[] displs, Object recvBuf, int recvOffset, int recvCount, int root);

    /** Every member gets rank r's {@code recvCounts[r]} elements at {@code recvBuf[displs[r]]}. */
    void allGatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] recvCounts, int[] displs);

    /** Starts an {@link #allGatherv}. */
    Request iallGatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] recvCounts, int[] displs);

    /** {@code sendBuf[sendDispls[r], + sendCounts[r])} goes to rank r; {@code recvCounts[r]} elements come from it. */
    void allToAllv(Object sendBuf, int[] sendCounts, int[] sendDispls, Object recvBuf, int[] recvCounts, int[] recvDispls);

    /** Starts an {@link #allToAllv}. */
    Request iallToAllv(Object sendBuf, int[] sendCounts, int[] sendDispls, Object recvBuf, int[] recvCounts, int[] recvDispls);

    /** Reduces the members' {@code sendBuf} into {@code recvBuf} at the root. */
    void reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op, int root);

    /** Starts a {@link #reduce}. */
    Request ireduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op, int root);

    /** Reduces the members' {@code sendBuf} into every member's {@code recvBuf}. */
    void allReduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op);

    /** Starts an {@link #allReduce}. */
    Request iallReduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op);

    /** Reduces {@code sum(recvCounts)} elements; rank r receives block r of {@code recvCounts[r]} elements. */
    void reduceScatter(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int[] recvCounts, Op op);

    /** Starts a {@link #reduceScatter}. */
    Request ireduceScatter(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int[] recvCounts, Op op);
}
