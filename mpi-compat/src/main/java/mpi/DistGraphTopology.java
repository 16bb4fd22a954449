package mpi;

/**
 * A distributed graph (MPI_DIST_GRAPH_CREATE and its adjacent form): this process's in-edges
 * (sources, with weights) and out-edges (destinations, with weights). A neighbour collective
 * receives from the sources and sends to the destinations in list order; repeated edges between
 * two processes pair up in order, which the constructors keep consistent on both ends.
 */
final class DistGraphTopology extends Topology
{
    final int[] sources;
    final int[] sourceWeights;
    final int[] destinations;
    final int[] destWeights;
    final boolean weighted;

    DistGraphTopology(final int[] sources, final int[] sourceWeights, final int[] destinations, final int[] destWeights,
        final boolean weighted)
    {
        this.sources = sources.clone();
        this.sourceWeights = sourceWeights.clone();
        this.destinations = destinations.clone();
        this.destWeights = destWeights.clone();
        this.weighted = weighted;
    }

    @Override
    int kind()
    {
        return MPI.DIST_GRAPH;
    }

    @Override
    int[] sources(final int rank)
    {
        return sources.clone();
    }

    @Override
    int[] destinations(final int rank)
    {
        return destinations.clone();
    }
}
