package mpi;

/**
 * An inter-communicator ({@code MPI_Intercomm}): a local and a remote group. Made by
 * {@link Comm#createIntercomm} on the peer communicator. {@link #getSize()}, {@link #getRank()}
 * and {@link #getGroup()} describe the local group; point-to-point calls address the remote group
 * (destinations, sources and statuses are remote ranks). Over Rankwire's
 * {@code io.rankwire.Intercomm}.
 *
 * <p>The collectives declared on {@link Comm} work between the two groups, as MPI 4.1 section
 * 6.2.2 defines them: count and displacement arrays of the gathers, scatters, all-gathers and
 * all-to-all have one entry per rank of the remote group; in a rooted collective the root passes
 * {@link MPI#ROOT}, the rest of its group {@link MPI#PROC_NULL} and the other group the root's rank
 * in the remote group; all-reduce, reduce-scatter and all-gather give each group the other group's
 * data. There are no in-place forms ({@link MPI#ERR_ARG}) and no prefix reductions (those are on
 * {@link Intracomm}).
 */
public final class Intercomm extends Comm
{
    /** The Rankwire inter-communicator; null while the iDup making it is in flight (see {@link #adopt}). */
    private volatile io.rankwire.Intercomm inter;

    Intercomm(final io.rankwire.Intercomm inter)
    {
        super(inter);
        this.inter = inter;
    }

    private Intercomm(final io.rankwire.CommRequest<io.rankwire.Intercomm> creation)
    {
        super(creation);
    }

    @Override
    io.rankwire.Communicator adopt(final Object made)
    {
        inter = (io.rankwire.Intercomm)made;
        return inter;
    }

    /** A null inter-communicator ({@code MPI_COMM_NULL} as an {@code Intercomm}). */
    private Intercomm()
    {
        super(NULL);
        this.inter = null;
    }

    /**
     * {@code MPI_COMM_GET_PARENT}: the inter-communicator to the processes that spawned this one.
     * Rankwire starts no processes at run time ({@code spawn} is not offered), so no process has
     * a parent and this returns a null communicator ({@link #isNull()} true), as MPI does for a
     * process that was not spawned.
     */
    public static Intercomm getParent()
    {
        Binding.current();
        return new Intercomm();
    }

    @Override
    int collPeers()
    {
        rw();
        return inter.remoteSize();
    }

    @Override
    int localSize()
    {
        rw();
        return inter.size();
    }

    @Override
    Group localGroup()
    {
        rw();
        return new Group(inter.localWorldRanks());
    }

    @Override
    void closeFixed()
    {
        inter.close();
    }

    /** The number of processes in the remote group. */
    public int getRemoteSize()
    {
        rw();
        return inter.remoteSize();
    }

    /** The remote group, in its rank order. */
    public Group getRemoteGroup()
    {
        rw();
        return new Group(inter.remoteWorldRanks());
    }

    /**
     * The intra-communicator of both groups ({@code MPI_INTERCOMM_MERGE}): the group passing
     * {@code high = false} first; with equal values, the group holding the lowest process of the
     * job first. Collective over both groups.
     */
    public Intracomm merge(final boolean high)
    {
        rw();
        try
        {
            return new Intracomm(inter.merge(high));
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** A duplicate with the same groups and attributes and a new context. Collective over both groups. */
    @Override
    public Intercomm dup()
    {
        return copyState(newDup(), null);
    }

    /** A duplicate with the hints of {@code info}. */
    @Override
    public Intercomm dupWithInfo(final Info info)
    {
        return copyState(newDup(), info);
    }

    /**
     * {@code MPI_COMM_IDUP}: starts a duplicate, agreed among the members of both groups, and returns
     * at once (see {@link Comm#iDup()}).
     */
    @Override
    public Intercomm iDup()
    {
        rw();
        try
        {
            return copyState(new Intercomm(inter.idup()), null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    @Override
    public Intercomm clone()
    {
        return dup();
    }

    private Intercomm newDup()
    {
        rw();
        try
        {
            return new Intercomm(inter.dup());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }
}
