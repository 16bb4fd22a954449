package mpi;

/** Argument checks shared by the API, each raising {@link MPIException} with a message naming the value and the limit. */
final class Args
{
    private Args()
    {
    }

    /** {@code value} when {@code >= 0}, else {@link MPI#ERR_COUNT}. */
    static int count(final int value, final String name)
    {
        if (value < 0)
        {
            throw new MPIException(MPI.ERR_COUNT, name + " : " + value + " (expected: >= 0)");
        }
        return value;
    }

    /** {@code value} when {@code >= 0}, else {@link MPI#ERR_ARG}. */
    static int nonNegative(final int value, final String name)
    {
        if (value < 0)
        {
            throw new MPIException(MPI.ERR_ARG, name + " : " + value + " (expected: >= 0)");
        }
        return value;
    }

    /** {@code value} when not null, else {@link MPI#ERR_ARG}. */
    static <T> T notNull(final T value, final String name)
    {
        if (value == null)
        {
            throw new MPIException(MPI.ERR_ARG, name + " : null (expected: a value)");
        }
        return value;
    }

    /** The common length of two arrays, else {@link MPI#ERR_ARG}. */
    static int sameLength(final int[] a, final String aName, final int[] b, final String bName)
    {
        notNull(a, aName);
        notNull(b, bName);
        if (a.length != b.length)
        {
            throw new MPIException(MPI.ERR_ARG, bName + ".length : " + b.length + " (expected: " + a.length + ", as " + aName + ".length)");
        }
        return a.length;
    }

    /**
     * The length of {@code a}, checked to be at most {@code b}'s (Open MPI's C calls read only as
     * many of {@code b}'s entries as {@code a} has), else {@link MPI#ERR_ARG}.
     */
    static int coveredLength(final int[] a, final String aName, final int[] b, final String bName)
    {
        notNull(a, aName);
        notNull(b, bName);
        if (b.length < a.length)
        {
            throw new MPIException(MPI.ERR_ARG, bName + ".length : " + b.length + " (expected: >= " + a.length + ", as " + aName + ".length)");
        }
        return a.length;
    }
}
