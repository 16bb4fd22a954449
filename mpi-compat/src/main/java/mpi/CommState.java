package mpi;

/**
 * Per-communicator settings of the compatibility layer: error handler, name, cached attributes,
 * info hints, and the topology a topology constructor attached.
 */
final class CommState
{
    volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    volatile String name = "";
    final Attributes attributes = new Attributes();
    volatile Info info = new Info();
}
