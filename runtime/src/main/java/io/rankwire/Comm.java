package io.rankwire;

import static io.rankwire.CollectiveArrays.array;
import static io.rankwire.CollectiveArrays.block;
import static io.rankwire.CollectiveArrays.count;
import static io.rankwire.CollectiveArrays.displacements;
import static io.rankwire.CollectiveArrays.inPlace;
import static io.rankwire.CollectiveArrays.offset;

import java.util.Arrays;
import java.util.function.Function;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.coll.Collectives;
import io.rankwire.coll.Nonblocking;
import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * An intra-communicator: a group of ranks and a private matching context. Ranks are numbered
 * {@code 0..size()-1}; sources in statuses are communicator ranks. Point-to-point calls, probes,
 * persistent requests and the buffer rules are described on {@link Communicator}; this class adds
 * what only an intra-communicator has: making communicators ({@link #dup}, {@link #split},
 * {@link #createGroup}, {@link #createIntercomm}) and the full set of collectives, prefix
 * reductions and in-place forms included.
 *
 * <p>Collective calls (communicator creation, barrier, the collectives) must be made by every
 * member in the same order, one at a time per communicator, as in MPI.
 *
 * <p><b>Collectives</b> (docs/COLLECTIVES.md) take {@link MessageBuffer}s of arrays
 * ({@code MessageBuffer.of(double[])}, {@code of(int[], offset, count)}, {@code of(byte[])}, ...):
 * each descriptor covers the whole region of the array the call reads or writes, and counts and
 * displacements are in elements. Where a call has one block per member, a block has the count of
 * the sending side's descriptor ({@code gather}, {@code allGather}: the send buffer's;
 * {@code scatter}, {@code allToAll}, {@code reduceScatterBlock}: the receive buffer's, divided by
 * the group size for {@code allToAll}). {@link #IN_PLACE} stands for the send buffer (the receive
 * buffer of {@code scatter}) where MPI allows it. Each {@code i*} form starts the collective as a
 * schedule of point-to-point rounds that advances with the engine's progress and returns a
 * {@link Request}; its buffers belong to it until the request completes.
 */
public final class Comm extends Communicator
{
    /** The {@link #split} color of ranks that want no new communicator; also an undefined count. */
    public static final int UNDEFINED = -32766;

    /**
     * Pass as the send buffer (the receive buffer for {@link #scatter}/{@link #scatterv}) where
     * MPI allows in place: the data is already in the receive buffer. Not a buffer for
     * point-to-point calls.
     */
    public static final MessageBuffer IN_PLACE = CollectiveArrays.IN_PLACE;

    private final Rankwire runtime;
    private final Group group;
    private Collectives collectives;

    Comm(final Rankwire runtime, final Group group)
    {
        super(new PointToPointCalls(runtime.engine(), group));
        this.runtime = runtime;
        this.group = group;
    }

    /** This rank's number in the communicator. */
    @Override
    public int rank()
    {
        return group.rank();
    }

    /** The number of ranks in the communicator. */
    @Override
    public int size()
    {
        return group.size();
    }

    /** The rank in the job (world) of communicator rank {@code rank}. */
    public int worldRank(final int rank)
    {
        return group.worldRank(Envelope.checkRank(rank, group.size()));
    }

    // ---------------------------------------------------------------------------------------
    // Communicators made from this one
    // ---------------------------------------------------------------------------------------

    /** A new communicator with the same group and a new context. Collective; blocks. */
    public Comm dup()
    {
        checkOpen();
        return new Comm(runtime, runtime.contexts().dup(group));
    }

    /**
     * Starts a {@link #dup()} (MPI_COMM_IDUP) and returns at once; the new communicator is the
     * request's {@link CommRequest#comm()} once it completes. Collective: every member starts it
     * in the same order as the communicator's other collectives.
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
        runtime.contexts().release(group);
    }

    void checkOpen()
    {
        calls.checkOpen();
    }

    @Override
    public String toString()
    {
        return "Comm{rank=" + group.rank() + ", size=" + group.size() + ", context=" + group.context() +
            (group.size() <= 16 ? ", world=" + Arrays.toString(group.worldRanksCopy()) : "") + '}';
    }

    // ---------------------------------------------------------------------------------------
    // Collectives (the buffer rules are in the class comment)
    // ---------------------------------------------------------------------------------------

    /** The communicator's collectives, made on first use. */
    private synchronized Collectives coll()
    {
        checkOpen();
        if (collectives == null)
        {
            collectives = new Collectives(engine(), group, runtime.config().settings());
        }
        return collectives;
    }

    private Nonblocking nbc()
    {
        return coll().nonblocking();
    }

    /** Blocks until every member has entered the barrier (dissemination algorithm). */
    @Override
    public void barrier()
    {
        checkOpen();
        runtime.contexts().barrier(group);
    }

    /** Starts a barrier; the request completes once every member has entered it. */
    @Override
    public Request ibarrier()
    {
        return new CollectiveRequest(nbc().ibarrier());
    }

    @Override
    public void bcast(final MessageBuffer buf, final int root)
    {
        coll().bcast(array(buf, "buf"), offset(buf), count(buf), root);
    }

    @Override
    public Request ibcast(final MessageBuffer buf, final int root)
    {
        return new CollectiveRequest(nbc().ibcast(array(buf, "buf"), offset(buf), count(buf), root));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE} at the root; the count is the send buffer's (the receive buffer's in place). */
    @Override
    public void reduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        coll().reduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            inPlace(sendBuf) ? count(recvBuf) : count(sendBuf), op, root);
    }

    @Override
    public Request ireduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        return new CollectiveRequest(nbc().ireduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), inPlace(sendBuf) ? count(recvBuf) : count(sendBuf), op, root));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE}. */
    @Override
    public void allReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        coll().allReduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf), count(recvBuf),
            op);
    }

    @Override
    public Request iallReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(nbc().iallReduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), count(recvBuf), op));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE} at the root (its block is then already in place). */
    @Override
    public void gather(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        coll().data().gather(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(sendBuf), root);
    }

    @Override
    public Request igather(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        return new CollectiveRequest(nbc().igather(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(sendBuf), root));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE} at the root. */
    @Override
    public void gatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs,
        final int root)
    {
        coll().data().gatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf), array(recvBuf, "recvBuf"), recvCounts,
            displacements(recvBuf, displs), root);
    }

    @Override
    public Request igatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs,
        final int root)
    {
        return new CollectiveRequest(nbc().igatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf),
            array(recvBuf, "recvBuf"), recvCounts, displacements(recvBuf, displs), root));
    }

    /** {@inheritDoc} {@code recvBuf} may be {@link #IN_PLACE} at the root (its block stays in place). */
    @Override
    public void scatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        coll().data().scatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            inPlace(recvBuf) ? block(sendBuf, size(), "sendBuf") : count(recvBuf), root);
    }

    @Override
    public Request iscatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        return new CollectiveRequest(nbc().iscatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), inPlace(recvBuf) ? block(sendBuf, size(), "sendBuf") : count(recvBuf), root));
    }

    /** {@inheritDoc} {@code recvBuf} may be {@link #IN_PLACE} at the root. */
    @Override
    public void scatterv(final MessageBuffer sendBuf, final int[] sendCounts, final int[] displs, final MessageBuffer recvBuf,
        final int root)
    {
        coll().data().scatterv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, displs), array(recvBuf, "recvBuf"),
            offset(recvBuf), count(recvBuf), root);
    }

    @Override
    public Request iscatterv(final MessageBuffer sendBuf, final int[] sendCounts, final int[] displs, final MessageBuffer recvBuf,
        final int root)
    {
        return new CollectiveRequest(nbc().iscatterv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, displs),
            array(recvBuf, "recvBuf"), offset(recvBuf), count(recvBuf), root));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE} (this rank's block is already in place). */
    @Override
    public void allGather(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        coll().data().allGather(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(sendBuf));
    }

    @Override
    public Request iallGather(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        return new CollectiveRequest(nbc().iallGather(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(sendBuf)));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE}. */
    @Override
    public void allGatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs)
    {
        coll().data().allGatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf), array(recvBuf, "recvBuf"),
            recvCounts, displacements(recvBuf, displs));
    }

    @Override
    public Request iallGatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts,
        final int[] displs)
    {
        return new CollectiveRequest(nbc().iallGatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf),
            array(recvBuf, "recvBuf"), recvCounts, displacements(recvBuf, displs)));
    }

    /** {@inheritDoc} A block is the receive buffer's count divided by the group size. */
    @Override
    public void allToAll(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        coll().data().allToAll(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            block(recvBuf, size(), "recvBuf"));
    }

    @Override
    public Request iallToAll(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        return new CollectiveRequest(nbc().iallToAll(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), block(recvBuf, size(), "recvBuf")));
    }

    @Override
    public void allToAllv(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        coll().data().allToAllv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, sendDispls),
            array(recvBuf, "recvBuf"), recvCounts, displacements(recvBuf, recvDispls));
    }

    @Override
    public Request iallToAllv(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(
            nbc().iallToAllv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, sendDispls), array(recvBuf, "recvBuf"),
                recvCounts, displacements(recvBuf, recvDispls)));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE}: the input is then the whole {@code recvBuf} (one block per member). */
    @Override
    public void reduceScatterBlock(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        coll().reduceScatterBlock(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(recvBuf), op);
    }

    @Override
    public Request ireduceScatterBlock(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(
            nbc().ireduceScatterBlock(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
                inPlace(sendBuf) ? block(recvBuf, size(), "recvBuf") : count(recvBuf), op));
    }

    /** {@inheritDoc} {@code sendBuf} may be {@link #IN_PLACE}: the input is then in {@code recvBuf}. */
    @Override
    public void reduceScatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final Op op)
    {
        coll().reduceScatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf), recvCounts,
            op);
    }

    @Override
    public Request ireduceScatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final Op op)
    {
        return new CollectiveRequest(nbc().ireduceScatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), recvCounts, op));
    }

    /** Inclusive prefix reduction: member r gets the reduction of members 0..r; the count is {@code recvBuf}'s. {@code sendBuf} may be {@link #IN_PLACE}. */
    public void scan(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        coll().scan(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf), count(recvBuf), op,
            false);
    }

    /** Starts a {@link #scan}. */
    public Request iscan(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(nbc().iscan(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), count(recvBuf), op, false));
    }

    /** Exclusive prefix reduction: member r gets the reduction of members 0..r-1; member 0's {@code recvBuf} is untouched. */
    public void exScan(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        coll().scan(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf), count(recvBuf), op,
            true);
    }

    /** Starts an {@link #exScan}. */
    public Request iexScan(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(nbc().iscan(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"),
            offset(recvBuf), count(recvBuf), op, true));
    }

    /**
     * Starts an exchange with any peers in one round, the schedule of MPI's nonblocking neighbour
     * collectives: a receive of {@code recvCounts[k]} elements from rank {@code sources[k]} at
     * element {@code recvDispls[k]} of {@code recvBuf} for every k, and a send of
     * {@code sendCounts[k]} elements from element {@code sendDispls[k]} of {@code sendBuf} to rank
     * {@code dests[k]}, all posted at once. Collective: every member calls it (with its own peers)
     * in the communicator's collective order. A peer may appear more than once; messages between
     * two ranks pair up in the order they are listed at both ends.
     */
    public Request ineighborAllToAllv(
        final MessageBuffer sendBuf, final int[] dests, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] sources, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(nbc().ineighborAllToAllv(
            array(sendBuf, "sendBuf"), dests, sendCounts, displacements(sendBuf, sendDispls), array(recvBuf, "recvBuf"), sources, recvCounts, displacements(recvBuf, recvDispls)));
    }
}
