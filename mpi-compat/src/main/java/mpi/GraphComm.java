package mpi;

/**
 * A communicator with a graph topology ({@link Intracomm#createGraph}) or a distributed graph
 * topology ({@link Intracomm#createDistGraph}, {@link Intracomm#createDistGraphAdjacent}), with
 * its neighbour queries and the neighbour collectives of {@link Comm} over its edges.
 */
public final class GraphComm extends Intracomm
{
    GraphComm(final int which)
    {
        super(which);
    }

    GraphComm(final io.rankwire.Comm fixed, final Topology topology)
    {
        super(fixed);
        state().topology = topology;
    }

    private Topology topo()
    {
        rw();
        return state().topology;
    }

    /** A new communicator with the same group, topology, attributes and info hints. Collective. */
    @Override
    public GraphComm dup()
    {
        return copyState(new GraphComm(dupRw(), topo()), null);
    }

    @Override
    public GraphComm clone()
    {
        return dup();
    }

    /** A new communicator with the same group, topology and attributes and the hints of {@code info}. Collective. */
    @Override
    public GraphComm dupWithInfo(final Info info)
    {
        return copyState(new GraphComm(dupRw(), topo()), info);
    }

    private GraphTopology graph()
    {
        final Topology t = topo();
        if (!(t instanceof GraphTopology))
        {
            throw new MPIException(MPI.ERR_TOPOLOGY, "communicator : a distributed graph (expected: a graph made by createGraph)");
        }
        return (GraphTopology)t;
    }

    /** The graph's cumulative degrees and edges ({@code MPI_GRAPHDIMS_GET}, {@code MPI_GRAPH_GET}). */
    public GraphParms getDims()
    {
        final GraphTopology g = graph();
        return new GraphParms(g.index.clone(), g.edges.clone());
    }

    /** The neighbours of {@code rank} ({@code MPI_GRAPH_NEIGHBORS}). */
    public int[] getNeighbors(final int rank)
    {
        return graph().neighbours(Group.checkRank(rank, getSize(), "rank"));
    }

    /** This process's in-edges and out-edges in a distributed graph ({@code MPI_DIST_GRAPH_NEIGHBORS}). */
    public DistGraphNeighbors getDistGraphNeighbors()
    {
        final Topology t = topo();
        if (!(t instanceof DistGraphTopology))
        {
            throw new MPIException(MPI.ERR_TOPOLOGY, "communicator : a graph (expected: a distributed graph made by createDistGraph)");
        }
        final DistGraphTopology d = (DistGraphTopology)t;
        return new DistGraphNeighbors(d.sources.clone(), d.sourceWeights.clone(), d.destinations.clone(), d.destWeights.clone(), d.weighted);
    }

    /**
     * The rank this process would have in the graph ({@code MPI_GRAPH_MAP}): its own rank, or
     * {@link MPI#UNDEFINED} when the graph has fewer nodes.
     */
    public int map(final int[] index, final int[] edges)
    {
        Topologies.checkGraph(index, edges, getSize());
        return getRank() < index.length ? getRank() : MPI.UNDEFINED;
    }
}
