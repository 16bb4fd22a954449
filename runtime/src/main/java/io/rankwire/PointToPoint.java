package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.core.BufView;
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
 */
abstract class PointToPoint extends PersistentOverloads
{
    abstract Operation newOp(boolean pooled);

    abstract Request startSend(Operation op, int dest, int tag, boolean sync);

    abstract void finishSend(Request request);

    abstract Request startRecv(Operation op, int source, int tag);

    abstract Status finishRecv(Request request);

    abstract MutableStatus finishRecv(Request request, MutableStatus into);

    abstract Status exchange(Operation sendOp, int dest, int sendTag, Operation recvOp, int source, int recvTag);

    abstract MutableStatus exchange(
        Operation sendOp, int dest, int sendTag, Operation recvOp, int source, int recvTag, MutableStatus into);

    /**
     * Sends {@code buf[position, limit)}; the position is not moved to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().byteBuffer(buf, false);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code buf[position, limit)}; the position is not moved; never blocks. The buffer must not change until the request completes. */
    public Request isend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().byteBuffer(buf, false);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[position, limit)}; the position is not moved: blocks until the receiver has matched the message. */
    public void ssend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().byteBuffer(buf, false);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[position, limit)}; the position is not moved: completes once the receiver has matched it. Never blocks. */
    public Request issend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().byteBuffer(buf, false);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().bytes(buf, offset, length);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code buf[offset, offset + length)}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().bytes(buf, offset, length);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[offset, offset + length)}: blocks until the receiver has matched the message. */
    public void ssend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().bytes(buf, offset, length);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[offset, offset + length)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().bytes(buf, offset, length);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().direct(buf, offset, length);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code buf[offset, offset + length)}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().direct(buf, offset, length);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[offset, offset + length)}: blocks until the receiver has matched the message. */
    public void ssend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().direct(buf, offset, length);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[offset, offset + length)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().direct(buf, offset, length);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        finishSend(startSend(op, dest, tag, false));
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        return startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        finishSend(startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        return startSend(op, dest, tag, true);
    }

    /**
     * Receives into {@code buf[position, limit)}; written from the position, which is not moved a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().byteBuffer(buf, true);
        return finishRecv(startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(ByteBuffer, int, int)} but allocates nothing: the outcome is written into
     * {@code status}, which is returned.
     */
    public MutableStatus recv(final ByteBuffer buf, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = newOp(true);
        op.buf().byteBuffer(buf, true);
        return finishRecv(startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[position, limit)}; written from the position, which is not moved; never blocks. */
    public Request irecv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().byteBuffer(buf, true);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code buf[offset, offset + length)} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().bytes(buf, offset, length);
        return finishRecv(startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(byte[], int, int, int, int)} but allocates nothing: the outcome is written
     * into {@code status}, which is returned.
     */
    public MutableStatus recv(final byte[] buf, final int offset, final int length, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = newOp(true);
        op.buf().bytes(buf, offset, length);
        return finishRecv(startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().bytes(buf, offset, length);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code buf[offset, offset + length)} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().direct(buf, offset, length);
        return finishRecv(startRecv(op, source, tag));
    }

    /**
     * Like {@link #recv(MutableDirectBuffer, int, int, int, int)} but allocates nothing: the
     * outcome is written into {@code status}, which is returned.
     */
    public MutableStatus recv(
        final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = newOp(true);
        op.buf().direct(buf, offset, length);
        return finishRecv(startRecv(op, source, tag), status);
    }

    /** Starts a receive into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final MutableDirectBuffer buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().direct(buf, offset, length);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final short[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final short[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.SHORT_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final char[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final char[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 2, BufView.CHAR_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final int[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final int[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.INT_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final long[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final long[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.LONG_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final float[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final float[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 4, BufView.FLOAT_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Receives into {@code count} elements from {@code buf[offset]} a message from {@code source} (or {@code ANY_SOURCE}) with
     * {@code tag} (or {@code ANY_TAG}). Blocks until the message is in the buffer.
     */
    public Status recv(final double[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(true);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        return finishRecv(startRecv(op, source, tag));
    }

    /** Starts a receive into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final double[] buf, final int offset, final int count, final int source, final int tag)
    {
        final Operation op = newOp(false);
        op.buf().typed(buf, buf.length, offset, count, 8, BufView.DOUBLE_BASE);
        return startRecv(op, source, tag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final ByteBuffer sendBuf, final int dest, final int sendTag,
        final ByteBuffer recvBuf, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().byteBuffer(sendBuf, false);
        final Operation rop = newOp(true);
        rop.buf().byteBuffer(recvBuf, true);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final byte[] sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final byte[] recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
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
        final Operation sop = newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final DirectBuffer sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final MutableDirectBuffer recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().direct(sendBuf, sendOffset, sendLength);
        final Operation rop = newOp(true);
        rop.buf().direct(recvBuf, recvOffset, recvLength);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
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
        final Operation sop = newOp(true);
        sop.buf().direct(sendBuf, sendOffset, sendLength);
        final Operation rop = newOp(true);
        rop.buf().direct(recvBuf, recvOffset, recvLength);
        return exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final short[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final short[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 2, BufView.SHORT_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 2, BufView.SHORT_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final char[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final char[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 2, BufView.CHAR_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 2, BufView.CHAR_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final int[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final int[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 4, BufView.INT_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 4, BufView.INT_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final long[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final long[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 8, BufView.LONG_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 8, BufView.LONG_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final float[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final float[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 4, BufView.FLOAT_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 4, BufView.FLOAT_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /**
     * Sends to {@code dest} and receives from {@code source} at the same time (so two ranks can
     * exchange without deadlock, and a rank can exchange with itself). Blocks until both finish.
     */
    public Status sendrecv(
        final double[] sendBuf, final int sendOffset, final int sendCount, final int dest, final int sendTag,
        final double[] recvBuf, final int recvOffset, final int recvCount, final int source, final int recvTag)
    {
        final Operation sop = newOp(true);
        sop.buf().typed(sendBuf, sendBuf.length, sendOffset, sendCount, 8, BufView.DOUBLE_BASE);
        final Operation rop = newOp(true);
        rop.buf().typed(recvBuf, recvBuf.length, recvOffset, recvCount, 8, BufView.DOUBLE_BASE);
        return exchange(sop, dest, sendTag, rop, source, recvTag);
    }
}
