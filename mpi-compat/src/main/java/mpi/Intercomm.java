package mpi;

/**
 * An inter-communicator ({@code MPI_Intercomm}): a local and a remote group. Made by
 * {@link Comm#createIntercomm} on the peer communicator. {@link #getSize()}, {@link #getRank()}
 * and {@link #getGroup()} describe the local group; point-to-point calls address the remote group
 * (destinations, sources and statuses are remote ranks). Over Rankwire's
 * {@code io.rankwire.Intercomm}; collectives on an inter-communicator raise
 * {@link MPI#ERR_COMM} ({@link #merge} and use the intra-communicator).
 */
public final class Intercomm extends Comm
{
    private final io.rankwire.Intercomm inter;

    Intercomm(final io.rankwire.Intercomm inter)
    {
        super(inter.pointToPoint());
        this.inter = inter;
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

    /** {@code MPI_COMM_IDUP}: as {@link #dup()}, its request already complete (see {@link Comm#iDup()}). */
    @Override
    public Intercomm iDup()
    {
        return withDupRequest(dup());
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
