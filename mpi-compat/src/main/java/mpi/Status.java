package mpi;

/**
 * The outcome of a receive, probe or completed request: source, tag, error, cancellation, the
 * number of bytes received and, for the {@code ...Status} request families, the index of the
 * request in the array.
 */
public final class Status
{
    private final int source;
    private final int tag;
    private final int error;
    private boolean cancelled;
    private long bytes;
    private int index = MPI.UNDEFINED;

    Status(final int source, final int tag, final int error, final boolean cancelled, final long bytes)
    {
        this.source = source;
        this.tag = tag;
        this.error = error;
        this.cancelled = cancelled;
        this.bytes = bytes;
    }

    static Status empty()
    {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, MPI.SUCCESS, false, 0);
    }

    static Status procNull()
    {
        return new Status(MPI.PROC_NULL, MPI.ANY_TAG, MPI.SUCCESS, false, 0);
    }

    static Status of(final io.rankwire.Status s)
    {
        final int err = s.error() == io.rankwire.Status.OK ? MPI.SUCCESS :
            s.error() == io.rankwire.Status.TRUNCATED ? MPI.ERR_TRUNCATE : MPI.ERR_OTHER;
        return new Status(s.source() < 0 ? MPI.ANY_SOURCE : s.source(), s.tag() < 0 ? MPI.ANY_TAG : s.tag(),
            err, s.cancelled(), s.bytes());
    }

    /** {@code s}, or {@link MPI#ERR_TRUNCATE} raised when the message did not fit its receive buffer. */
    static Status untruncated(final Status s)
    {
        if (s.getError() == MPI.ERR_TRUNCATE)
        {
            throw new MPIException(MPI.ERR_TRUNCATE, "receive buffer : " + s.bytes() +
                " bytes (expected: room for the whole message, which was longer)");
        }
        return s;
    }

    Status withIndex(final int i)
    {
        index = i;
        return this;
    }

    long bytes()
    {
        return bytes;
    }

    /** The source rank of the message, {@code MPI.PROC_NULL} for a receive from it. */
    public int getSource()
    {
        return source;
    }

    /** The tag of the message. */
    public int getTag()
    {
        return tag;
    }

    /** The error class of the operation, {@code MPI.SUCCESS} when it succeeded. */
    public int getError()
    {
        return error;
    }

    /** The index of the request in the array given to a {@code ...Status} call, else {@code MPI.UNDEFINED}. */
    public int getIndex()
    {
        return index;
    }

    /** True when the operation was cancelled. */
    public boolean isCancelled()
    {
        return cancelled;
    }

    /**
     * The number of whole items of {@code type} received ({@code MPI_GET_COUNT}): the bytes
     * received divided by the type's size, or {@link MPI#UNDEFINED} when they are not a whole
     * number of items.
     */
    public int getCount(final Datatype type)
    {
        final long size = type.sizeBytes();
        if (size == 0)
        {
            return bytes == 0 ? 0 : MPI.UNDEFINED;
        }
        return bytes % size == 0 ? narrow(bytes / size) : MPI.UNDEFINED;
    }

    /**
     * The number of basic elements of {@code type} received ({@code MPI_GET_ELEMENTS}), which may
     * end inside an item, or {@link MPI#UNDEFINED} when the bytes end inside a basic element.
     */
    public int getElements(final Datatype type)
    {
        final long n = type.elementsIn(bytes);
        return n < 0 ? MPI.UNDEFINED : narrow(n);
    }

    /** Like {@link #getElements} as a {@link Count} ({@code MPI_GET_ELEMENTS_X}). */
    public Count getElementsX(final Datatype type)
    {
        final long n = type.elementsIn(bytes);
        return new Count(n < 0 ? MPI.UNDEFINED : n);
    }

    /**
     * Makes this status report {@code count} basic elements of {@code type}
     * ({@code MPI_STATUS_SET_ELEMENTS}): {@link #getElements} then returns {@code count} and
     * {@link #getCount} the whole items they make.
     */
    public void setElements(final Datatype type, final int count)
    {
        setElementsX(type, new Count(count));
    }

    /** Like {@link #setElements} with a {@link Count} ({@code MPI_STATUS_SET_ELEMENTS_X}). */
    public void setElementsX(final Datatype type, final Count count)
    {
        if (count.getCount() < 0)
        {
            throw new MPIException(MPI.ERR_COUNT, "count : " + count.getCount() + " (expected: >= 0)");
        }
        bytes = type.bytesOfElements(count.getCount());
    }

    /** Sets whether this status reports a cancelled operation ({@code MPI_STATUS_SET_CANCELLED}). */
    public void setCancelled(final boolean flag)
    {
        cancelled = flag;
    }

    private static int narrow(final long n)
    {
        return n > Integer.MAX_VALUE ? MPI.UNDEFINED : (int)n;
    }

    @Override
    public String toString()
    {
        return "Status{source=" + source + ", tag=" + tag + ", error=" + error + ", bytes=" + bytes +
            (cancelled ? ", cancelled" : "") + (index != MPI.UNDEFINED ? ", index=" + index : "") + '}';
    }
}
