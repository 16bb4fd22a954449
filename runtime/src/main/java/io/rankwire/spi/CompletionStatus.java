package io.rankwire.spi;

/** Statuses of a {@link Completion}, after the verbs work-completion statuses. */
public final class CompletionStatus
{
    public static final int SUCCESS = 0;
    /** A DEL found its entry already consumed, or a list operation was invalid. */
    public static final int TM_ERR = 1;
    /** A rendezvous matched a tagged buffer too small for it: TMH+RVH are in the buffer. */
    public static final int RNDV_INCOMPLETE = 2;
    /** Bad rkey, deregistered region or out-of-bounds remote access. */
    public static final int REMOTE_ACCESS_ERROR = 3;
    /** No plain SRQ buffer was available for an arriving message (receiver not ready). */
    public static final int SRQ_EXHAUSTED = 4;
    /** The operation was flushed because the endpoint closed. */
    public static final int FLUSHED = 5;
    /** The peer involved failed. */
    public static final int PEER_FAILED = 6;
    /** Any other local error (malformed message, protocol violation). */
    public static final int LOCAL_ERROR = 7;
    /** A message arrived that is longer than the SRQ buffer or the tagged buffer can take. */
    public static final int LENGTH_ERROR = 8;

    private CompletionStatus()
    {
    }

    /** A readable name for a status. */
    public static String name(final int status)
    {
        switch (status)
        {
            case SUCCESS: return "SUCCESS";
            case TM_ERR: return "TM_ERR";
            case RNDV_INCOMPLETE: return "RNDV_INCOMPLETE";
            case REMOTE_ACCESS_ERROR: return "REMOTE_ACCESS_ERROR";
            case SRQ_EXHAUSTED: return "SRQ_EXHAUSTED";
            case FLUSHED: return "FLUSHED";
            case PEER_FAILED: return "PEER_FAILED";
            case LOCAL_ERROR: return "LOCAL_ERROR";
            case LENGTH_ERROR: return "LENGTH_ERROR";
            default: return "UNKNOWN(" + status + ")";
        }
    }
}
