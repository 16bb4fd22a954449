package mpi;

/**
 * A reduction operation ({@link MPI#SUM}, {@link MPI#MAX}, ...), applied by Rankwire's
 * collectives ({@code io.rankwire.Op}). {@code MINLOC}/{@code MAXLOC} take the pair types whose
 * two halves have one Java type: {@link MPI#INT2}, {@link MPI#FLOAT2}, {@link MPI#DOUBLE2}.
 */
public final class Op implements Freeable
{
    private final String name;
    private final boolean commute;
    private final io.rankwire.Op rw;

    Op(final String name, final boolean commute, final io.rankwire.Op rw)
    {
        this.name = name;
        this.commute = commute;
        this.rw = rw;
    }

    /** The Rankwire operation, or {@link MPI#ERR_OP} for operations collectives cannot apply. */
    io.rankwire.Op rw()
    {
        if (rw == null)
        {
            throw new MPIException(MPI.ERR_OP, "op : " + name + " (expected: a reduction operation; " + name +
                " is only meaningful for one-sided accumulates)");
        }
        return rw;
    }

    /** True when the operation is commutative. */
    public boolean isCommute()
    {
        return commute;
    }

    /** True when the operation is commutative ({@code MPI_OP_COMMUTATIVE}). */
    public boolean isCommutative()
    {
        return commute;
    }

    /** False: the predefined operations are never null. */
    public boolean isNull()
    {
        return false;
    }

    /** Frees the operation (predefined operations stay valid). */
    public void free()
    {
    }

    String name()
    {
        return name;
    }

    @Override
    public String toString()
    {
        return "Op{" + name + '}';
    }
}
