package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.Args;
import io.rankwire.buffer.BufView;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.Operation;

/**
 * The buffer overloads of {@link Comm}'s point-to-point calls, all funnelled through one buffer
 * descriptor into four operations. Buffers: {@code ByteBuffer} (heap or direct; a send sends
 * {@code [position, limit)}, a receive writes from the position; positions never move),
 * {@code byte[]} with offset and length, Agrona buffers with offset and length, and primitive
 * arrays with an element offset and count (carried in native byte order).
 *
 * <p>Blocking: {@code send}, {@code ssend}, {@code recv} and {@code sendrecv} block as their
 * javadoc says; every {@code i*} call returns a {@link Request} without blocking.
 *
 * <p>The overloads come in layers, each a role: {@link PersistentOverloads} ({@code *Init}),
 * {@link SendOverloads}, {@link RecvOverloads}, and here {@code sendrecv}.
 */
abstract class PointToPoint extends RecvOverloads
{
    PointToPoint(final PointToPointCalls calls)
    {
        super(calls);
    }

    /**
     * Sends the message {@code sendBuf} describes to {@code dest} and receives into the memory
     * {@code recvBuf} describes from {@code source} at the same time. Blocks until both finish.
     */
    public Status sendrecv(
        final MessageBuffer sendBuf, final int dest, final int sendTag, final MessageBuffer recvBuf, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().describe(sendBuf, false);
        final Operation rop = calls.newOp(true);
        rop.buf().describe(recvBuf, true);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final ByteBuffer sendBuf, final int dest, final int sendTag,
        final ByteBuffer recvBuf, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().byteBuffer(sendBuf, false);
        final Operation rop = calls.newOp(true);
        rop.buf().byteBuffer(recvBuf, true);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final byte[] sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final byte[] recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Like the {@code sendrecv} above but allocates nothing: the receive's outcome is written into
     * {@code status}, which is returned.
     */
    public MutableStatus sendrecv(
        final byte[] sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final byte[] recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag,
        final MutableStatus status)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final DirectBuffer sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final MutableDirectBuffer recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().direct(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().direct(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Like the {@code sendrecv} above but allocates nothing: the receive's outcome is written into
     * {@code status}, which is returned.
     */
    public MutableStatus sendrecv(
        final DirectBuffer sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final MutableDirectBuffer recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag,
        final MutableStatus status)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().direct(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().direct(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final short[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final short[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 2, BufView.SHORT_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 2, BufView.SHORT_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final char[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final char[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 2, BufView.CHAR_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 2, BufView.CHAR_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final int[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final int[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 4, BufView.INT_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 4, BufView.INT_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final long[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final long[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 8, BufView.LONG_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 8, BufView.LONG_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final float[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final float[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 4, BufView.FLOAT_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 4, BufView.FLOAT_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final double[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final double[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().typed(sendBuf, Args.length(sendBuf), sendOffset, sendCount, 8, BufView.DOUBLE_BASE);
        final Operation rop = calls.newOp(true);
        rop.buf().typed(recvBuf, Args.length(recvBuf), recvOffset, recvCount, 8, BufView.DOUBLE_BASE);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }
}
