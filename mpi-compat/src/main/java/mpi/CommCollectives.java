package mpi;

/**
 * The data-moving collectives of {@link Comm} (declared on {@code Comm} as in Open MPI, so they
 * can be called on a {@code Comm}-typed variable): barrier, broadcast, gather, scatter,
 * all-gather and all-to-all with their vector and in-place forms, and the nonblocking barrier
 * and broadcast. Count and displacement arrays may be longer than the group; their first
 * {@code getSize()} entries are read, as Open MPI does. They map onto Rankwire's collectives
 * through {@link Coll}.
 */
abstract class CommCollectives extends CommPointToPoint
{
    CommCollectives(final int which)
    {
        super(which);
    }

    CommCollectives(final io.rankwire.Comm fixed, final CommState state)
    {
        super(fixed, state);
    }

    CommCollectives(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        super(creation, state);
    }

    final Coll coll()
    {
        final io.rankwire.CollectiveComm c = collRw();
        return new Coll(c, getRank(), getSize(), collPeers(), this instanceof Intercomm);
    }

    final Movers movers()
    {
        return new Movers(coll());
    }

    /** Blocks until every member (of both groups, on an inter-communicator) has called barrier. */
    public final void barrier()
    {
        final io.rankwire.CollectiveComm c = collRw();
        Coll.run(c::barrier);
    }

    /** Copies {@code count} elements from {@code root} to every member. */
    public final void bcast(final Object buf, final int count, final Datatype type, final int root)
    {
        movers().bcast(buf, count, type, root);
    }

    /** Gathers {@code sendcount} elements from each member into {@code recvbuf} at {@code root}. */
    public final void gather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype, root);
    }

    /** In-place gather: the root's block is already in {@code buf}; other members send {@code count} elements of {@code buf}. */
    public final void gather(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            gather(Coll.IN_PLACE, count, type, buf, count, type, root);
        }
        else
        {
            gather(buf, count, type, null, count, type, root);
        }
    }

    /** Gathers {@code recvcount[r]} elements from member r into {@code recvbuf} at {@code displs[r]} at {@code root}. */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        movers().gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, root, false);
    }

    /** In-place gatherv at the root: its block is already in {@code recvbuf}. */
    public final void gatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        gatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype, root);
    }

    /** gatherv at a member other than the root (the receive arguments are not significant there). */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root)
    {
        gatherv(sendbuf, sendcount, sendtype, null, null, null, sendtype, root);
    }

    /** Sends block r ({@code sendcount} elements) of the root's {@code sendbuf} to member r. */
    public final void scatter(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), sendcount);
        scatterv(sendbuf, counts, Coll.blockDispls(counts), sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** In-place scatter: the root keeps its block in {@code buf}; other members receive {@code count} elements into {@code buf}. */
    public final void scatter(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            scatter(buf, count, type, Coll.IN_PLACE, count, type, root);
        }
        else
        {
            scatter(null, count, type, buf, count, type, root);
        }
    }

    /** Sends {@code sendcount[r]} elements at {@code displs[r]} of the root's {@code sendbuf} to member r. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        movers().scatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount, recvtype, root, false);
    }

    /** In-place scatterv at the root: it keeps its block in {@code sendbuf}. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
    {
        scatterv(sendbuf, sendcount, displs, sendtype, Coll.IN_PLACE, 0, sendtype, root);
    }

    /** scatterv at a member other than the root (the send arguments are not significant there). */
    public final void scatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        scatterv(null, null, null, recvtype, recvbuf, recvcount, recvtype, root);
    }

    /** Every member receives every member's {@code sendcount} elements, in rank order. */
    public final void allGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        allGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype);
    }

    /** In-place allGather: each member's block is already at its place in {@code buf}. */
    public final void allGather(final Object buf, final int count, final Datatype type)
    {
        allGather(Coll.IN_PLACE, count, type, buf, count, type);
    }

    /** Every member receives member r's {@code recvcount[r]} elements at {@code displs[r]}. */
    public final void allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        movers().allGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, false);
    }

    /** In-place allGatherv: each member's block is already at its place in {@code recvbuf}. */
    public final void allGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        allGatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype);
    }

    /** Block r ({@code sendcount} elements) of each member's {@code sendbuf} goes to member r. */
    public final void allToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] sc = Coll.filled(collPeers(), sendcount);
        final int[] rc = Coll.filled(collPeers(), recvcount);
        allToAllv(sendbuf, sc, Coll.blockDispls(sc), sendtype, recvbuf, rc, Coll.blockDispls(rc), recvtype);
    }

    /** {@code sendcount[r]} elements at {@code sdispls[r]} go to member r, into its {@code recvbuf} at {@code rdispls[me]}. */
    public final void allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        movers().allToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype, false);
    }

    // ---- nonblocking collectives

    /** Starts a barrier; the request completes once every member has entered it. */
    public final Request iBarrier()
    {
        final io.rankwire.CollectiveComm c = collRw();
        try
        {
            return new Request(c.ibarrier(), null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Starts a broadcast of {@code count} elements from {@code root}; {@code buf} holds them once the request completes. */
    public final Request iBcast(final Object buf, final int count, final Datatype type, final int root)
    {
        return movers().ibcast(buf, count, type, root);
    }

    /** Starts a {@link #gather(Object, int, Datatype, Object, int, Datatype, int) gather}; {@code recvbuf} holds the blocks at the root once the request completes. */
    public final Request iGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        return iGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype, root);
    }

    /** Starts an in-place gather (see {@link #gather(Object, int, Datatype, int)}). */
    public final Request iGather(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            return iGather(Coll.IN_PLACE, count, type, buf, count, type, root);
        }
        return iGather(buf, count, type, null, count, type, root);
    }

    /** Starts a {@link #gatherv(Object, int, Datatype, Object, int[], int[], Datatype, int) gatherv}. */
    public final Request iGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return movers().gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, root, true);
    }

    /** Starts an in-place gatherv at the root. */
    public final Request iGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return iGatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype, root);
    }

    /** Starts a gatherv at a member other than the root. */
    public final Request iGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root)
    {
        return iGatherv(sendbuf, sendcount, sendtype, null, null, null, sendtype, root);
    }

    /** Starts a {@link #scatter(Object, int, Datatype, Object, int, Datatype, int) scatter}. */
    public final Request iScatter(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), sendcount);
        return iScatterv(sendbuf, counts, Coll.blockDispls(counts), sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** Starts an in-place scatter (see {@link #scatter(Object, int, Datatype, int)}). */
    public final Request iScatter(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            return iScatter(buf, count, type, Coll.IN_PLACE, count, type, root);
        }
        return iScatter(null, count, type, buf, count, type, root);
    }

    /** Starts a {@link #scatterv(Object, int[], int[], Datatype, Object, int, Datatype, int) scatterv}. */
    public final Request iScatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        return movers().scatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount, recvtype, root, true);
    }

    /** Starts an in-place scatterv at the root. */
    public final Request iScatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
    {
        return iScatterv(sendbuf, sendcount, displs, sendtype, Coll.IN_PLACE, 0, sendtype, root);
    }

    /** Starts a scatterv at a member other than the root. */
    public final Request iScatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        return iScatterv(null, null, null, recvtype, recvbuf, recvcount, recvtype, root);
    }

    /** Starts an {@link #allGather(Object, int, Datatype, Object, int, Datatype) allGather}. */
    public final Request iAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        return iAllGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype);
    }

    /** Starts an in-place allGather. */
    public final Request iAllGather(final Object buf, final int count, final Datatype type)
    {
        return iAllGather(Coll.IN_PLACE, count, type, buf, count, type);
    }

    /** Starts an {@link #allGatherv(Object, int, Datatype, Object, int[], int[], Datatype) allGatherv}. */
    public final Request iAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        return movers().allGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, true);
    }

    /** Starts an in-place allGatherv. */
    public final Request iAllGatherv(final Object buf, final int[] count, final int[] displs, final Datatype type)
    {
        return iAllGatherv(Coll.IN_PLACE, 0, type, buf, count, displs, type);
    }

    /** Starts an {@link #allToAll(Object, int, Datatype, Object, int, Datatype) allToAll}. */
    public final Request iAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] sc = Coll.filled(collPeers(), sendcount);
        final int[] rc = Coll.filled(collPeers(), recvcount);
        return iAllToAllv(sendbuf, sc, Coll.blockDispls(sc), sendtype, recvbuf, rc, Coll.blockDispls(rc), recvtype);
    }

    /** Starts an {@link #allToAllv(Object, int[], int[], Datatype, Object, int[], int[], Datatype) allToAllv}. */
    public final Request iAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        return movers().allToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype, true);
    }

    /**
     * Block r ({@code sendcount[r]} items of {@code sendtypes[r]} from byte {@code sdispls[r]} of
     * {@code sendbuf}) goes to member r, into its {@code recvbuf} at byte {@code rdispls[me]} as
     * {@code recvcount[me]} items of {@code recvtypes[me]} ({@code MPI_ALLTOALLW}).
     */
    public final void allToAllw(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype[] recvtypes)
    {
        movers().allToAllw(sendbuf, sendcount, sdispls, sendtypes, recvbuf, recvcount, rdispls, recvtypes, false);
    }

    /** Starts an {@link #allToAllw}; {@code recvbuf} holds the blocks once the request completes. */
    public final Request iAllToAllw(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype[] recvtypes)
    {
        return movers().allToAllw(sendbuf, sendcount, sdispls, sendtypes, recvbuf, recvcount, rdispls, recvtypes, true);
    }
}
