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
    private final boolean cancelled;
    private final long bytes;
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

    /** The number of whole elements of {@code type} received, or {@code MPI.UNDEFINED}. */
    public int getCount(final Datatype type)
    {
        final int ext = type.getExtent();
        if (ext == 0)
        {
            return bytes == 0 ? 0 : MPI.UNDEFINED;
        }
        return bytes % ext == 0 ? (int)(bytes / ext) : MPI.UNDEFINED;
    }

    /** The number of basic elements of {@code type} received, or {@code MPI.UNDEFINED}. */
    public int getElements(final Datatype type)
    {
        final int b = type.baseSize();
        if (type.kind() == Datatype.K_PAIR)
        {
            return getCount(type) == MPI.UNDEFINED ? MPI.UNDEFINED : 2 * getCount(type);
        }
        return bytes % b == 0 ? (int)(bytes / b) : MPI.UNDEFINED;
    }

    @Override
    public String toString()
    {
        return "Status{source=" + source + ", tag=" + tag + ", error=" + error + ", bytes=" + bytes +
            (cancelled ? ", cancelled" : "") + (index != MPI.UNDEFINED ? ", index=" + index : "") + '}';
    }
}
