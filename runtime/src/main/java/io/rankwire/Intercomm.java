package io.rankwire;

import java.util.Arrays;

import io.rankwire.coll.InterCollectives;
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
 * <p>Collectives ({@link InterCollectiveCalls}, MPI 4.1 section 6.2.2) move data between the
 * groups: their messages use the internal context c + 1 with tags of their own, local-group and
 * between-groups traffic apart (see {@code io.rankwire.coll.InterCollectives}).
 */
public final class Intercomm extends InterCollectiveCalls implements AutoCloseable
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
    private Comm view;
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
            final Request sent = peer.isend(localWorld, 0, localWorld.length, remoteLeader, tag);
            final Status st = peer.probe(remoteLeader, tag);
            remote = new int[st.bytes() / 4];
            peer.recv(remote, 0, remote.length, remoteLeader, tag);
            sent.await();
            size[0] = remote.length;
        }
        local.bcast(size, 0, 1, leader);
        remote = remote != null ? remote : new int[size[0]];
        local.bcast(remote, 0, remote.length, leader);
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
    public int rank()
    {
        return rank;
    }

    /** The size of the local group. */
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

    /**
     * These point-to-point calls as a {@link Comm} (ranks are remote ranks, {@code size()} is the
     * remote group's size, {@code rank()} this rank's in the local group), for code written
     * against {@code Comm}; it offers no collectives (this inter-communicator has its own), probes answer for the remote group, and
     * closing this inter-communicator closes it.
     */
    public synchronized Comm pointToPoint()
    {
        checkOpen();
        if (view == null)
        {
            view = new Comm(union.runtime(), new Group(remoteWorld, rank, union.group().context()), true);
        }
        return view;
    }

    @Override
    synchronized InterCollectives inter()
    {
        checkOpen();
        if (collectives == null)
        {
            final int context = union.group().context();
            collectives = new InterCollectives(union.engine(), new Group(localWorld, rank, context), new Group(remoteWorld, rank, context));
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
            if (view != null)
            {
                view.close();
            }
        }
        union.close();
    }

    @Override
    public String toString()
    {
        return "Intercomm{rank=" + rank + ", local=" + Arrays.toString(localWorld) + ", remote=" + Arrays.toString(remoteWorld) + '}';
    }
}
