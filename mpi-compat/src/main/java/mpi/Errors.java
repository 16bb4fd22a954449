package mpi;

import io.rankwire.RankwireException;

/** Maps Rankwire's exceptions to {@link MPIException}s with an MPI error class. */
final class Errors
{
    private Errors()
    {
    }

    static MPIException of(final RuntimeException e)
    {
        if (e instanceof MPIException)
        {
            return (MPIException)e;
        }
        if (e instanceof RankwireException)
        {
            return new MPIException(MPI.ERR_OTHER, e.getMessage(), e);
        }
        if (e instanceof IllegalArgumentException)
        {
            return new MPIException(MPI.ERR_ARG, e.getMessage(), e);
        }
        if (e instanceof IllegalStateException)
        {
            return new MPIException(MPI.ERR_COMM, e.getMessage(), e);
        }
        return new MPIException(MPI.ERR_INTERN, String.valueOf(e), e);
    }
}
