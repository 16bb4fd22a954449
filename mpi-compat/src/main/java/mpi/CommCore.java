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
    final io.rankwire.Comm fixed;
    private final CommState state;

    CommCore(final int which)
    {
        this.which = which;
        this.fixed = null;
        this.state = which == NULL ? new CommState() : null;
    }

    CommCore(final io.rankwire.Comm fixed, final CommState state)
    {
        this.which = FIXED;
        this.fixed = fixed;
        this.state = state;
    }

    /** The Rankwire communicator behind this one; {@link MPI#ERR_COMM} for a freed or null communicator. */
    final io.rankwire.Comm rw()
    {
        if (which == FIXED)
        {
            if (fixed.isClosed())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : freed (expected: a valid communicator)");
            }
            Binding.current();
            return fixed;
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
