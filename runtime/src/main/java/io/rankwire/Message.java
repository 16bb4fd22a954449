package io.rankwire;

import java.nio.ByteBuffer;

import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.Args;
import io.rankwire.buffer.BufView;
import io.rankwire.core.Operation;
import io.rankwire.core.ProbeStatus;
import io.rankwire.match.UnexpectedMsg;

/**
 * A message taken out of matching by {@link Comm#mprobe} or {@link Comm#improbe}: no other receive
 * can match it, and exactly one {@code recv} or {@code irecv} on this object receives it (a
 * second one throws {@link IllegalStateException}). Thread safe.
 */
public final class Message
{
    private final Comm comm;
    private final Status status;
    private UnexpectedMsg msg;

    Message(final Comm comm, final UnexpectedMsg msg)
    {
        this.comm = comm;
        this.msg = msg;
        this.status = ProbeStatus.of(msg);
    }

    /** The message's source, tag and full length in bytes. */
    public Status status()
    {
        return status;
    }

    private synchronized Operation claim(final boolean pooled)
    {
        if (msg == null)
        {
            throw new IllegalStateException("message : already received (expected: one receive per matched probe)");
        }
        return comm.calls.newOp(pooled);
    }

    private synchronized Request start(final Operation op)
    {
        final UnexpectedMsg m = msg;
        if (m == null)
        {
            throw new IllegalStateException("message : already received (expected: one receive per matched probe)");
        }
        msg = null;
        comm.engine().recvMatched(op, m);
        return (Request)op;
    }

    private Status finish(final Operation op)
    {
        start(op);
        final Status s = op.await();
        comm.engine().recycle(op);
        return s;
    }

    /** Receives this message into {@code buf[position, limit)}; written from the position, which is not moved. Blocks until the data is in the buffer. */
    public Status recv(final ByteBuffer buf)
    {
        final Operation op = claim(true);
        op.buf().byteBuffer(buf, true);
        return finish(op);
    }

    /** Starts receiving this message into {@code buf[position, limit)}; written from the position, which is not moved; never blocks. */
    public Request irecv(final ByteBuffer buf)
    {
        final Operation op = claim(false);
        op.buf().byteBuffer(buf, true);
        return start(op);
    }

    /** Receives this message into {@code buf[offset, offset + length)}. Blocks until the data is in the buffer. */
    public Status recv(final byte[] buf, final int offset, final int length)
    {
        final Operation op = claim(true);
        op.buf().bytes(buf, offset, length);
        return finish(op);
    }

    /** Starts receiving this message into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final byte[] buf, final int offset, final int length)
    {
        final Operation op = claim(false);
        op.buf().bytes(buf, offset, length);
        return start(op);
    }

    /** Receives this message into {@code buf[offset, offset + length)}. Blocks until the data is in the buffer. */
    public Status recv(final MutableDirectBuffer buf, final int offset, final int length)
    {
        final Operation op = claim(true);
        op.buf().direct(buf, offset, length);
        return finish(op);
    }

    /** Starts receiving this message into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final MutableDirectBuffer buf, final int offset, final int length)
    {
        final Operation op = claim(false);
        op.buf().direct(buf, offset, length);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final short[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final short[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.SHORT_BASE);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final char[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final char[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 2, BufView.CHAR_BASE);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final int[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final int[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.INT_BASE);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final long[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final long[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.LONG_BASE);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final float[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final float[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 4, BufView.FLOAT_BASE);
        return start(op);
    }

    /** Receives this message into {@code count} elements from {@code buf[offset]}. Blocks until the data is in the buffer. */
    public Status recv(final double[] buf, final int offset, final int count)
    {
        final Operation op = claim(true);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return finish(op);
    }

    /** Starts receiving this message into {@code count} elements from {@code buf[offset]}; never blocks. */
    public Request irecv(final double[] buf, final int offset, final int count)
    {
        final Operation op = claim(false);
        op.buf().typed(buf, Args.length(buf), offset, count, 8, BufView.DOUBLE_BASE);
        return start(op);
    }
}
