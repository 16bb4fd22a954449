package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.Args;
import io.rankwire.buffer.BufView;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.Operation;

/**
 * The buffer overloads of {@link Comm}'s receives: {@code recv} blocks until the message is in
 * the buffer (the forms taking a {@link MutableStatus} allocate nothing); {@code irecv} returns a
 * {@link Request} without blocking. Buffers as described in {@link PointToPoint}.
 */
abstract class RecvOverloads extends SendOverloads
{
    RecvOverloads(final PointToPointCalls calls)
    {
        super(calls);
    }

    /**
     * Receives into the memory {@code buf} describes a message from {@code source} (or
     * {@code ANY_SOURCE}) with {@code tag} (or {@code ANY_TAG}). Blocks until the message is in.
     */
    public Status recv(final MessageBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /** Like {@link #recv(MessageBuffer, int, int)} but writes the outcome into {@code status}: allocates nothing. */
    public MutableStatus recv(final MessageBuffer buf, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into the memory {@code buf} describes; never blocks. */
    public Request irecv(final MessageBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, true);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code buf[position, limit)}; written from the position, which is not moved a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(ByteBuffer, int, int)} but allocates nothing: the outcome is written into
     * {@code status}, which is returned.
     */
    public MutableStatus recv(final ByteBuffer buf, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[position, limit)}; written from the position, which is not moved; never blocks. */
    public Request irecv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, true);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code buf[offset, offset + length)} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(byte[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(final byte[] buf, final int offset, final int length, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code buf[offset, offset + length)} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().direct(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(MutableDirectBuffer, int, int, int, int)} but allocates nothing: the
     * outcome is written into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().direct(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().direct(buf, offset, length);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final short[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(short[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final short[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final short[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final char[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(char[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final char[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final char[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final int[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(int[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final int[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final int[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final long[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(long[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final long[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final long[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final float[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(float[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final float[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final float[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final double[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(double[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final double[] buf, final int offset, final int count, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final double[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.startRecv(op, source, tag);
    }
}
