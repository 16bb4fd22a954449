package mpi;

/** The calling process's edges in a distributed graph ({@link GraphComm#getDistGraphNeighbors()}). */
public final class DistGraphNeighbors
{
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destWeights;
    private final boolean weighted;

    /** The in-edges and out-edges with their weights. */
    protected DistGraphNeighbors(final int[] sources, final int[] sourceWeights, final int[] destinations, final int[] destWeights,
        final boolean weighted)
    {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    /** The number of edges into this process. */
    public int getInDegree()
    {
        return sources.length;
    }

    /** The number of edges out of this process. */
    public int getOutDegree()
    {
        return destinations.length;
    }

    /** False when the graph was made without weights ({@code MPI_UNWEIGHTED}); the weights are then all 1. */
    public boolean isWeighted()
    {
        return weighted;
    }

    /** The process at the start of in-edge {@code i}. */
    public int getSource(final int i)
    {
        return sources[i];
    }

    /** The weight of in-edge {@code i}. */
    public int getSourceWeight(final int i)
    {
        return sourceWeights[i];
    }

    /** The process at the end of out-edge {@code i}. */
    public int getDestination(final int i)
    {
        return destinations[i];
    }

    /** The weight of out-edge {@code i}. */
    public int getDestinationWeight(final int i)
    {
        return destWeights[i];
    }
}
