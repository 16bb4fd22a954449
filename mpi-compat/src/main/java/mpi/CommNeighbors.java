package mpi;

/**
 * The neighbour collectives of {@link Comm} (declared on {@code Comm} as in Open MPI), for
 * communicators with a topology ({@link CartComm}, {@link GraphComm}); elsewhere they raise
 * {@link MPI#ERR_TOPOLOGY}. Each process sends to its out-neighbours and receives one block from
 * each in-neighbour, in the topology's neighbour order (see {@link Neighbors}).
 */
abstract class CommNeighbors extends CommReductions
{
    CommNeighbors(final int which)
    {
        super(which);
    }

    CommNeighbors(final io.rankwire.Comm fixed, final CommState state)
    {
        super(fixed, state);
    }

    CommNeighbors(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        super(creation, state);
    }

    private Neighbors neighbors()
    {
        final io.rankwire.Comm c = rw();
        final Topology t = state().topology;
        if (t == null)
        {
            throw new MPIException(MPI.ERR_TOPOLOGY, "communicator : " + this + " has no topology (expected: one made by " +
                "createCart, createGraph, createDistGraph or createDistGraphAdjacent)");
        }
        return new Neighbors(state().neighbours(c), t, c.rank());
    }

    /** Sends {@code sendbuf} to every out-neighbour; block k of {@code recvbuf} ({@code recvcount} items) comes from in-neighbour k. */
    public final void neighborAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Like {@link #neighborAllGather} with {@code recvcount[k]} items from in-neighbour k at {@code displs[k]}. */
    public final void neighborAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(displs, n.inDegree(), "displs"), recvtype);
    }

    /** Block k of {@code sendbuf} ({@code sendcount} items) goes to out-neighbour k; block k of {@code recvbuf} comes from in-neighbour k. */
    public final void neighborAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), n.blocks(n.outDegree(), sendcount), sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Like {@link #neighborAllToAll} with per-neighbour counts and displacements (in items). */
    public final void neighborAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, Coll.head(sendcount, n.outDegree(), "sendcount"), Coll.head(sdispls, n.outDegree(), "sdispls"), sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(rdispls, n.inDegree(), "rdispls"), recvtype);
    }

    /** Starts a {@link #neighborAllGather}; {@code recvbuf} holds the blocks once the request completes. */
    public final Request iNeighborAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Starts a {@link #neighborAllGatherv}. */
    public final Request iNeighborAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(displs, n.inDegree(), "displs"), recvtype);
    }

    /** Starts a {@link #neighborAllToAll}. */
    public final Request iNeighborAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), n.blocks(n.outDegree(), sendcount), sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Starts a {@link #neighborAllToAllv}. */
    public final Request iNeighborAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, Coll.head(sendcount, n.outDegree(), "sendcount"), Coll.head(sdispls, n.outDegree(), "sdispls"), sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(rdispls, n.inDegree(), "rdispls"), recvtype);
    }
}
