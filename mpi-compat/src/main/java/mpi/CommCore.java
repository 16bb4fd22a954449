package mpi;

/**
 * What every communicator is made of: the Rankwire communicator behind it (the calling rank's
 * world or self communicator for {@link MPI#COMM_WORLD} and {@link MPI#COMM_SELF}, a fixed one for
 * communicators made by dup, split, create and the topology constructors, none for a null
 * communicator), its per-communicator state, and the argument checks shared by its calls. The
 * public calls live in the layers above: {@link CommPointToPoint}, {@link CommCollectives},
 * {@link CommReductions}, {@link Comm}.
 */
abstract class CommCore
{
    static final int FIXED = 0;
    static final int WORLD = 1;
    static final int SELF = 2;
    static final int NULL = 3;

    final int which;
    /** The Rankwire communicator behind a FIXED one; null while the iDup making it is in flight. */
    private volatile io.rankwire.Comm fixed;
    /** The iDup making this communicator, or null. */
    private final io.rankwire.CommRequest<?> creation;
    private final CommState state;

    CommCore(final int which)
    {
        this.which = which;
        this.fixed = null;
        this.creation = null;
        this.state = which == NULL ? new CommState() : null;
    }

    CommCore(final io.rankwire.Comm fixed, final CommState state)
    {
        this.which = FIXED;
        this.fixed = fixed;
        this.creation = null;
        this.state = state;
    }

    /** A communicator an iDup is making: usable once {@code creation} completed. */
    CommCore(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        this.which = FIXED;
        this.creation = creation;
        this.state = state;
    }

    /**
     * The Rankwire communicator behind a FIXED communicator; for one made by iDup, the new one once
     * its request completed, {@link MPI#ERR_COMM} before (MPI makes using it before erroneous).
     */
    final io.rankwire.Comm fixed()
    {
        final io.rankwire.Comm f = fixed;
        return f != null ? f : adoptCreated();
    }

    private synchronized io.rankwire.Comm adoptCreated()
    {
        if (fixed == null)
        {
            if (!creation.isDone())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : made by iDup, whose request has not completed " +
                    "(expected: the request of getRequest() completed first)");
            }
            try
            {
                fixed = adopt(creation.comm());
            }
            catch (final RuntimeException e)
            {
                throw Errors.of(e);
            }
        }
        return fixed;
    }

    /** Takes over what an iDup made (a communicator; an {@link Intercomm} has more to keep). */
    io.rankwire.Comm adopt(final Object made)
    {
        return (io.rankwire.Comm)made;
    }

    /** The Rankwire communicator behind a FIXED one, or its iDup while in flight (for toString). */
    final String fixedOrCreation()
    {
        final io.rankwire.Comm f = fixed;
        return f != null ? f.toString() : String.valueOf(creation);
    }

    /**
     * True once the Rankwire communicator behind a FIXED one was closed; false while an iDup makes
     * it, or when that iDup failed (using it raises the failure).
     */
    final boolean fixedClosed()
    {
        final io.rankwire.Comm f = fixed;
        if (f != null)
        {
            return f.isClosed();
        }
        try
        {
            return creation.isDone() && fixed().isClosed();
        }
        catch (final MPIException failed)
        {
            return false;
        }
    }

    /** The Rankwire communicator behind this one; {@link MPI#ERR_COMM} for a freed or null communicator. */
    final io.rankwire.Comm rw()
    {
        if (which == FIXED)
        {
            final io.rankwire.Comm f = fixed();
            if (f.isClosed())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : freed (expected: a valid communicator)");
            }
            Binding.current();
            return f;
        }
        if (which == NULL)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : MPI_COMM_NULL (expected: a valid communicator)");
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.rw.world() : b.self;
    }

    /** The Rankwire calls behind this communicator's collectives: its own, or an inter-communicator's ({@link Intercomm}). */
    io.rankwire.CollectiveComm collRw()
    {
        return rw();
    }

    /**
     * How many ranks the per-rank count arrays of gathers, scatters, all-gathers and all-to-all
     * index: the group's size, the remote group's for an {@link Intercomm}.
     */
    int collPeers()
    {
        return rw().size();
    }

    /** Per-communicator settings: error handler, name, attributes, info, topology. */
    final CommState state()
    {
        if (which == FIXED || which == NULL)
        {
            return state;
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.worldState : b.selfState;
    }

    /** The rank's binding: its runtime, attached buffer and staging pool. */
    static Binding binding()
    {
        return Binding.current();
    }

    /** This rank's number in the communicator. */
    public final int getRank()
    {
        return rw().rank();
    }

    /** The number of ranks in the communicator (of the local group for an inter-communicator). */
    public final int getSize()
    {
        return localSize();
    }

    /** The local group's size: the Rankwire communicator's, except for an {@link Intercomm}. */
    int localSize()
    {
        return rw().size();
    }

    /** Checks a send's destination and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkDest(final io.rankwire.Comm c, final int dest, final int tag)
    {
        if (tag < 0 || tag > io.rankwire.Comm.TAG_UB)
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + io.rankwire.Comm.TAG_UB + ")");
        }
        if (dest == MPI.PROC_NULL)
        {
            return false;
        }
        if (dest < 0 || dest >= c.size())
        {
            throw new MPIException(MPI.ERR_RANK, "dest : " + dest + " (expected: 0.." + (c.size() - 1) + " or PROC_NULL)");
        }
        return true;
    }

    /** Checks a receive's source and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkSource(final io.rankwire.Comm c, final int source, final int tag)
    {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > io.rankwire.Comm.TAG_UB))
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + io.rankwire.Comm.TAG_UB + " or ANY_TAG)");
        }
        if (source == MPI.PROC_NULL)
        {
            return false;
        }
        if (source != MPI.ANY_SOURCE && (source < 0 || source >= c.size()))
        {
            throw new MPIException(MPI.ERR_RANK, "source : " + source + " (expected: 0.." + (c.size() - 1) +
                ", ANY_SOURCE or PROC_NULL)");
        }
        return true;
    }
}
