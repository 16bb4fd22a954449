package mpi;

import java.util.function.Supplier;

/**
 * A persistent request ({@code sendInit}, {@code recvInit}, ...): {@link #start()} begins one
 * instance of the operation; completing it leaves the request inactive, ready to start again.
 * {@link #free()} releases it (it becomes null).
 */
public final class Prequest extends Request
{
    private final Supplier<Request> starter;

    Prequest(final Supplier<Request> starter)
    {
        super(true);
        this.starter = starter;
    }

    @Override
    boolean persistent()
    {
        return true;
    }

    /** Starts one instance of the operation. */
    public void start()
    {
        if (isNull())
        {
            throw new MPIException(MPI.ERR_REQUEST, "request : freed (expected: a persistent request that was not freed)");
        }
        if (isActive())
        {
            throw new MPIException(MPI.ERR_REQUEST, "request : active (expected: an inactive persistent request)");
        }
        activate(starter.get());
    }

    /** Starts every request in {@code requests}. */
    public static void startAll(final Prequest[] requests)
    {
        for (final Prequest r : requests)
        {
            r.start();
        }
    }
}
