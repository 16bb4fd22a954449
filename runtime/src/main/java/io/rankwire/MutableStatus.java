package io.rankwire;

/**
 * A reusable receive outcome for the allocation-free receives
 * ({@code Comm.recv(buf, offset, length, source, tag, status)}): the same fields as
 * {@link Status}, overwritten by every receive it is passed to. One instance per thread; not
 * thread-safe.
 */
public final class MutableStatus
{
    private int source = -1;
    private int tag = -1;
    private int bytes;
    private int error;
    private boolean cancelled;

    void set(final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        this.source = source;
        this.tag = tag;
        this.bytes = bytes;
        this.error = error;
        this.cancelled = cancelled;
    }

    /** The source rank of the matched message in the communicator. */
    public int source()
    {
        return source;
    }

    /** The tag of the matched message. */
    public int tag()
    {
        return tag;
    }

    /** The number of bytes delivered into the buffer. */
    public int bytes()
    {
        return bytes;
    }

    /** The error code ({@link Status#OK}, or {@link Status#TRUNCATED}; failures throw instead). */
    public int error()
    {
        return error;
    }

    /** True when the receive was cancelled. */
    public boolean cancelled()
    {
        return cancelled;
    }

    /** The number of whole elements of {@code type} in {@link #bytes()}, or -1. */
    public int count(final Datatype type)
    {
        return bytes % type.size() == 0 ? bytes / type.size() : -1;
    }

    /** An immutable copy. */
    public Status toStatus()
    {
        return new Status(source, tag, bytes, error, cancelled);
    }

    @Override
    public String toString()
    {
        return toStatus().toString();
    }
}
