package mpi;

/**
 * Per-communicator settings of the compatibility layer: error handler, name, cached attributes,
 * info hints, the topology a topology constructor attached, and the private communicator of the
 * neighbour collectives (so that their messages never meet the user's on the communicator).
 */
final class CommState
{
    volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    volatile String name = "";
    final Attributes attributes = new Attributes();
    volatile Info info = new Info();
    /** The topology a topology constructor attached, or null. */
    volatile Topology topology;
    /** A private duplicate the neighbour collectives communicate on, made by the first one. */
    private io.rankwire.Comm neighbours;

    /** The duplicate of {@code comm} the neighbour collectives use; the first call (collective) makes it. */
    synchronized io.rankwire.Comm neighbours(final io.rankwire.Comm comm)
    {
        if (neighbours == null)
        {
            neighbours = comm.dup();
        }
        return neighbours;
    }

    /** Drops what a freed communicator held. */
    synchronized void release()
    {
        attributes.clear();
        if (neighbours != null)
        {
            neighbours.close();
            neighbours = null;
        }
    }
}
