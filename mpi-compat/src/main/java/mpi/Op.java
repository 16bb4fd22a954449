package mpi;

/**
 * A reduction operation: one of the predefined ones ({@link MPI#SUM}, {@link MPI#MAX}, ...),
 * applied by Rankwire's collectives ({@code io.rankwire.Op}), or a user operation
 * ({@link #Op(UserFunction, boolean)}) whose {@link UserFunction} combines items in their
 * datatype's layout. See docs/COMPATIBILITY.md for which types each operation takes.
 */
public final class Op implements Freeable
{
    private final String name;
    private final boolean commute;
    private final io.rankwire.Op rw;
    private final UserFunction function;
    private volatile boolean freed;

    Op(final String name, final boolean commute, final io.rankwire.Op rw)
    {
        this.name = name;
        this.commute = commute;
        this.rw = rw;
        this.function = null;
    }

    /**
     * A user operation ({@code MPI_OP_CREATE}): {@code function} combines two vectors of items.
     * Collectives apply it in rank order to whole vectors, whether or not it is
     * {@code commute}, so it never sees a vector cut inside an item.
     */
    public Op(final UserFunction function, final boolean commute)
    {
        this.name = "USER";
        this.commute = commute;
        this.rw = null;
        this.function = Args.notNull(function, "function");
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

    /** The user function, or null for a predefined operation; {@link MPI#ERR_OP} once freed. */
    UserFunction function()
    {
        if (freed)
        {
            throw new MPIException(MPI.ERR_OP, "op : freed (expected: a valid operation)");
        }
        return function;
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

    /** True once a user operation was freed; predefined operations are never null. */
    public boolean isNull()
    {
        return freed;
    }

    /** Frees a user operation; predefined operations stay valid. */
    @Override
    public void free()
    {
        if (function != null)
        {
            freed = true;
        }
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
