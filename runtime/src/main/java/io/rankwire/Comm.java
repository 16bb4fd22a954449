package io.rankwire;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;
import io.rankwire.core.Operation;
import io.rankwire.core.PersistentOperation;
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
public final class Comm extends DescriptorCollectives implements AutoCloseable
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
    private final boolean interView; // Intercomm.pointToPoint(): no collectives, owns no context

    Comm(final Rankwire runtime, final Group group)
    {
        this(runtime, group, false);
    }

    Comm(final Rankwire runtime, final Group group, final boolean interView)
    {
        super(new PointToPointCalls(runtime.engine(), group));
        this.runtime = runtime;
        this.engine = runtime.engine();
        this.group = group;
        this.interView = interView;
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
        return Probing.probe(engine, group, calls.recvTag(source, tag), Envelope.recvMask(source, tag), expected(source));
    }

    /**
     * Like {@link #probe(int, int)} but writes the message's status into {@code status} (source,
     * tag, full length in bytes) instead of building a {@link Status}: allocates nothing.
     *
     * @return {@code status}
     */
    public MutableStatus probe(final int source, final int tag, final MutableStatus status)
    {
        return Probing.probe(engine, group, calls.recvTag(source, tag), Envelope.recvMask(source, tag), expected(source), status);
    }

    /**
     * Like {@link #iprobe(int, int)} but allocates nothing: when a matching message could be
     * received now, its status is written into {@code status} and the result is true; otherwise
     * {@code status} is left alone. Never blocks.
     */
    public boolean iprobe(final int source, final int tag, final MutableStatus status)
    {
        return Probing.iprobe(engine, calls.recvTag(source, tag), Envelope.recvMask(source, tag), status);
    }

    /** The status of a message that could be received now, or empty. Never blocks. */
    public Optional<Status> iprobe(final int source, final int tag)
    {
        return Optional.ofNullable(engine.iprobe(calls.recvTag(source, tag), Envelope.recvMask(source, tag)));
    }

    /**
     * Blocks until a matching message arrives and removes it from matching: only the returned
     * {@link Message} can receive it (a thread-safe probe-then-receive).
     */
    public Message mprobe(final int source, final int tag)
    {
        return new Message(this, Probing.take(engine, group, calls.recvTag(source, tag), Envelope.recvMask(source, tag), expected(source)));
    }

    /** Like {@link #mprobe} but never blocks: empty when no matching message is there. */
    public Optional<Message> improbe(final int source, final int tag)
    {
        final UnexpectedMsg msg = engine.improbe(calls.recvTag(source, tag), Envelope.recvMask(source, tag));
        return msg == null ? Optional.empty() : Optional.of(new Message(this, msg));
    }

    /** The world rank a receive from {@code source} expects, -1 for ANY_SOURCE. */
    private int expected(final int source)
    {
        return source == ANY_SOURCE ? -1 : group.worldRank(source);
    }

    /** A new communicator with the same group and a new context. Collective; blocks. */
    public Comm dup()
    {
        checkOpen();
        final Group g = runtime.contexts().dup(group);
        return new Comm(runtime, g);
    }

    /**
     * Starts a {@link #dup()} (MPI_COMM_IDUP) and returns at once; the new communicator is the
     * request's {@link CommRequest#comm()} once it completes (see {@link CommRequest}). Collective:
     * every member starts it in the same order as the communicator's other collectives.
     */
    public CommRequest<Comm> idup()
    {
        return idup(c -> c);
    }

    /** Starts a dup whose new communicator becomes {@code make}'s result. */
    <C> CommRequest<C> idup(final Function<Comm, C> make)
    {
        checkOpen();
        return new CreationRequest<>(runtime.contexts().startDup(group), g -> make.apply(new Comm(runtime, g)));
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

    /**
     * A communicator of the members {@code ranks} of this one, ranked in that order
     * (MPI_COMM_CREATE_GROUP). Collective over those members only: the others need not take
     * part. The caller must be one of them. Creations over overlapping member sets that may run at
     * the same time need different tags ({@code 0..TAG_UB}, compared modulo 2^18).
     */
    public Comm createGroup(final int[] ranks, final int tag)
    {
        checkOpen();
        return new Comm(runtime, runtime.contexts().createGroup(group, Intercomm.members(ranks, group.size(), group.rank()),
            Envelope.checkUserTag(tag)));
    }

    /**
     * An inter-communicator between this communicator's group and another, disjoint one
     * (MPI_INTERCOMM_CREATE), collective over both. The leaders exchange their groups over
     * {@code peer} (significant at {@code localLeader} only; {@code remoteLeader} is a rank of it).
     */
    public Intercomm createIntercomm(final int localLeader, final Comm peer, final int remoteLeader, final int tag)
    {
        checkOpen();
        return Intercomm.create(this, localLeader, peer, remoteLeader, tag);
    }

    Rankwire runtime()
    {
        return runtime;
    }

    Group group()
    {
        return group;
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
            if (calls.isClosed())
            {
                return;
            }
            calls.close();
        }
        if (!interView)
        {
            runtime.contexts().release(group);
        }
    }

    /** True once {@link #close()} was called or the runtime was closed. */
    public boolean isClosed()
    {
        return calls.isClosed() || engine.isClosed();
    }

    Engine engine()
    {
        return engine;
    }

    void checkOpen()
    {
        calls.checkOpen();
        if (interView)
        {
            throw new IllegalStateException("communicator : an inter-communicator's point-to-point view (expected: an intra-communicator)");
        }
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

    @Override
    synchronized io.rankwire.coll.Collectives coll()
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
        coll().data().gather(sendBuf, sendOffset, recvBuf, recvOffset, count, root);
    }

    /** Gathers {@code recvCounts[r]} elements from member r into {@code recvBuf[displs[r]]} at {@code root}; {@code sendBuf} may be {@link #IN_PLACE} at the root. */
    public void gatherv(
        final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        coll().data().gatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs, root);
    }

    /** Sends {@code sendBuf[sendOffset + r * count, + count)} from {@code root} to member r; {@code recvBuf} may be {@link #IN_PLACE} at the root. */
    public void scatter(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final int root)
    {
        coll().data().scatter(sendBuf, sendOffset, recvBuf, recvOffset, count, root);
    }

    /** Sends {@code sendBuf[displs[r], + sendCounts[r])} from {@code root} to member r; {@code recvBuf} may be {@link #IN_PLACE} at the root. */
    public void scatterv(
        final Object sendBuf, final int[] sendCounts, final int[] displs,
        final Object recvBuf, final int recvOffset, final int recvCount, final int root)
    {
        coll().data().scatterv(sendBuf, sendCounts, displs, recvBuf, recvOffset, recvCount, root);
    }

    /** Every member gets every member's {@code count} elements at {@code recvBuf[recvOffset + r * count]}; {@code sendBuf} may be {@link #IN_PLACE}. */
    public void allGather(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        coll().data().allGather(sendBuf, sendOffset, recvBuf, recvOffset, count);
    }

    /** Every member gets member r's {@code recvCounts[r]} elements at {@code recvBuf[displs[r]]}; {@code sendBuf} may be {@link #IN_PLACE}. */
    public void allGatherv(
        final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int[] recvCounts, final int[] displs)
    {
        coll().data().allGatherv(sendBuf, sendOffset, sendCount, recvBuf, recvCounts, displs);
    }

    /** Block r ({@code count} elements) of each member's {@code sendBuf} goes to member r, into block (sender) of its {@code recvBuf}. */
    public void allToAll(final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count)
    {
        coll().data().allToAll(sendBuf, sendOffset, recvBuf, recvOffset, count);
    }

    /** {@code sendBuf[sendDispls[r], + sendCounts[r])} goes to member r, into its {@code recvBuf[recvDispls[me], + recvCounts[me])}. */
    public void allToAllv(
        final Object sendBuf, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        coll().data().allToAllv(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls);
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
     * collectives are schedules of point-to-point rounds that progress with the engine (see
     * {@link NonblockingCalls} and docs/COLLECTIVES.md).
     */
    public Request ibarrier()
    {
        return new CollectiveRequest(coll().nonblocking().ibarrier());
    }

    /** Starts a {@link #bcast}; {@code buf} must not be touched until the request completes. */
    public Request ibcast(final Object buf, final int offset, final int count, final int root)
    {
        return new CollectiveRequest(coll().nonblocking().ibcast(buf, offset, count, root));
    }

    /** Starts an {@link #allReduce(Object, int, Object, int, int, io.rankwire.Op)}; {@code recvBuf} must not be touched until the request completes. */
    public Request iallReduce(
        final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final int count, final io.rankwire.Op op)
    {
        return new CollectiveRequest(coll().nonblocking().iallReduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op));
    }
}
