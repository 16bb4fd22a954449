package mpi;

/** Per-communicator settings of the compatibility layer. */
final class CommState
{
    volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    volatile String name = "";
}
