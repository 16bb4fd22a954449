package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.Args;
import io.rankwire.buffer.BufView;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.PersistentOperation;

/**
 * The buffer overloads of {@link Comm}'s persistent requests (MPI's {@code MPI_Send_init},
 * {@code MPI_Ssend_init}, {@code MPI_Recv_init}): each binds a buffer, peer, tag and the
 * communicator once and returns an inactive {@link PersistentRequest}; {@link PersistentRequest#start()}
 * runs one round, which allocates nothing. Buffers are those of the nonblocking calls
 * ({@link PointToPoint}); a {@code ByteBuffer}'s position and limit are read once, here, and a
 * typed array is staged (copied) on every round.
 *
 * <p>Arguments are checked here, as {@code isend}/{@code irecv} check them; none of these calls
 * blocks or communicates.
 */
abstract class PersistentOverloads
{
    /** What every overload comes down to. */
    final PointToPointCalls calls;

    PersistentOverloads(final PointToPointCalls calls)
    {
        this.calls = calls;
    }

    /** A persistent send of the message {@code buf} describes (as it is now) to {@code dest} with {@code tag}. */
    public PersistentRequest sendInit(final MessageBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, false);
        return calls.bindSend(op, dest, tag, false);
    }

    /** A persistent synchronous send of the message {@code buf} describes to {@code dest} with {@code tag}. */
    public PersistentRequest ssendInit(final MessageBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, false);
        return calls.bindSend(op, dest, tag, true);
    }

    /** A persistent receive into the memory {@code buf} describes (as it is now). */
    public PersistentRequest recvInit(final MessageBuffer buf, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, true);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent send of {@code buf[position, limit)} (as they are now) to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final ByteBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, false);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code buf[offset, offset + length)} to {@code dest} with {@code tag}.
     */
    public PersistentRequest sendInit(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code buf[offset, offset + length)} to {@code dest} with {@code tag}.
     */
    public PersistentRequest sendInit(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.direct(buf, offset, length);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent send of {@code count} elements from {@code buf[offset]} to {@code dest} with
     * {@code tag}.
     */
    public PersistentRequest sendInit(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.bindSend(op, dest, tag, false);
    }

    /**
     * A persistent synchronous send of {@code buf[position, limit)} (as they are now) to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final ByteBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, false);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code buf[offset, offset + length)} to {@code dest} with
     * {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code buf[offset, offset + length)} to {@code dest} with
     * {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.direct(buf, offset, length);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent synchronous send of {@code count} elements from {@code buf[offset]} to {@code
     * dest} with {@code tag}: every round completes once the receiver has matched it.
     */
    public PersistentRequest ssendInit(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.bindSend(op, dest, tag, true);
    }

    /**
     * A persistent receive into {@code buf} from its position (as it is now) of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final ByteBuffer buf, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, true);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code buf[offset, offset + length)} of a message from {@code
     * source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code buf[offset, offset + length)} of a message from {@code
     * source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.direct(buf, offset, length);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final short[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final char[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final int[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final long[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final float[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.bindRecv(op, source, tag);
    }

    /**
     * A persistent receive into {@code count} elements from {@code buf[offset]} of a message from
     * {@code source} (or {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}).
     */
    public PersistentRequest recvInit(final double[] buf, final int offset, final int count, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.bindRecv(op, source, tag);
    }
}
