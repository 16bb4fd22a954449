package mpi;

/**
 * A graph topology as {@link GraphComm#getDims()} reports it: node i's neighbours are edges
 * {@code getIndex(i-1) .. getIndex(i)-1} ({@code getIndex(-1)} being 0).
 */
public final class GraphParms
{
    private final int[] index;
    private final int[] edges;

    /** The cumulative degrees and the edges. */
    protected GraphParms(final int[] index, final int[] edges)
    {
        this.index = index;
        this.edges = edges;
    }

    /** The number of nodes. */
    public int getIndexCount()
    {
        return index.length;
    }

    /** The cumulative degree of nodes 0..i. */
    public int getIndex(final int i)
    {
        return index[i];
    }

    /** The number of edges. */
    public int getEdgeCount()
    {
        return edges.length;
    }

    /** Edge {@code i}: a neighbour's rank. */
    public int getEdge(final int i)
    {
        return edges[i];
    }
}
