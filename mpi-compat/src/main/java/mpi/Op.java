package mpi;

/**
 * A reduction operation ({@link MPI#SUM}, {@link MPI#MAX}, ...). The predefined operations exist
 * so that code naming them compiles; see docs/COMPATIBILITY.md for which collectives use them.
 */
public final class Op
{
    private final String name;
    private final boolean commute;

    Op(final String name, final boolean commute)
    {
        this.name = name;
        this.commute = commute;
    }

    /** True when the operation is commutative. */
    public boolean isCommute()
    {
        return commute;
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
