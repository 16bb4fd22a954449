package io.rankwire;

import java.nio.ByteBuffer;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.Operation;
import io.rankwire.match.Envelope;
import io.rankwire.match.UnexpectedMsg;

/**
 * A message taken out of matching by {@link Communicator#mprobe} or {@link Communicator#improbe}: no other receive
 * can match it, and exactly one {@code recv} or {@code irecv} on this object receives it (a
 * second one throws {@link IllegalStateException}). Thread safe.
 */
public final class Message
{
    private final PointToPointCalls calls;
    private final Status status;
    private UnexpectedMsg msg;

    Message(final PointToPointCalls calls, final UnexpectedMsg msg)
    {
        this.calls = calls;
        this.msg = msg;
        this.status = new Status(Envelope.sourceOf(msg.tag()), Envelope.tagOf(msg.tag()), msg.length(), Status.OK, false);
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
        return calls.newOp(pooled);
    }

    private synchronized Request start(final Operation op)
    {
        final UnexpectedMsg m = msg;
        if (m == null)
        {
            throw new IllegalStateException("message : already received (expected: one receive per matched probe)");
        }
        msg = null;
        calls.engine().recvMatched(op, m);
        return (Request)op;
    }

    private Status finish(final Operation op)
    {
        start(op);
        final Status s = ((Request)op).await();
        calls.engine().recycle(op);
        return s;
    }

    /** Receives this message into the memory {@code buf} describes. Blocks until the data is in. */
    public Status recv(final MessageBuffer buf)
    {
        final Operation op = claim(true);
        op.buf().describe(buf, true);
        return finish(op);
    }

    /** Starts receiving this message into the memory {@code buf} describes; never blocks. */
    public Request irecv(final MessageBuffer buf)
    {
        final Operation op = claim(false);
        op.buf().describe(buf, true);
        return start(op);
    }

    /** Receives this message into {@code buf} from its position, which does not move. Blocks until the data is in. */
    public Status recv(final ByteBuffer buf)
    {
        final Operation op = claim(true);
        op.buf().byteBuffer(buf, true);
        return finish(op);
    }

    /** Starts receiving this message into {@code buf} from its position, which does not move; never blocks. */
    public Request irecv(final ByteBuffer buf)
    {
        final Operation op = claim(false);
        op.buf().byteBuffer(buf, true);
        return start(op);
    }

    /** Receives this message into {@code buf[offset, offset + length)}. Blocks until the data is in. */
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
}
