package mpi;

import io.rankwire.Rankwire;

/**
 * What {@code MPI.COMM_WORLD} and the {@code MPI} statics mean for one rank: its Rankwire runtime,
 * its world and self communicators, its attached buffer and its state. Found through the calling
 * thread (an inheritable thread-local, so threads a rank starts belong to it), else the single
 * rank of this process (a JVM started by the launcher for one rank).
 */
final class Binding
{
    private static final InheritableThreadLocal<Binding> CURRENT = new InheritableThreadLocal<>();
    private static final Object LOCK = new Object();
    private static Binding processWide;
    private static int initializedInProcess;

    final Rankwire rw;
    final boolean owned;
    final CommState worldState = new CommState();
    final CommState selfState = new CommState();
    final AttachedBuffer attached = new AttachedBuffer();
    final StagingPool staging = new StagingPool();
    volatile io.rankwire.Comm self;
    volatile boolean initialized;
    volatile boolean finalized;
    volatile int threadLevel = MPI.THREAD_SINGLE;
    volatile Thread mainThread;

    Binding(final Rankwire rw, final boolean owned)
    {
        this.rw = rw;
        this.owned = owned;
    }

    static Binding onThread()
    {
        return CURRENT.get();
    }

    static void bindThread(final Binding b)
    {
        if (b == null)
        {
            CURRENT.remove();
        }
        else
        {
            CURRENT.set(b);
        }
    }

    /** The binding of the calling thread (or of this process), or null. */
    static Binding find()
    {
        final Binding b = CURRENT.get();
        if (b != null)
        {
            return b;
        }
        synchronized (LOCK)
        {
            return processWide;
        }
    }

    /** The initialized, not finalized binding of the calling thread. */
    static Binding current()
    {
        final Binding b = find();
        if (b == null || !b.initialized)
        {
            throw new MPIException(MPI.ERR_OTHER, "MPI : not initialized on thread " + Thread.currentThread().getName() +
                " (expected: MPI.Init or MPI.InitThread first)");
        }
        if (b.finalized)
        {
            throw new MPIException(MPI.ERR_OTHER, "MPI : finalized (expected: calls between MPI.Init and MPI.Finalize)");
        }
        return b;
    }

    /** Records an initialized rank; a process with exactly one rank lets other threads find it. */
    static void registered(final Binding b)
    {
        synchronized (LOCK)
        {
            initializedInProcess++;
            processWide = initializedInProcess == 1 && b.owned ? b : null;
        }
    }
}
