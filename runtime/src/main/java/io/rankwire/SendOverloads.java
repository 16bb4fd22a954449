package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;

import io.rankwire.buffer.Args;
import io.rankwire.buffer.BufView;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.Operation;

/**
 * The buffer overloads of {@link Comm}'s sends: {@code send} and {@code ssend} block until the
 * buffer may be reused (an eager send at once, a rendezvous send and every {@code ssend} once
 * the receiver matched it); {@code isend} and {@code issend} return a {@link Request} without
 * blocking. Buffers as described in {@link PointToPoint}. Each call fills one operation and hands
 * it to the hooks below, which {@link Comm} implements.
 */
abstract class SendOverloads extends PersistentOverloads
{
    SendOverloads(final PointToPointCalls calls)
    {
        super(calls);
    }

    /**
     * Sends the message {@code buf} describes to {@code dest} with {@code tag}. Blocks until the
     * memory may be reused: at once for an eager message, after the receiver matched it for a
     * rendezvous one. {@code buf} itself may be re-pointed as soon as the call returns.
     */
    public void send(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, false);
        calls.send(op, dest, tag);
    }

    /** Starts sending the message {@code buf} describes; never blocks. The memory must not change until the request completes. */
    public Request isend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, false);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of the message {@code buf} describes: blocks until the receiver has matched it. */
    public void ssend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, false);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of the message {@code buf} describes: completes once the receiver has matched it. Never blocks. */
    public Request issend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, false);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code buf[position, limit)}; the position is not moved to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, false);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code buf[position, limit)}; the position is not moved; never blocks. The buffer must not change until the request completes. */
    public Request isend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, false);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[position, limit)}; the position is not moved: blocks until the receiver has matched the message. */
    public void ssend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, false);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[position, limit)}; the position is not moved: completes once the receiver has matched it. Never blocks. */
    public Request issend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, false);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code buf[offset, offset + length)}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[offset, offset + length)}: blocks until the receiver has matched the message. */
    public void ssend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[offset, offset + length)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().direct(buf, offset, length);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code buf[offset, offset + length)}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().direct(buf, offset, length);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code buf[offset, offset + length)}: blocks until the receiver has matched the message. */
    public void ssend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().direct(buf, offset, length);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code buf[offset, offset + length)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final DirectBuffer buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().direct(buf, offset, length);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final short[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final char[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final int[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final long[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final float[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return calls.startSend(op, dest, tag, true);
    }

    /**
     * Sends {@code count} elements from {@code buf[offset]} to {@code dest} with {@code tag}. Blocks until the buffer may be reused:
     * at once for an eager message, after the receiver matched it for a rendezvous one.
     */
    public void send(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        calls.send(op, dest, tag);
    }

    /** Starts sending {@code count} elements from {@code buf[offset]}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of {@code count} elements from {@code buf[offset]}: blocks until the receiver has matched the message. */
    public void ssend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of {@code count} elements from {@code buf[offset]}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final double[] buf, final int offset, final int count, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return calls.startSend(op, dest, tag, true);
    }
}
