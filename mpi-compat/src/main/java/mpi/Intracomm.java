package mpi;

/** An intra-communicator: {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF} and those made from them. */
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
     * Partitions the group by {@code colour}, ordering each part by ({@code key}, old rank);
     * null for ranks passing {@link MPI#UNDEFINED}. Collective.
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
            return c == null ? null : new Intracomm(c);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }
}
