package io.rankwire;

import java.util.Arrays;
import java.util.Optional;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Engine;
import io.rankwire.core.Group;
import io.rankwire.core.Op;
import io.rankwire.match.Envelope;
import io.rankwire.match.UnexpectedMsg;

/**
 * A communicator: a group of ranks and a private matching context. Messages sent on one
 * communicator never match receives on another. Ranks are numbered {@code 0..size()-1} within
 * the communicator; sources in statuses are communicator ranks.
 *
 * <p>Point-to-point calls and their buffer types are described in {@link PointToPoint}. Every call
 * may be made from any thread. Collective calls ({@link #dup()}, {@link #split}, {@link #barrier()})
 * must be made by every member in the same order, one at a time per communicator, as in MPI.
 *
 * <p>Errors: a bad rank, a tag outside {@code 0..TAG_UB} (or {@code ANY_TAG} on a receive), a
 * negative count or a closed communicator throw {@link IllegalArgumentException} or
 * {@link IllegalStateException} naming the value and the limit. Communication failures raise
 * {@link RankwireException} from blocking calls.
 */
public final class Comm extends PointToPoint implements AutoCloseable
{
    /** Receive from any source. */
    public static final int ANY_SOURCE = Envelope.ANY_SOURCE;
    /** Receive with any tag. */
    public static final int ANY_TAG = Envelope.ANY_TAG;
    /** The largest user tag, {@code 2^23 - 1}. */
    public static final int TAG_UB = Envelope.TAG_UB;
    /** The {@link #split} color of ranks that want no new communicator; also an undefined count. */
    public static final int UNDEFINED = -32766;

    private final Rankwire runtime;
    private final Engine engine;
    private final Group group;
    private volatile boolean closed;

    Comm(final Rankwire runtime, final Group group)
    {
        this.runtime = runtime;
        this.engine = runtime.engine();
        this.group = group;
    }

    /** This rank's number in the communicator. */
    public int rank()
    {
        return group.rank();
    }

    /** The number of ranks in the communicator. */
    public int size()
    {
        return group.size();
    }

    /** The rank in the job (world) of communicator rank {@code rank}. */
    public int worldRank(final int rank)
    {
        return group.worldRank(Envelope.checkRank(rank, group.size()));
    }

    /**
     * Blocks until a message from {@code source} with {@code tag} (wildcards allowed) can be
     * received, and returns its status without receiving it.
     */
    public Status probe(final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        final long m = Envelope.recvMask(source, tag);
        Status s = engine.iprobe(t, m);
        if (s != null)
        {
            return s;
        }
        final IdleStrategy idler = engine.idler();
        idler.reset();
        final int expected = source == ANY_SOURCE ? -1 : group.worldRank(source);
        while ((s = engine.iprobe(t, m)) == null)
        {
            engine.checkSatisfiable(expected, group);
            idler.idle();
        }
        return s;
    }

    /** The status of a message that could be received now, or empty. Never blocks. */
    public Optional<Status> iprobe(final int source, final int tag)
    {
        return Optional.ofNullable(engine.iprobe(recvTag(source, tag), Envelope.recvMask(source, tag)));
    }

    /**
     * Blocks until a matching message arrives and removes it from matching: only the returned
     * {@link Message} can receive it (a thread-safe probe-then-receive).
     */
    public Message mprobe(final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        final long m = Envelope.recvMask(source, tag);
        UnexpectedMsg msg = engine.improbe(t, m);
        if (msg == null)
        {
            final IdleStrategy idler = engine.idler();
            idler.reset();
            final int expected = source == ANY_SOURCE ? -1 : group.worldRank(source);
            while ((msg = engine.improbe(t, m)) == null)
            {
                engine.checkSatisfiable(expected, group);
                idler.idle();
            }
        }
        return new Message(this, msg);
    }

    /** Like {@link #mprobe} but never blocks: empty when no matching message is there. */
    public Optional<Message> improbe(final int source, final int tag)
    {
        final UnexpectedMsg msg = engine.improbe(recvTag(source, tag), Envelope.recvMask(source, tag));
        return msg == null ? Optional.empty() : Optional.of(new Message(this, msg));
    }

    /** A new communicator with the same group and a new context. Collective; blocks. */
    public Comm dup()
    {
        checkOpen();
        final Group g = runtime.contexts().dup(group);
        return new Comm(runtime, g);
    }

    /**
     * Partitions the group by {@code color}; within a part, ranks are ordered by
     * ({@code key}, old rank). Ranks passing {@link #UNDEFINED} get null. Collective; blocks.
     *
     * @param color a color {@code >= 0}, or {@link #UNDEFINED}
     */
    public Comm split(final int color, final int key)
    {
        checkOpen();
        if (color < 0 && color != UNDEFINED)
        {
            throw new IllegalArgumentException("color : " + color + " (expected: >= 0 or UNDEFINED (" + UNDEFINED + "))");
        }
        final Group g = runtime.contexts().split(group, color, key);
        return g == null ? null : new Comm(runtime, g);
    }

    /** Blocks until every member has entered the barrier (dissemination algorithm). */
    public void barrier()
    {
        checkOpen();
        runtime.contexts().barrier(group);
    }

    /**
     * Marks the communicator closed: later calls throw {@link IllegalStateException}. Operations
     * already started continue. Not collective; idempotent. Closing the world communicator does
     * not close the runtime.
     */
    @Override
    public void close()
    {
        closed = true;
    }

    /** True once {@link #close()} was called or the runtime was closed. */
    public boolean isClosed()
    {
        return closed || engine.isClosed();
    }

    Engine engine()
    {
        return engine;
    }

    @Override
    Op newOp(final boolean pooled)
    {
        checkOpen();
        return engine.newOp(pooled);
    }

    @Override
    Request startSend(final Op op, final int dest, final int tag, final boolean sync)
    {
        Envelope.checkUserTag(tag);
        Envelope.checkRank(dest, group.size());
        engine.send(op, group.worldRank(dest), Envelope.pack(group.context(), group.rank(), tag), sync);
        return op;
    }

    @Override
    void finishSend(final Request request)
    {
        final Op op = (Op)request;
        op.join();
        engine.recycle(op);
    }

    @Override
    Request startRecv(final Op op, final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        engine.recv(op, t, Envelope.recvMask(source, tag), source == ANY_SOURCE ? -1 : group.worldRank(source), group);
        return op;
    }

    @Override
    Status finishRecv(final Request request)
    {
        final Status s = request.await();
        engine.recycle((Op)request);
        return s;
    }

    @Override
    MutableStatus finishRecv(final Request request, final MutableStatus into)
    {
        final Op op = (Op)request;
        op.join();
        into.set(op.resultSource(), op.resultTag(), op.resultBytes(), op.resultError(), op.resultCancelled());
        engine.recycle(op);
        return into;
    }

    @Override
    Status exchange(final Op sendOp, final int dest, final int sendTag, final Op recvOp, final int source, final int recvTag)
    {
        Envelope.checkUserTag(sendTag);
        Envelope.checkRank(dest, group.size());
        recvTag(source, recvTag);
        startRecv(recvOp, source, recvTag);
        startSend(sendOp, dest, sendTag, false);
        finishSend(sendOp);
        return finishRecv(recvOp);
    }

    private long recvTag(final int source, final int tag)
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

    @Override
    public String toString()
    {
        return "Comm{rank=" + group.rank() + ", size=" + group.size() + ", context=" + group.context() +
            (group.size() <= 16 ? ", world=" + Arrays.toString(group.worldRanksCopy()) : "") + '}';
    }
}
