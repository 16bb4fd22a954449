package io.rankwire;

import java.util.Arrays;
import java.util.Optional;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Engine;
import io.rankwire.core.Group;
import io.rankwire.core.Operation;
import io.rankwire.core.PersistentOperation;
import io.rankwire.core.ProbeResult;
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

    private static final ThreadLocal<ProbeResult> PROBES = ThreadLocal.withInitial(ProbeResult::new);

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

    /**
     * Like {@link #probe(int, int)} but writes the message's status into {@code status} (source,
     * tag, full length in bytes) instead of building a {@link Status}: allocates nothing.
     *
     * @return {@code status}
     */
    public MutableStatus probe(final int source, final int tag, final MutableStatus status)
    {
        final long t = recvTag(source, tag);
        final long m = Envelope.recvMask(source, tag);
        final ProbeResult found = PROBES.get();
        if (!engine.iprobe(t, m, found))
        {
            final IdleStrategy idler = engine.idler();
            idler.reset();
            final int expected = source == ANY_SOURCE ? -1 : group.worldRank(source);
            while (!engine.iprobe(t, m, found))
            {
                engine.checkSatisfiable(expected, group);
                idler.idle();
            }
        }
        status.set(found.source(), found.tag(), found.length(), Status.OK, false);
        return status;
    }

    /**
     * Like {@link #iprobe(int, int)} but allocates nothing: when a matching message could be
     * received now, its status is written into {@code status} and the result is true; otherwise
     * {@code status} is left alone. Never blocks.
     */
    public boolean iprobe(final int source, final int tag, final MutableStatus status)
    {
        final ProbeResult found = PROBES.get();
        if (!engine.iprobe(recvTag(source, tag), Envelope.recvMask(source, tag), found))
        {
            return false;
        }
        status.set(found.source(), found.tag(), found.length(), Status.OK, false);
        return true;
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
     * already started continue. Its context id is given back for later communicators once no
     * operation is pending at this rank (and used again only after every member closed it). Not
     * collective; idempotent. Closing the world communicator does not close the runtime.
     */
    @Override
    public void close()
    {
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        runtime.contexts().release(group);
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
    Operation newOp(final boolean pooled)
    {
        checkOpen();
        return engine.newOp(pooled);
    }

    @Override
    PersistentOperation newPersistent()
    {
        checkOpen();
        return engine.newPersistent();
    }

    @Override
    PersistentRequest bindSend(final PersistentOperation op, final int dest, final int tag, final boolean sync)
    {
        Envelope.checkUserTag(tag);
        Envelope.checkRank(dest, group.size());
        return op.bindSend(group.worldRank(dest), Envelope.pack(group.context(), group.rank(), tag), sync);
    }

    @Override
    PersistentRequest bindRecv(final PersistentOperation op, final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        return op.bindRecv(t, Envelope.recvMask(source, tag), source == ANY_SOURCE ? -1 : group.worldRank(source), group);
    }

    @Override
    Request startSend(final Operation op, final int dest, final int tag, final boolean sync)
    {
        Envelope.checkUserTag(tag);
        Envelope.checkRank(dest, group.size());
        engine.send(op, group.worldRank(dest), Envelope.pack(group.context(), group.rank(), tag), sync);
        return op;
    }

    @Override
    void finishSend(final Request request)
    {
        final Operation op = (Operation)request;
        op.join();
        engine.recycle(op);
    }

    @Override
    Request startRecv(final Operation op, final int source, final int tag)
    {
        final long t = recvTag(source, tag);
        engine.recv(op, t, Envelope.recvMask(source, tag), source == ANY_SOURCE ? -1 : group.worldRank(source), group);
        return op;
    }

    @Override
    Status finishRecv(final Request request)
    {
        final Status s = request.await();
        engine.recycle((Operation)request);
        return s;
    }

    @Override
    MutableStatus finishRecv(final Request request, final MutableStatus into)
    {
        final Operation op = (Operation)request;
        StatusCopy.join(op, into);
        engine.recycle(op);
        return into;
    }

    @Override
    Status exchange(final Operation sendOp, final int dest, final int sendTag, final Operation recvOp, final int source, final int recvTag)
    {
        postThenSend(sendOp, dest, sendTag, recvOp, source, recvTag);
        return finishRecv(recvOp);
    }

    @Override
    MutableStatus exchange(
        final Operation sendOp, final int dest, final int sendTag, final Operation recvOp, final int source, final int recvTag,
        final MutableStatus into)
    {
        postThenSend(sendOp, dest, sendTag, recvOp, source, recvTag);
        return finishRecv(recvOp, into);
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
        finishSend(sendOp);
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

    // ---------------------------------------------------------------------------------------
    // Collectives (see docs/COLLECTIVES.md). Buffers are primitive arrays (byte[], short[],
    // char[], int[], long[], float[], double[]) with element offsets and counts; the send and
    // receive buffers of one call have the same type. Every member calls the same collectives
    // in the same order; they block until this rank's part is done.
    // ---------------------------------------------------------------------------------------

    /**
     * Pass as the send buffer (the receive buffer for {@link #scatter}/{@link #scatterv}) where
     * MPI allows in place: the data is already in the receive buffer.
     */
    public static final Object IN_PLACE = io.rankwire.coll.Collectives.IN_PLACE;

    private io.rankwire.coll.Collectives collectives;

    private synchronized io.rankwire.coll.Collectives coll()
    {
        checkOpen();
        if (collectives == null)
        {
            collectives = new io.rankwire.coll.Collectives(engine, group, runtime.config().settings());
        }
        return collectives;
    }

    /** Copies {@code count} elements of {@code buf} from {@code offset} at {@code root} to every member. */
    public void bcast(final Object buf, final int offset, final int count, final int root)
    {
        coll().bcast(buf, offset, count, root);
    }

    /** Reduces every member's {@code sendBuf} into {@code recvBuf} at {@code root} (ignored elsewhere); {@code sendBuf} may be {@link #IN_PLACE} at the root. */
    public void reduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count,
        final io.rankwire.Op op, final int root)
    {
        coll().reduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, root);
    }

    /** Reduces every member's {@code sendBuf} into every member's {@code recvBuf}; {@code sendBuf} may be {@link #IN_PLACE}. */
    public void allReduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        coll().allReduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op);
    }

    /** {@link #allReduce(Object, int, Object, int, int, io.rankwire.Op)} of whole arrays (count = {@code recvBuf}'s length). */
    public void allReduce(final Object sendBuf, final Object recvBuf, final io.rankwire.Op op)
    {
        coll().allReduce(sendBuf, 0, recvBuf, 0, java.lang.reflect.Array.getLength(recvBuf), op);
    }

    /** Gathers {@code count} elements from each member into {@code recvBuf[recvOffset + r * count]} at {@code root}; {@code sendBuf} may be {@link #IN_PLACE} at the root. */
    public void gather(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        coll().gather(sendBuf, sendOffset, recvBuf, recvOffset, count, root);
    }

    /** Gathers {@code recvCounts[r]} elements from member r into {@code recvBuf[displs[r]]} at {@code root}; {@code sendBuf} may be {@link #IN_PLACE} at the root. */
    public void gatherv(
        final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        coll().gatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs, root);
    }

    /** Sends {@code sendBuf[sendOffset + r * count, + count)} from {@code root} to member r; {@code recvBuf} may be {@link #IN_PLACE} at the root. */
    public void scatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        coll().scatter(sendBuf, sendOffset, recvBuf, recvOffset, count, root);
    }

    /** Sends {@code sendBuf[displs[r], + sendCounts[r])} from {@code root} to member r; {@code recvBuf} may be {@link #IN_PLACE} at the root. */
    public void scatterv(
        final Object sendBuf, final int[] sendCounts, final int[] displs,
        final Object recvBuf, final int recvOffset, final int recvCount, final int root)
    {
        coll().scatterv(sendBuf, sendCounts, displs, recvBuf, recvOffset, recvCount, root);
    }

    /** Every member gets every member's {@code count} elements at {@code recvBuf[recvOffset + r * count]}; {@code sendBuf} may be {@link #IN_PLACE}. */
    public void allGather(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        coll().allGather(sendBuf, sendOffset, recvBuf, recvOffset, count);
    }

    /** Every member gets member r's {@code recvCounts[r]} elements at {@code recvBuf[displs[r]]}; {@code sendBuf} may be {@link #IN_PLACE}. */
    public void allGatherv(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int[] recvCounts, final int[] displs)
    {
        coll().allGatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs);
    }

    /** Block r ({@code count} elements) of each member's {@code sendBuf} goes to member r, into block (sender) of its {@code recvBuf}. */
    public void allToAll(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        coll().allToAll(sendBuf, sendOffset, recvBuf, recvOffset, count);
    }

    /** {@code sendBuf[sendDispls[r], + sendCounts[r])} goes to member r, into its {@code recvBuf[recvDispls[me], + recvCounts[me])}. */
    public void allToAllv(
        final Object sendBuf, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        coll().allToAllv(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls);
    }

    /** Reduces {@code size() * count} elements; member r receives block r. {@code sendBuf} may be {@link #IN_PLACE} (input in {@code recvBuf}). */
    public void reduceScatterBlock(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        coll().reduceScatterBlock(sendBuf, sendOffset, recvBuf, recvOffset, count, op);
    }

    /** Reduces {@code sum(recvCounts)} elements; member r receives block r of {@code recvCounts[r]} elements. {@code sendBuf} may be {@link #IN_PLACE}. */
    public void reduceScatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int[] recvCounts, final io.rankwire.Op op)
    {
        coll().reduceScatter(sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, op);
    }

    /** Inclusive prefix reduction: member r gets the reduction of members 0..r. {@code sendBuf} may be {@link #IN_PLACE}. */
    public void scan(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        coll().scan(sendBuf, sendOffset, recvBuf, recvOffset, count, op, false);
    }

    /** Exclusive prefix reduction: member r gets the reduction of members 0..r-1; member 0's {@code recvBuf} is untouched. */
    public void exScan(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        coll().scan(sendBuf, sendOffset, recvBuf, recvOffset, count, op, true);
    }

    /**
     * Starts a barrier; the request completes once every member has entered it. Nonblocking
     * collectives run on a per-communicator worker thread in the order they were started (see
     * docs/COLLECTIVES.md) and may overlap blocking collectives started after them.
     */
    public Request ibarrier()
    {
        return coll().ibarrier();
    }

    /** Starts a {@link #bcast}; {@code buf} must not be touched until the request completes. */
    public Request ibcast(final Object buf, final int offset, final int count, final int root)
    {
        return coll().ibcast(buf, offset, count, root);
    }

    /** Starts an {@link #allReduce(Object, int, Object, int, int, io.rankwire.Op)}; {@code recvBuf} must not be touched until the request completes. */
    public Request iallReduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        return coll().iallReduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op);
    }
}
