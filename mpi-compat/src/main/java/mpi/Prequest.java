package mpi;

import java.util.function.Supplier;

/**
 * A persistent request ({@code sendInit}, {@code recvInit}, ...): {@link #start()} begins one
 * instance of the operation; completing it leaves the request inactive, ready to start again.
 * {@link #free()} releases it (it becomes null).
 *
 * <p>Standard, synchronous and ready sends and receives whose buffer Rankwire can use in place
 * (primitive arrays whose range is whole elements, direct buffers) map onto one
 * {@link io.rankwire.PersistentRequest}, bound once: a start/wait round reuses it. Buffered
 * sends, {@code PROC_NULL} peers and buffers that need a staging copy start a fresh operation
 * on every round instead.
 */
public final class Prequest extends Request
{
    private final Supplier<Request> starter;
    private final io.rankwire.PersistentRequest persistent;

    Prequest(final Supplier<Request> starter)
    {
        super(true);
        this.starter = starter;
        this.persistent = null;
    }

    Prequest(final io.rankwire.PersistentRequest persistent)
    {
        super(true);
        this.starter = null;
        this.persistent = persistent;
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
        if (persistent == null)
        {
            activate(starter.get());
            return;
        }
        try
        {
            persistent.start();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        activate(persistent);
    }

    /** Starts every request in {@code requests}. */
    public static void startAll(final Prequest[] requests)
    {
        for (final Prequest r : requests)
        {
            r.start();
        }
    }

    /**
     * Frees the request. An active operation continues and completes on its own; the request
     * becomes null.
     */
    @Override
    public void free()
    {
        super.free();
        if (persistent != null)
        {
            persistent.close();
        }
    }
}
