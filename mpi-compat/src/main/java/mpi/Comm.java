package mpi;

/**
 * A communicator, as in the Open MPI Java bindings: point-to-point communication and probes
 * ({@link CommPointToPoint}), the collectives and reductions, which Open MPI declares here so
 * they can be called on a {@code Comm}-typed variable ({@link CommCollectives},
 * {@link CommReductions}), and communicator management, error handlers and names (this class).
 *
 * <p>Buffers are Java primitive arrays (from element 0), heap buffers (from their position, e.g.
 * made by {@link MPI#slice}) or direct buffers (from their position). Counts are in units of the
 * datatype whatever the element type of the buffer. Nonblocking calls accept arrays as well as
 * direct buffers; the buffer must not be touched until the request completes.
 *
 * <p>A null communicator ({@link #isNull()}), such as {@code split} returns to ranks passing
 * {@link MPI#UNDEFINED}, raises {@link MPI#ERR_COMM} from every call but {@code isNull}.
 */
public class Comm extends CommAttributes implements Freeable, Cloneable
{
    /** The split type of {@link Intracomm#splitType}: processes that can share memory (on one host). */
    public static final int TYPE_SHARED = 0;

    private Request dupRequest;

    Comm(final int which)
    {
        super(which);
    }

    Comm(final io.rankwire.Comm fixed)
    {
        super(fixed, new CommState());
    }

    /** A communicator {@code creation} (an iDup in flight) makes; its request is {@link #getRequest()}. */
    Comm(final io.rankwire.CommRequest<?> creation)
    {
        super(creation, new CommState());
        this.dupRequest = new Request(creation, null);
    }

    // ---- management

    /**
     * Ends the whole job ({@code io.rankwire.Rankwire.abort}): the launcher and the other ranks are
     * told, this rank's connections close in order, and this process exits with
     * {@code errorcode}; the launcher ends the other ranks and exits with it too.
     */
    public final void abort(final int errorcode)
    {
        System.err.println("MPI_ABORT was invoked on rank " + safeRank() + " with errorcode " + errorcode);
        System.out.flush();
        System.err.flush();
        final Binding b = Binding.find();
        if (b != null && b.initialized && !b.finalized)
        {
            try
            {
                b.rw.abort(errorcode);
            }
            catch (final RuntimeException e)
            {
                // ranks sharing one JVM (an in-JVM job): this rank's end is the JVM's, as in MPI
            }
        }
        System.exit(errorcode);
    }

    private String safeRank()
    {
        try
        {
            return Integer.toString(getRank());
        }
        catch (final MPIException e)
        {
            return "?";
        }
    }

    /**
     * Frees the communicator, dropping its attributes; {@code COMM_WORLD} and {@code COMM_SELF}
     * cannot be freed.
     */
    public final void free()
    {
        if (which == NULL)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : MPI_COMM_NULL (expected: a valid communicator)");
        }
        if (which != FIXED)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : " + getName() + " (expected: a communicator made by dup or split)");
        }
        fixed(); // ERR_COMM while the iDup making it is in flight
        state().release();
        closeFixed();
    }

    /** Closes the Rankwire communicator behind this one ({@link Intercomm} closes more). */
    void closeFixed()
    {
        fixed().close();
    }

    /** True once this communicator was freed. */
    public final boolean isNull()
    {
        return which == NULL || which == FIXED && fixedClosed();
    }

    /** The group of this communicator's members, in rank order ({@code MPI_COMM_GROUP}). */
    public final Group getGroup()
    {
        return localGroup();
    }

    /** The local group: the Rankwire communicator's members, except for an {@link Intercomm}. */
    Group localGroup()
    {
        return Group.of(rw());
    }

    /** A new communicator with the same group, attributes and info hints ({@code MPI_COMM_DUP}). Collective. */
    public Comm dup()
    {
        return copyState(new Comm(dupRw()), null);
    }

    /**
     * {@code MPI_COMM_IDUP}: starts a duplicate (same group, attributes and info hints, copied now)
     * and returns at once, without waiting for the other members; the duplicate may be used once
     * its {@link #getRequest()} completed (wait or test it, alone or beside other requests; it
     * moves on whenever this rank makes progress). Collective, in the order of this communicator's
     * other collectives. Using the duplicate before raises {@link MPI#ERR_COMM}.
     */
    public Comm iDup()
    {
        return copyState(new Comm(iDupRw()), null);
    }

    /** The request of the {@link #iDup()} that made this communicator, or {@link MPI#REQUEST_NULL}. */
    public final Request getRequest()
    {
        return dupRequest == null ? MPI.REQUEST_NULL : dupRequest;
    }

    /** Starts the Rankwire side of an iDup. */
    final io.rankwire.CommRequest<io.rankwire.Comm> iDupRw()
    {
        try
        {
            return rw().idup();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /**
     * A new communicator with the same group and attributes and the hints of {@code info}
     * ({@code MPI_COMM_DUP_WITH_INFO}). Collective.
     */
    public Comm dupWithInfo(final Info info)
    {
        return copyState(new Comm(dupRw()), info);
    }

    /** Copies this communicator's attributes, and its hints or those of {@code info}, to {@code to}. */
    final <T extends Comm> T copyState(final T to, final Info info)
    {
        to.state().attributes.copyFrom(state().attributes);
        to.state().info = info == null ? state().info.dup() : Info.hintsOf(info);
        to.state().errhandler = state().errhandler;
        to.state().topology = state().topology;
        return to;
    }

    /**
     * The kind of topology attached: {@link MPI#CART}, {@link MPI#GRAPH}, {@link MPI#DIST_GRAPH},
     * or {@link MPI#UNDEFINED} for none.
     */
    public final int getTopology()
    {
        rw();
        final Topology t = state().topology;
        return t == null ? MPI.UNDEFINED : t.kind();
    }

    /** True for an {@link Intercomm}. */
    public final boolean isInter()
    {
        rw();
        return this instanceof Intercomm;
    }

    /**
     * An inter-communicator between {@code localComm}'s group and a disjoint remote group
     * ({@code MPI_INTERCOMM_CREATE}), called on the peer communicator as in Open MPI: it holds
     * both leaders ({@code remoteLeader} is the remote leader's rank in it) and is used at the local
     * leader only, to exchange the groups with {@code tag}. Collective over both groups.
     */
    public final Intercomm createIntercomm(final Comm localComm, final int localLeader, final int remoteLeader, final int tag)
    {
        final io.rankwire.Comm local = localComm.rw();
        if (localLeader < 0 || localLeader >= local.size())
        {
            throw new MPIException(MPI.ERR_RANK, "localLeader : " + localLeader + " (expected: 0.." + (local.size() - 1) + ")");
        }
        final io.rankwire.Comm peer = local.rank() == localLeader ? rw() : null;
        if (peer != null && (remoteLeader < 0 || remoteLeader >= peer.size()))
        {
            throw new MPIException(MPI.ERR_RANK, "remoteLeader : " + remoteLeader + " (expected: 0.." + (peer.size() - 1) + ")");
        }
        try
        {
            return new Intercomm(local.createIntercomm(localLeader, peer, remoteLeader, tag));
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    final io.rankwire.Comm dupRw()
    {
        try
        {
            return rw().dup();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    @Override
    public Comm clone()
    {
        return dup();
    }

    /**
     * Compares two communicators: {@link MPI#IDENT} (the same), {@link MPI#CONGRUENT} (same ranks
     * in the same order), {@link MPI#SIMILAR} (same ranks, another order) or {@link MPI#UNEQUAL}.
     */
    public static int compare(final Comm comm1, final Comm comm2)
    {
        final io.rankwire.Comm a = comm1.rw();
        final io.rankwire.Comm b = comm2.rw();
        if (a == b)
        {
            return MPI.IDENT;
        }
        if (a.size() != b.size())
        {
            return MPI.UNEQUAL;
        }
        final int[] wa = new int[a.size()];
        final int[] wb = new int[b.size()];
        for (int i = 0; i < wa.length; i++)
        {
            wa[i] = a.worldRank(i);
            wb[i] = b.worldRank(i);
        }
        if (java.util.Arrays.equals(wa, wb))
        {
            return MPI.CONGRUENT;
        }
        java.util.Arrays.sort(wa);
        java.util.Arrays.sort(wb);
        return java.util.Arrays.equals(wa, wb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    @Override
    public String toString()
    {
        return "Comm{" + (which == WORLD ? "WORLD" : which == SELF ? "SELF" : which == NULL ? "NULL" : fixedOrCreation()) + '}';
    }
}
