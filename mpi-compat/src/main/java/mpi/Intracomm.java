package mpi;

/**
 * An intra-communicator: {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF} and those made from them.
 * Adds to {@link Comm} what MPI defines for intra-communicators only: split, the prefix
 * reductions, and the constructors of communicators from groups and topologies.
 */
public class Intracomm extends Comm
{
    Intracomm(final int which)
    {
        super(which);
    }

    Intracomm(final io.rankwire.Comm fixed)
    {
        super(fixed);
    }

    private Intracomm(final io.rankwire.CommRequest<?> creation)
    {
        super(creation);
    }

    /** A new communicator with the same group, attributes and info hints. Collective. */
    @Override
    public Intracomm dup()
    {
        return copyState(new Intracomm(dupRw()), null);
    }

    /** {@code MPI_COMM_IDUP}: see {@link Comm#iDup()}. */
    @Override
    public Intracomm iDup()
    {
        return copyState(new Intracomm(iDupRw()), null);
    }

    /** A new communicator with the same group and attributes and the hints of {@code info}. Collective. */
    @Override
    public Intracomm dupWithInfo(final Info info)
    {
        return copyState(new Intracomm(dupRw()), info);
    }

    @Override
    public Intracomm clone()
    {
        return dup();
    }

    /**
     * Partitions the group by {@code colour}, ordering each part by ({@code key}, old rank).
     * Ranks passing {@link MPI#UNDEFINED} get a null communicator ({@link #isNull()} is true), as
     * Open MPI returns {@code MPI_COMM_NULL} wrapped in an {@code Intracomm}. Collective.
     */
    public final Intracomm split(final int colour, final int key)
    {
        if (colour < 0 && colour != MPI.UNDEFINED)
        {
            throw new MPIException(MPI.ERR_ARG, "colour : " + colour + " (expected: >= 0 or UNDEFINED)");
        }
        try
        {
            final io.rankwire.Comm c = intra().split(colour, key);
            return c == null ? new Intracomm(NULL) : new Intracomm(c);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /**
     * Partitions the group by the kind of {@code splitType} ({@code MPI_COMM_SPLIT_TYPE}):
     * {@link Comm#TYPE_SHARED} groups the processes of one host (host names compared), each part
     * ordered by ({@code key}, old rank); {@link MPI#UNDEFINED} gives a null communicator.
     * {@code info} becomes the new communicator's hints. Collective.
     */
    public final Intracomm splitType(final int splitType, final int key, final Info info)
    {
        final Info hints = Info.hintsOf(info);
        if (splitType != TYPE_SHARED && splitType != MPI.UNDEFINED)
        {
            throw new MPIException(MPI.ERR_ARG, "splitType : " + splitType + " (expected: Comm.TYPE_SHARED or MPI.UNDEFINED)");
        }
        final int colour = Hosts.firstRankOnMyHost(intra());
        final Intracomm c = split(splitType == MPI.UNDEFINED ? MPI.UNDEFINED : colour, key);
        if (!c.isNull())
        {
            c.state().info = hints;
        }
        return c;
    }

    /**
     * A communicator of the members of {@code group}, ranked in group order
     * ({@code MPI_COMM_CREATE}); processes outside {@code group} get a null communicator.
     * Collective over this communicator: every member calls it, each with the group it belongs to
     * (the groups of different callers are the same or disjoint, as MPI requires).
     * {@link MPI#ERR_GROUP} when {@code group} has a process outside this communicator.
     */
    public final Intracomm create(final Group group)
    {
        final io.rankwire.Comm c = intra();
        final int[] members = group.members();
        final org.agrona.collections.Int2IntHashMap ranks = Group.of(c).index();
        for (int i = 0; i < members.length; i++)
        {
            if (ranks.get(members[i]) == MPI.UNDEFINED)
            {
                throw new MPIException(MPI.ERR_GROUP, "group : member " + i + " (world rank " + members[i] +
                    ") is not in this communicator (expected: a subset of its group)");
            }
        }
        final int me = group.getRank();
        return split(me == MPI.UNDEFINED ? MPI.UNDEFINED : ranks.get(members[0]), me);
    }

    /**
     * A communicator of the members of {@code group}, ranked in group order
     * ({@code MPI_COMM_CREATE_GROUP}), collective over the members of {@code group} only.
     * Processes outside {@code group} get a null communicator without communicating.
     *
     * <p>The members agree on a context among themselves (Rankwire's {@code Comm.createGroup});
     * concurrent creations over overlapping groups need different tags. Members outside this
     * communicator raise {@link MPI#ERR_GROUP}.
     */
    public final Intracomm createGroup(final Group group, final int tag)
    {
        final io.rankwire.Comm c = intra();
        if (tag < 0 || tag > io.rankwire.Comm.TAG_UB)
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + io.rankwire.Comm.TAG_UB + ")");
        }
        final int me = group.getRank();
        if (me == MPI.UNDEFINED)
        {
            return new Intracomm(NULL);
        }
        final int[] members = group.members();
        final org.agrona.collections.Int2IntHashMap index = Group.of(c).index();
        final int[] ranks = new int[members.length];
        for (int i = 0; i < members.length; i++)
        {
            ranks[i] = index.get(members[i]);
            if (ranks[i] == MPI.UNDEFINED)
            {
                throw new MPIException(MPI.ERR_GROUP, "group : member " + i + " (world rank " + members[i] +
                    ") is not in this communicator (expected: a subset of its group)");
            }
        }
        try
        {
            return new Intracomm(c.createGroup(ranks, tag));
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    // ---- topology constructors

    /**
     * A communicator of the first {@code prod(dims)} processes laid out on a grid
     * ({@code MPI_CART_CREATE}); the others get a null communicator. Rankwire keeps ranks in
     * place whatever {@code reorder} says. {@link MPI#ERR_DIMS} for a non-positive dimension or a
     * grid larger than this communicator. Collective.
     */
    public final CartComm createCart(final int[] dims, final boolean[] periods, final boolean reorder)
    {
        final io.rankwire.Comm c = intra();
        final int n = Topologies.checkCart(dims, periods, c.size());
        final io.rankwire.Comm made = splitRw(c.rank() < n ? 0 : MPI.UNDEFINED, c.rank());
        return made == null ? new CartComm(NULL) : new CartComm(made, new CartTopology(dims, periods));
    }

    /**
     * A communicator of the first {@code index.length} processes with the graph whose node r has
     * the neighbours {@code edges[index[r-1] .. index[r])} ({@code MPI_GRAPH_CREATE}); the others
     * get a null communicator. Ranks stay in place. Collective.
     */
    public final GraphComm createGraph(final int[] index, final int[] edges, final boolean reorder)
    {
        final io.rankwire.Comm c = intra();
        Topologies.checkGraph(index, edges, c.size());
        final io.rankwire.Comm made = splitRw(c.rank() < index.length ? 0 : MPI.UNDEFINED, c.rank());
        return made == null ? new GraphComm(NULL) : new GraphComm(made, new GraphTopology(index, edges));
    }

    /**
     * A communicator of the same processes with a distributed graph ({@code MPI_DIST_GRAPH_CREATE}):
     * this process names, for each {@code sources[i]}, {@code degrees[i]} edges to the next
     * entries of {@code destinations}, with {@code weights}. The edges are exchanged so that every
     * process learns its in- and out-edges. {@code info} becomes the new communicator's hints;
     * ranks stay in place. Collective.
     */
    public final GraphComm createDistGraph(final int[] sources, final int[] degrees, final int[] destinations, final int[] weights,
        final Info info, final boolean reorder)
    {
        final io.rankwire.Comm c = intra();
        final Info hints = Info.hintsOf(info);
        final DistGraphTopology t = DistGraphs.exchange(c, sources, degrees, destinations, weights);
        return withHints(new GraphComm(dupRw(), t), hints);
    }

    /** {@link #createDistGraph(int[], int[], int[], int[], Info, boolean)} without weights ({@code MPI_UNWEIGHTED}). */
    public final GraphComm createDistGraph(final int[] sources, final int[] degrees, final int[] destinations,
        final Info info, final boolean reorder)
    {
        return createDistGraph(sources, degrees, destinations, null, info, reorder);
    }

    /**
     * A communicator of the same processes with a distributed graph given by each process's own
     * in-edges ({@code sources}) and out-edges ({@code destinations}), with their weights
     * ({@code MPI_DIST_GRAPH_CREATE_ADJACENT}). Collective; the edges are not exchanged, so they
     * must agree between processes.
     */
    public final GraphComm createDistGraphAdjacent(final int[] sources, final int[] sourceWeights,
        final int[] destinations, final int[] destWeights, final Info info, final boolean reorder)
    {
        final io.rankwire.Comm c = intra();
        final Info hints = Info.hintsOf(info);
        final DistGraphTopology t = DistGraphs.adjacent(c.size(), sources, sourceWeights, destinations, destWeights);
        return withHints(new GraphComm(dupRw(), t), hints);
    }

    /** {@link #createDistGraphAdjacent(int[], int[], int[], int[], Info, boolean)} without weights. */
    public final GraphComm createDistGraphAdjacent(final int[] sources, final int[] destinations, final Info info, final boolean reorder)
    {
        return createDistGraphAdjacent(sources, null, destinations, null, info, reorder);
    }

    private static GraphComm withHints(final GraphComm comm, final Info hints)
    {
        comm.state().info = hints;
        return comm;
    }

    /** Splits the Rankwire communicator behind this one; null for {@link MPI#UNDEFINED}. */
    final io.rankwire.Comm splitRw(final int colour, final int key)
    {
        final io.rankwire.Comm[] made = new io.rankwire.Comm[1];
        Coll.run(() -> made[0] = intra().split(colour, key));
        return made[0];
    }

    /** Inclusive prefix reduction. */
    public final void scan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ArrayCollectives c = collRw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::scan);
    }

    /** In-place inclusive prefix reduction: {@code recvbuf} holds the input and receives the result. */
    public final void scan(final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        scan(Coll.IN_PLACE, recvbuf, count, type, op);
    }

    /** Exclusive prefix reduction (rank 0's {@code recvbuf} is left as it is). */
    public final void exScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ArrayCollectives c = collRw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::exScan);
    }

    /**
     * In-place exclusive prefix reduction: {@code buf} holds the input and receives the reduction
     * of the lower ranks' inputs (rank 0's {@code buf} is left as it is).
     */
    public final void exScan(final Object buf, final int count, final Datatype type, final Op op)
    {
        exScan(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Starts a {@link #scan(Object, Object, int, Datatype, Op) scan}; {@code recvbuf} holds the result once the request completes. */
    public final Request iScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ArrayCollectives c = collRw();
        return coll().ireduce(sendbuf, recvbuf, count, type, op, true, c::iscan);
    }

    /** Starts an in-place scan. */
    public final Request iScan(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iScan(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Starts an {@link #exScan(Object, Object, int, Datatype, Op) exScan}; process 0's {@code recvbuf} is left untouched. */
    public final Request iExScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ArrayCollectives c = collRw();
        return coll().ireduce(sendbuf, recvbuf, count, type, op, true, c::iexScan);
    }

    /** Starts an in-place exScan. */
    public final Request iExScan(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iExScan(Coll.IN_PLACE, buf, count, type, op);
    }
}
