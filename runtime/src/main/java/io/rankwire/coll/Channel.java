package io.rankwire.coll;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;
import io.rankwire.core.Operation;
import io.rankwire.match.Envelope;

/**
 * Point-to-point messages of one collective call: on the communicator's internal context, with
 * one negative tag per call (see {@link CollState#nextTag()}), addressed by communicator rank.
 * Within a call, messages between a pair of ranks are matched in the order they were sent
 * (non-overtaking), which every algorithm here relies on.
 */
final class Channel
{
    private final Engine engine;
    private final Group group;
    private final int tag;

    Channel(final Engine engine, final Group group, final int tag)
    {
        this.engine = engine;
        this.group = group;
        this.tag = tag;
    }

    int rank()
    {
        return group.rank();
    }

    int size()
    {
        return group.size();
    }

    Operation isend(final Object buf, final int offset, final int count, final int dest)
    {
        final Operation op = engine.newOp(true);
        Bufs.view(op.buf(), buf, offset, count);
        engine.send(op, group.worldRank(dest), Envelope.pack(group.internalContext(), group.rank(), tag), false);
        return op;
    }

    Operation irecv(final Object buf, final int offset, final int count, final int source)
    {
        final Operation op = engine.newOp(true);
        Bufs.view(op.buf(), buf, offset, count);
        engine.recv(op, Envelope.pack(group.internalContext(), source, tag), Envelope.FULL_MASK, group.worldRank(source), group);
        return op;
    }

    void send(final Object buf, final int offset, final int count, final int dest)
    {
        await(isend(buf, offset, count, dest));
    }

    void recv(final Object buf, final int offset, final int count, final int source)
    {
        await(irecv(buf, offset, count, source));
    }

    /** Sends to {@code dest} and receives from {@code source} at once. */
    void sendrecv(
        final Object sendBuf, final int sendOff, final int sendCount, final int dest,
        final Object recvBuf, final int recvOff, final int recvCount, final int source)
    {
        final Operation r = irecv(recvBuf, recvOff, recvCount, source);
        final Operation s = isend(sendBuf, sendOff, sendCount, dest);
        await(s);
        await(r);
    }

    /** Waits for {@code op} and returns it to the pool; a failed message fails the collective. */
    void await(final Operation op)
    {
        op.awaitOk("collective message");
        engine.recycle(op);
    }
}
