package io.rankwire;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;
import io.rankwire.core.PersistentOperation;
import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * What every point-to-point overload of a {@link Comm} comes down to: checks of rank and tag
 * against the communicator, the envelope packed for its context, and the engine's four
 * operations (start and finish a send or a receive), plus persistent binding and the exchange of
 * {@code sendrecv}. One per communicator; it also holds whether the communicator is closed.
 */
final class PointToPointCalls
{
    private final Engine engine;
    private final Group group;
    private volatile boolean closed;

    PointToPointCalls(final Engine engine, final Group group)
    {
        this.engine = engine;
        this.group = group;
    }

    Engine engine()
    {
        return engine;
    }

    Group group()
    {
        return group;
    }

    /** The world rank a receive from {@code source} expects, -1 for ANY_SOURCE. */
    int expected(final int source)
    {
        return source == Envelope.ANY_SOURCE ? -1 : group.worldRank(source);
    }

    void close()
    {
        closed = true;
    }

    boolean isClosed()
    {
        return closed;
    }

    Operation newOp(final boolean pooled)
    {
        checkOpen();
        return engine.newOp(pooled);
    }

    PersistentOperation newPersistent()
    {
        checkOpen();
        return engine.newPersistent();
    }

    PersistentRequest bindSend(final PersistentOperation op, final int dest, final int tag, final boolean sync)
    {
        final long envelope = sendTag(dest, tag);
        return (PersistentRequest)op.bindSend(group.worldRank(dest), envelope, sync);
    }

    PersistentRequest bindRecv(final PersistentOperation op, final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        return (PersistentRequest)op.bindRecv(
            t, Envelope.recvMask(source, tag), expected(source), group);
    }

    Request startSend(final Operation op, final int dest, final int tag, final boolean sync)
    {
        final long envelope = sendTag(dest, tag);
        engine.send(op, group.worldRank(dest), envelope, sync);
        return (Request)op;
    }

    /** A blocking standard send (see {@link Engine#sendBlocking}). */
    void send(final Operation op, final int dest, final int tag)
    {
        final long envelope = sendTag(dest, tag);
        engine.sendBlocking(op, group.worldRank(dest), envelope);
    }

    /**
     * Checks a send's destination and tag against the communicator (before anything looks the
     * destination up) and returns its envelope packed for the context.
     */
    private long sendTag(final int dest, final int tag)
    {
        Envelope.checkUserTag(tag);
        Envelope.checkRank(dest, group.size());
        return Envelope.pack(group.context(), group.rank(), tag);
    }

    void finishSend(final Request request)
    {
        final Operation op = (Operation)request;
        op.join();
        engine.recycle(op);
    }

    Request startRecv(final Operation op, final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        engine.recv(op, t, Envelope.recvMask(source, tag), expected(source), group);
        return (Request)op;
    }

    Status finishRecv(final Request request)
    {
        final Status s = request.await();
        engine.recycle((Operation)request);
        return s;
    }

    MutableStatus finishRecv(final Request request, final MutableStatus into)
    {
        request.await(into);
        engine.recycle((Operation)request);
        return into;
    }

    Status exchange(final Operation sendOp, final int dest, final int sendTag, final Operation recvOp, final int source, final int recvTag)
    {
        postThenSend(sendOp, dest, sendTag, recvOp, source, recvTag);
        return finishRecv((Request)recvOp);
    }

    MutableStatus exchange(
        final Operation sendOp, final int dest, final int sendTag, final Operation recvOp, final int source, final int recvTag,
        final MutableStatus into)
    {
        postThenSend(sendOp, dest, sendTag, recvOp, source, recvTag);
        return finishRecv((Request)recvOp, into);
    }

    /** The common part of both exchanges: checks both sides, posts the receive, then completes the send. */
    private void postThenSend(
        final Operation sendOp, final int dest, final int sendTag, final Operation recvOp, final int source, final int recvTag)
    {
        Envelope.checkUserTag(sendTag);
        Envelope.checkRank(dest, group.size());
        recvTag(source, recvTag);
        startRecv(recvOp, source, recvTag);
        startSend(sendOp, dest, sendTag, false);
        finishSend((Request)sendOp);
    }

    long recvTag(final int source, final int tag)
    {
        checkOpen();
        Envelope.checkUserRecvTag(tag);
        Envelope.checkRecvRank(source, group.size());
        return Envelope.recvTag(group.context(), source, tag);
    }

    void checkOpen()
    {
        if (closed)
        {
            throw new IllegalStateException("communicator : closed (expected: an open communicator)");
        }
        engine.checkOpen();
    }
}
