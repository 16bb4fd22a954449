package io.rankwire;

import io.rankwire.proto.Outcome;

/**
 * The outcome of a receive, probe or completed request: the matched envelope (source rank in the
 * communicator, tag), the number of bytes delivered, and whether the operation was cancelled or
 * failed. Immutable.
 *
 * <p>Error codes: {@link #OK}; {@link #TRUNCATED} when the message was longer than the receive
 * buffer (the buffer holds its first {@link #bytes()} bytes, nothing past it was written);
 * {@link #PEER_FAILED} and {@link #CLOSED} for communication failures, which blocking calls
 * also raise as {@link RankwireException}; {@link #REMOTE_ACCESS} when a rendezvous read failed; {@link #PEER_FINALIZED} when the peer closed
 * its runtime before the operation could be satisfied.
 */
public final class Status
{
    /** No error. */
    public static final int OK = Outcome.OK;
    /** The message was longer than the receive buffer. */
    public static final int TRUNCATED = Outcome.TRUNCATED;
    /** The peer failed or its connection was lost. */
    public static final int PEER_FAILED = Outcome.PEER_FAILED;
    /** The runtime was closed before the operation finished. */
    public static final int CLOSED = Outcome.CLOSED;
    /** A rendezvous read of the sender's memory failed. */
    public static final int REMOTE_ACCESS = Outcome.REMOTE_ACCESS;
    /** A transport error (malformed message, rejected post). */
    public static final int TRANSPORT_ERROR = Outcome.TRANSPORT_ERROR;
    /**
     * The peer has finalized ({@link Rankwire#close()}) before the operation could be satisfied:
     * a receive naming it found no message from it, or a send was addressed to it.
     */
    public static final int PEER_FINALIZED = Outcome.PEER_FINALIZED;

    private final int source;
    private final int tag;
    private final int bytes;
    private final int error;
    private final boolean cancelled;

    /**
     * @param source    source rank in the communicator (or -1 when not applicable, e.g. sends)
     * @param tag       the message tag (or -1 when not applicable)
     * @param bytes     bytes delivered (receives) or sent (sends)
     * @param error     an error code, {@link #OK} when none
     * @param cancelled true when the operation was cancelled
     */
    public Status(final int source, final int tag, final int bytes, final int error, final boolean cancelled)
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

    /** The number of bytes delivered into the buffer (or, for a probe, the message's length). */
    public int bytes()
    {
        return bytes;
    }

    /**
     * The number of whole elements of {@code type} in {@link #bytes()}, or -1 (MPI's
     * {@code UNDEFINED}) when the byte count is not a multiple of the element size.
     */
    public int count(final Datatype type)
    {
        return bytes % type.size() == 0 ? bytes / type.size() : -1;
    }

    /** True when the operation was cancelled (no data was delivered). */
    public boolean cancelled()
    {
        return cancelled;
    }

    /** The error code, {@link #OK} when the operation succeeded. */
    public int error()
    {
        return error;
    }

    /** True when {@link #error()} is not {@link #OK}. */
    public boolean isError()
    {
        return error != OK;
    }

    /** A readable name of an error code. */
    public static String errorName(final int error)
    {
        return Outcome.name(error);
    }

    @Override
    public String toString()
    {
        return Outcome.describe(source, tag, bytes, error, cancelled);
    }
}
