package io.rankwire.proto;

/**
 * The outcome codes of a transfer, as the API's {@code Status} reports them ({@code Status.OK}
 * and the others are these values).
 */
public final class Outcome
{
    /** Completed normally. */
    public static final int OK = 0;
    /** The message was longer than the receive buffer: the buffer holds its first part. */
    public static final int TRUNCATED = 1;
    /** The peer failed (its connection broke, or it was declared dead). */
    public static final int PEER_FAILED = 2;
    /** The runtime closed before the transfer completed. */
    public static final int CLOSED = 3;
    /** The peer refused access to the memory a rendezvous read. */
    public static final int REMOTE_ACCESS = 4;
    /** The transport reported another error. */
    public static final int TRANSPORT_ERROR = 5;
    /** The peer has finalized: nothing more can come from it or go to it. */
    public static final int PEER_FINALIZED = 6;

    private Outcome()
    {
    }

    /** A readable name of an outcome code. */
    public static String name(final int code)
    {
        switch (code)
        {
            case OK: return "OK";
            case TRUNCATED: return "TRUNCATED";
            case PEER_FAILED: return "PEER_FAILED";
            case CLOSED: return "CLOSED";
            case REMOTE_ACCESS: return "REMOTE_ACCESS";
            case TRANSPORT_ERROR: return "TRANSPORT_ERROR";
            case PEER_FINALIZED: return "PEER_FINALIZED";
            default: return "UNKNOWN(" + code + ")";
        }
    }

    /** An outcome in words, as the API's {@code Status} prints itself. */
    public static String describe(final int source, final int tag, final int bytes, final int code, final boolean cancelled)
    {
        return "Status{source=" + source + ", tag=" + tag + ", bytes=" + bytes + ", error=" + name(code) +
            (cancelled ? ", cancelled" : "") + '}';
    }
}
