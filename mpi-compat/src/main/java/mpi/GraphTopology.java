package mpi;

/**
 * A general graph (MPI_GRAPH_CREATE): node r's neighbours are
 * {@code edges[index[r-1] .. index[r])} ({@code index[-1]} being 0). A neighbour collective sends to
 * and receives from those neighbours in that order; repeated edges between two nodes pair up in
 * order.
 */
final class GraphTopology extends Topology
{
    final int[] index;
    final int[] edges;

    GraphTopology(final int[] index, final int[] edges)
    {
        this.index = index.clone();
        this.edges = edges.clone();
    }

    @Override
    int kind()
    {
        return MPI.GRAPH;
    }

    int[] neighbours(final int rank)
    {
        final int from = rank == 0 ? 0 : index[rank - 1];
        return java.util.Arrays.copyOfRange(edges, from, index[rank]);
    }

    @Override
    int[] sources(final int rank)
    {
        return neighbours(rank);
    }

    @Override
    int[] destinations(final int rank)
    {
        return neighbours(rank);
    }
}
