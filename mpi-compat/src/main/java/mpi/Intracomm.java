package mpi;

/**
 * An intra-communicator: {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF} and those made from them.
 * Adds to {@link Comm} what MPI defines for intra-communicators only: split, the prefix
 * reductions, and the constructors of communicators from groups and topologies.
 */
public class Intracomm extends Comm
{
    Intracomm(final int which)
    {
        super(which);
    }

    Intracomm(final io.rankwire.Comm fixed)
    {
        super(fixed);
    }

    /** A new communicator with the same group. Collective. */
    @Override
    public Intracomm dup()
    {
        return new Intracomm(dupRw());
    }

    @Override
    public Intracomm clone()
    {
        return dup();
    }

    /**
     * Partitions the group by {@code colour}, ordering each part by ({@code key}, old rank).
     * Ranks passing {@link MPI#UNDEFINED} get a null communicator ({@link #isNull()} is true), as
     * Open MPI returns {@code MPI_COMM_NULL} wrapped in an {@code Intracomm}. Collective.
     */
    public final Intracomm split(final int colour, final int key)
    {
        if (colour < 0 && colour != MPI.UNDEFINED)
        {
            throw new MPIException(MPI.ERR_ARG, "colour : " + colour + " (expected: >= 0 or UNDEFINED)");
        }
        try
        {
            final io.rankwire.Comm c = rw().split(colour, key);
            return c == null ? new Intracomm(NULL) : new Intracomm(c);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Inclusive prefix reduction. */
    public final void scan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::scan);
    }

    /** In-place inclusive prefix reduction: {@code recvbuf} holds the input and receives the result. */
    public final void scan(final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        scan(Coll.IN_PLACE, recvbuf, count, type, op);
    }

    /** Exclusive prefix reduction (rank 0's {@code recvbuf} is left as it is). */
    public final void exScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::exScan);
    }

    /**
     * In-place exclusive prefix reduction: {@code buf} holds the input and receives the reduction
     * of the lower ranks' inputs (rank 0's {@code buf} is left as it is).
     */
    public final void exScan(final Object buf, final int count, final Datatype type, final Op op)
    {
        exScan(Coll.IN_PLACE, buf, count, type, op);
    }
}
