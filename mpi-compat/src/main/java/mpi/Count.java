package mpi;

/** A count that may exceed the range of an {@code int} ({@code MPI_Count}), as {@link Status#getElementsX} returns it. */
@SuppressWarnings("rawtypes")
public final class Count implements Comparable
{
    private long count;

    /** A count of {@code count}. */
    public Count(final long count)
    {
        this.count = count;
    }

    /** The value. */
    public long getCount()
    {
        return count;
    }

    /** Sets the value. */
    public void setCount(final long count)
    {
        this.count = count;
    }

    @Override
    public boolean equals(final Object obj)
    {
        return obj instanceof Count && ((Count)obj).count == count;
    }

    @Override
    public int hashCode()
    {
        return Long.hashCode(count);
    }

    /** Orders by value; compared with anything but a {@code Count}, this one is the smaller (-1), as in Open MPI. */
    @Override
    public int compareTo(final Object obj)
    {
        return obj instanceof Count ? Long.compare(count, ((Count)obj).count) : -1;
    }

    @Override
    public String toString()
    {
        return Long.toString(count);
    }
}
