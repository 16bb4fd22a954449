package io.rankwire;

import static io.rankwire.CollectiveArrays.array;
import static io.rankwire.CollectiveArrays.block;
import static io.rankwire.CollectiveArrays.count;
import static io.rankwire.CollectiveArrays.displacements;
import static io.rankwire.CollectiveArrays.inPlace;
import static io.rankwire.CollectiveArrays.offset;

import java.util.Arrays;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.coll.InterCollectives;
import io.rankwire.coll.Schedule;
import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * An inter-communicator: two disjoint groups, the local one (this rank's) and the remote one.
 * Point-to-point calls address the remote group: {@code dest} and {@code source} are remote
 * ranks, and a status's source is the sender's rank in its (the remote) group. Made by
 * {@link Comm#createIntercomm}; {@link #merge} makes the intra-communicator of both groups.
 *
 * <pre>
 *   union communicator (both groups, the group holding the lower world rank first), context c
 *     - its user context c carries this inter-communicator's point-to-point traffic:
 *       a message's envelope = (c, sender's rank in its own group, tag)
 *     - its internal context c + 1 carries merge and dup (collectives of the union)
 * </pre>
 *
 * <p><b>Collectives</b> (MPI 4.1 section 6.2.2) move data between the groups: each group
 * exchanges data with the other. Every call, blocking or not, is one schedule of point-to-point
 * rounds on the internal context c + 1 with tags of its own (the blocking form starts it and
 * waits), so they may be mixed in any order every member keeps; members of both groups call each
 * collective in the same order.
 *
 * <pre>
 *   bcast, root in group A         A: root --&gt; B's rank 0 --(binomial tree in B)--&gt; B
 *   reduce, root in group A        B --(binomial reduce in B)--&gt; B's rank 0 --&gt; root
 *   allReduce, reduceScatter       each group reduces to its rank 0; the two swap results;
 *                                  each broadcasts (scatters) the other group's result
 *   barrier                        local barrier; the ranks 0 swap empty messages; local bcast
 *   gather(v), scatter(v),         direct: every message between the groups in one round
 *   allGather(v), allToAll(v)
 * </pre>
 *
 * <p>Buffers follow {@link Comm}'s rules, with the remote group in place of the members: a
 * gather's receive buffer holds one block per remote rank, count and displacement arrays of the
 * gathers, scatters and all-to-all have one entry per remote rank, those of
 * {@code reduceScatter} one per local rank. Roots: the root passes {@link #ROOT}, the other
 * members of its group {@link #PROC_NULL}, and the members of the other group the root's rank in
 * its group. There are no in-place forms ({@code IN_PLACE} is refused) and no prefix reductions,
 * as in MPI.
 */
public final class Intercomm extends Communicator
{
    /** The root argument of the root itself in a rooted collective (MPI_ROOT). */
    public static final int ROOT = InterCollectives.ROOT;
    /** The root argument of the other members of the root's group in a rooted collective (MPI_PROC_NULL). */
    public static final int PROC_NULL = InterCollectives.PROC_NULL;

    private final Comm union;
    private final int[] localWorld;
    private final int[] remoteWorld;
    private final int rank;
    private final boolean localFirst;
    private InterCollectives collectives;

    private Intercomm(final Comm union, final int[] localWorld, final int[] remoteWorld, final int rank, final boolean localFirst)
    {
        super(new PointToPointCalls(union.engine(), new Group(remoteWorld, rank, union.group().context())));
        this.union = union;
        this.localWorld = localWorld;
        this.remoteWorld = remoteWorld;
        this.rank = rank;
        this.localFirst = localFirst;
    }

    static Intercomm create(final Comm local, final int localLeader, final Comm peer, final int remoteLeader, final int tag)
    {
        Envelope.checkUserTag(tag);
        final int leader = Envelope.checkRank(localLeader, local.size());
        final int[] localWorld = new int[local.size()];
        for (int r = 0; r < localWorld.length; r++)
        {
            localWorld[r] = local.worldRank(r);
        }
        final int[] size = new int[1];
        int[] remote = null;
        if (local.rank() == leader)
        {
            if (peer == null)
            {
                throw new IllegalArgumentException("peer : null (expected: a communicator holding both leaders, at the local leader)");
            }
            Envelope.checkRank(remoteLeader, peer.size());
            final Request sent = peer.isend(MessageBuffer.of(localWorld), remoteLeader, tag);
            final Status st = peer.probe(remoteLeader, tag);
            remote = new int[st.bytes() / 4];
            peer.recv(MessageBuffer.of(remote), remoteLeader, tag);
            sent.await();
            size[0] = remote.length;
        }
        local.bcast(MessageBuffer.of(size), leader);
        remote = remote != null ? remote : new int[size[0]];
        local.bcast(MessageBuffer.of(remote), leader);
        final boolean localFirst = min(localWorld) < min(remote);
        final int[] union = new int[localWorld.length + remote.length];
        System.arraycopy(localFirst ? localWorld : remote, 0, union, 0, localFirst ? localWorld.length : remote.length);
        System.arraycopy(localFirst ? remote : localWorld, 0, union, localFirst ? localWorld.length : remote.length,
            localFirst ? remote.length : localWorld.length);
        final Comm u = local.runtime().world().createGroup(union, tag);
        return new Intercomm(u, localWorld, remote, local.rank(), localFirst);
    }

    private static int min(final int[] a)
    {
        int m = Integer.MAX_VALUE;
        for (final int v : a)
        {
            m = Math.min(m, v);
        }
        return m;
    }

    /** Checks a member list: ranks of a communicator of {@code size}, distinct, holding {@code me}. */
    static int[] members(final int[] ranks, final int size, final int me)
    {
        if (ranks == null || ranks.length == 0)
        {
            throw new IllegalArgumentException("ranks : " + (ranks == null ? "null" : "empty") + " (expected: the members, this rank among them)");
        }
        final boolean[] seen = new boolean[size];
        for (final int r : ranks)
        {
            Envelope.checkRank(r, size);
            if (seen[r])
            {
                throw new IllegalArgumentException("ranks : " + r + " twice (expected: distinct ranks)");
            }
            seen[r] = true;
        }
        if (!seen[me])
        {
            throw new IllegalArgumentException("ranks : " + Arrays.toString(ranks) + " (expected: to hold this rank, " + me + ")");
        }
        return ranks.clone();
    }

    /** This rank's number in the local group. */
    @Override
    public int rank()
    {
        return rank;
    }

    /** The size of the local group. */
    @Override
    public int size()
    {
        return localWorld.length;
    }

    /** The size of the remote group. */
    public int remoteSize()
    {
        return remoteWorld.length;
    }

    /** The job (world) ranks of the local group, in its order. */
    public int[] localWorldRanks()
    {
        return localWorld.clone();
    }

    /** The job (world) ranks of the remote group, in its order. */
    public int[] remoteWorldRanks()
    {
        return remoteWorld.clone();
    }

    /**
     * The intra-communicator of both groups (MPI_INTERCOMM_MERGE): the group that passed
     * {@code high = false} first; when both pass the same value, the group holding the lower world
     * rank first. Collective over both groups; every member of a group passes the same value.
     */
    public Comm merge(final boolean high)
    {
        checkOpen();
        final int unionRank = union.rank();
        return union.split(0, (high ? union.size() : 0) + unionRank);
    }

    /** A duplicate: the same groups, a new context. Collective over both groups. */
    public Intercomm dup()
    {
        checkOpen();
        return new Intercomm(union.dup(), localWorld, remoteWorld, rank, localFirst);
    }

    /**
     * Starts a {@link #dup()} and returns at once (MPI_COMM_IDUP on an inter-communicator): the
     * members of both groups agree on the new context as for {@link Comm#idup()}, and the request's
     * {@link CommRequest#comm()} is the duplicate once it completes. Collective over both groups.
     */
    public CommRequest<Intercomm> idup()
    {
        checkOpen();
        return union.idup(u -> new Intercomm(u, localWorld, remoteWorld, rank, localFirst));
    }

    /** The inter-communicator's collectives, made on first use. */
    private synchronized InterCollectives inter()
    {
        checkOpen();
        if (collectives == null)
        {
            final int context = union.group().context();
            collectives = new InterCollectives(union.engine(), new Group(localWorld, rank, context),
                new Group(remoteWorld, rank, context));
        }
        return collectives;
    }

    /** True when this rank's group comes first in the union (and in {@code merge} with equal {@code high}). */
    public boolean isLocalFirst()
    {
        return localFirst;
    }

    private void checkOpen()
    {
        calls.checkOpen();
    }

    /** Closes this inter-communicator (not collective); its context pair is given back as a {@link Comm}'s. */
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
        union.close();
    }

    @Override
    public String toString()
    {
        return "Intercomm{rank=" + rank + ", local=" + Arrays.toString(localWorld) + ", remote=" + Arrays.toString(remoteWorld) + '}';
    }

    // ---------------------------------------------------------------------------------------
    // Collectives (the rules are in the class comment)
    // ---------------------------------------------------------------------------------------

    private static void await(final Schedule s)
    {
        new CollectiveRequest(s).await();
    }

    @Override
    public void barrier()
    {
        await(inter().barrier());
    }

    @Override
    public Request ibarrier()
    {
        return new CollectiveRequest(inter().barrier());
    }

    @Override
    public void bcast(final MessageBuffer buf, final int root)
    {
        await(bcastSchedule(buf, root));
    }

    @Override
    public Request ibcast(final MessageBuffer buf, final int root)
    {
        return new CollectiveRequest(bcastSchedule(buf, root));
    }

    private Schedule bcastSchedule(final MessageBuffer buf, final int root)
    {
        return inter().bcast(array(buf, "buf"), offset(buf), count(buf), root);
    }

    /** {@inheritDoc} The count is the root's receive buffer's, the senders' send buffer's. */
    @Override
    public void reduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        await(reduceSchedule(sendBuf, recvBuf, op, root));
    }

    @Override
    public Request ireduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        return new CollectiveRequest(reduceSchedule(sendBuf, recvBuf, op, root));
    }

    private Schedule reduceSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op, final int root)
    {
        return inter().reduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            root == ROOT ? count(recvBuf) : count(sendBuf), op, root);
    }

    @Override
    public void allReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        await(allReduceSchedule(sendBuf, recvBuf, op));
    }

    @Override
    public Request iallReduce(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(allReduceSchedule(sendBuf, recvBuf, op));
    }

    private Schedule allReduceSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return inter().allReduce(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            count(recvBuf), op);
    }

    /** {@inheritDoc} The root's receive buffer holds one block per remote rank. */
    @Override
    public void gather(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        await(gatherSchedule(sendBuf, recvBuf, root));
    }

    @Override
    public Request igather(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        return new CollectiveRequest(gatherSchedule(sendBuf, recvBuf, root));
    }

    private Schedule gatherSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        final int count = root == ROOT ? block(recvBuf, remoteSize(), "recvBuf") : count(sendBuf);
        return inter().moves().gatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count, array(recvBuf, "recvBuf"),
            blockCounts(count), blockDispls(offset(recvBuf), count), root);
    }

    @Override
    public void gatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs,
        final int root)
    {
        await(gathervSchedule(sendBuf, recvBuf, recvCounts, displs, root));
    }

    @Override
    public Request igatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs,
        final int root)
    {
        return new CollectiveRequest(gathervSchedule(sendBuf, recvBuf, recvCounts, displs, root));
    }

    private Schedule gathervSchedule(
        final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs, final int root)
    {
        return inter().moves().gatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf), array(recvBuf, "recvBuf"),
            recvCounts, displacements(recvBuf, displs), root);
    }

    /** {@inheritDoc} The root's send buffer holds one block per remote rank. */
    @Override
    public void scatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        await(scatterSchedule(sendBuf, recvBuf, root));
    }

    @Override
    public Request iscatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        return new CollectiveRequest(scatterSchedule(sendBuf, recvBuf, root));
    }

    private Schedule scatterSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int root)
    {
        final int count = root == ROOT ? block(sendBuf, remoteSize(), "sendBuf") : count(recvBuf);
        return inter().moves().scatterv(array(sendBuf, "sendBuf"), blockCounts(count), blockDispls(offset(sendBuf), count),
            array(recvBuf, "recvBuf"), offset(recvBuf), count, root);
    }

    @Override
    public void scatterv(final MessageBuffer sendBuf, final int[] sendCounts, final int[] displs, final MessageBuffer recvBuf,
        final int root)
    {
        await(scattervSchedule(sendBuf, sendCounts, displs, recvBuf, root));
    }

    @Override
    public Request iscatterv(final MessageBuffer sendBuf, final int[] sendCounts, final int[] displs, final MessageBuffer recvBuf,
        final int root)
    {
        return new CollectiveRequest(scattervSchedule(sendBuf, sendCounts, displs, recvBuf, root));
    }

    private Schedule scattervSchedule(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] displs, final MessageBuffer recvBuf, final int root)
    {
        return inter().moves().scatterv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, displs),
            array(recvBuf, "recvBuf"), offset(recvBuf), count(recvBuf), root);
    }

    /** {@inheritDoc} The groups' counts may differ: the receive buffer holds one block per remote rank. */
    @Override
    public void allGather(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        await(allGatherSchedule(sendBuf, recvBuf));
    }

    @Override
    public Request iallGather(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        return new CollectiveRequest(allGatherSchedule(sendBuf, recvBuf));
    }

    private Schedule allGatherSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        final int count = block(recvBuf, remoteSize(), "recvBuf");
        return inter().moves().allGatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf), array(recvBuf, "recvBuf"),
            blockCounts(count), blockDispls(offset(recvBuf), count));
    }

    @Override
    public void allGatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final int[] displs)
    {
        await(allGathervSchedule(sendBuf, recvBuf, recvCounts, displs));
    }

    @Override
    public Request iallGatherv(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts,
        final int[] displs)
    {
        return new CollectiveRequest(allGathervSchedule(sendBuf, recvBuf, recvCounts, displs));
    }

    private Schedule allGathervSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts,
        final int[] displs)
    {
        return inter().moves().allGatherv(array(sendBuf, "sendBuf"), offset(sendBuf), count(sendBuf), array(recvBuf, "recvBuf"),
            recvCounts, displacements(recvBuf, displs));
    }

    /** {@inheritDoc} Each buffer holds one block per remote rank; the groups' block sizes may differ. */
    @Override
    public void allToAll(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        await(allToAllSchedule(sendBuf, recvBuf));
    }

    @Override
    public Request iallToAll(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        return new CollectiveRequest(allToAllSchedule(sendBuf, recvBuf));
    }

    private Schedule allToAllSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf)
    {
        final int sendCount = block(sendBuf, remoteSize(), "sendBuf");
        final int recvCount = block(recvBuf, remoteSize(), "recvBuf");
        return inter().moves().allToAllv(array(sendBuf, "sendBuf"), blockCounts(sendCount), blockDispls(offset(sendBuf), sendCount),
            array(recvBuf, "recvBuf"), blockCounts(recvCount), blockDispls(offset(recvBuf), recvCount));
    }

    @Override
    public void allToAllv(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        await(allToAllvSchedule(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls));
    }

    @Override
    public Request iallToAllv(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        return new CollectiveRequest(allToAllvSchedule(sendBuf, sendCounts, sendDispls, recvBuf, recvCounts, recvDispls));
    }

    private Schedule allToAllvSchedule(
        final MessageBuffer sendBuf, final int[] sendCounts, final int[] sendDispls,
        final MessageBuffer recvBuf, final int[] recvCounts, final int[] recvDispls)
    {
        return inter().moves().allToAllv(array(sendBuf, "sendBuf"), sendCounts, displacements(sendBuf, sendDispls),
            array(recvBuf, "recvBuf"), recvCounts, displacements(recvBuf, recvDispls));
    }

    /** {@inheritDoc} Each member gives {@code size()} blocks of the receive buffer's count; the other group's reduction is scattered. */
    @Override
    public void reduceScatterBlock(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        await(reduceScatterBlockSchedule(sendBuf, recvBuf, op));
    }

    @Override
    public Request ireduceScatterBlock(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        return new CollectiveRequest(reduceScatterBlockSchedule(sendBuf, recvBuf, op));
    }

    private Schedule reduceScatterBlockSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final Op op)
    {
        final int[] counts = new int[size()];
        Arrays.fill(counts, count(recvBuf));
        return inter().reduceScatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            counts, op);
    }

    @Override
    public void reduceScatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final Op op)
    {
        await(reduceScatterSchedule(sendBuf, recvBuf, recvCounts, op));
    }

    @Override
    public Request ireduceScatter(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts, final Op op)
    {
        return new CollectiveRequest(reduceScatterSchedule(sendBuf, recvBuf, recvCounts, op));
    }

    private Schedule reduceScatterSchedule(final MessageBuffer sendBuf, final MessageBuffer recvBuf, final int[] recvCounts,
        final Op op)
    {
        return inter().reduceScatter(array(sendBuf, "sendBuf"), offset(sendBuf), array(recvBuf, "recvBuf"), offset(recvBuf),
            recvCounts, op);
    }

    /** {@code count} for each remote rank. */
    private int[] blockCounts(final int count)
    {
        final int[] counts = new int[remoteSize()];
        Arrays.fill(counts, count);
        return counts;
    }

    /** The displacements of consecutive blocks of {@code count} from {@code offset}, one per remote rank. */
    private int[] blockDispls(final int offset, final int count)
    {
        final int[] displs = new int[remoteSize()];
        for (int r = 0; r < displs.length; r++)
        {
            displs[r] = (int)Math.min(Integer.MAX_VALUE, offset + (long)r * count);
        }
        return displs;
    }
}
