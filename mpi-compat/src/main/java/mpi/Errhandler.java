package mpi;

/** An error handler of a communicator: {@link MPI#ERRORS_RETURN} or {@link MPI#ERRORS_ARE_FATAL}. */
public final class Errhandler implements Freeable
{
    private final boolean fatal;

    Errhandler(final boolean fatal)
    {
        this.fatal = fatal;
    }

    boolean isFatal()
    {
        return fatal;
    }

    /** False: the predefined handlers are never null. */
    public boolean isNull()
    {
        return false;
    }

    /** Frees the handler (predefined handlers stay valid). */
    public void free()
    {
    }

    @Override
    public String toString()
    {
        return fatal ? "ERRORS_ARE_FATAL" : "ERRORS_RETURN";
    }
}
