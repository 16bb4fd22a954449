package io.rankwire;

import io.rankwire.buffer.MessageBuffer;

/**
 * The collectives of {@link Comm} over {@link MessageBuffer} descriptors of arrays (from
 * {@code MessageBuffer.of}): counts and offsets come from the descriptors (the receive buffer's
 * count where both are given); each calls the array form declared on {@link Comm}.
 */
abstract class DescriptorCollectives extends NonblockingCalls implements CollectiveComm
{
    DescriptorCollectives(final PointToPointCalls calls)
    {
        super(calls);
    }

    /** This rank's number in the communicator. */
    public abstract int rank();

    /** See {@link Comm#allGather(Object, int, Object, int, int)}. */
    public abstract void allGather(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count);

    /** {@link Comm#bcast(Object, int, int, int)} over a descriptor. */
    public void bcast(final MessageBuffer buf, final int root)
    {
        bcast(CollectiveArrays.array(buf, "buf"), CollectiveArrays.offset(buf), CollectiveArrays.count(buf), root);
    }

    /** {@link #reduce(Object, int, Object, int, int, Op, int)} over descriptors (count: the send buffer's). */
    public void reduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        final Object recv = rank() == root ? CollectiveArrays.array(recvBuf, "recvBuf") : null;
        reduce(CollectiveArrays.array(sendBuf, "sendBuf"), CollectiveArrays.offset(sendBuf), recv,
            recv == null ? 0 : CollectiveArrays.offset(recvBuf), CollectiveArrays.count(sendBuf), op, root);
    }

    /** {@link #allReduce(Object, int, Object, int, int, Op)} over descriptors. */
    public void allReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        allReduce(CollectiveArrays.array(sendBuf, "sendBuf"), CollectiveArrays.offset(sendBuf),
            CollectiveArrays.array(recvBuf, "recvBuf"), CollectiveArrays.offset(recvBuf), CollectiveArrays.count(recvBuf), op);
    }

    /** {@link #iallReduce} over descriptors. */
    public Request iallReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return iallReduce(CollectiveArrays.array(sendBuf, "sendBuf"), CollectiveArrays.offset(sendBuf),
            CollectiveArrays.array(recvBuf, "recvBuf"), CollectiveArrays.offset(recvBuf), CollectiveArrays.count(recvBuf), op);
    }

    /** {@link #allGather(Object, int, Object, int, int)} over descriptors (count: the send buffer's). */
    public void allGather(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        allGather(CollectiveArrays.array(sendBuf, "sendBuf"), CollectiveArrays.offset(sendBuf),
            CollectiveArrays.array(recvBuf, "recvBuf"), CollectiveArrays.offset(recvBuf), CollectiveArrays.count(sendBuf));
    }
}
