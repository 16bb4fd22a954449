package io.rankwire.spi;

/** Opcodes of a {@link Completion}, after the verbs work-completion opcodes. */
public final class CompletionOpcode
{
    /** A signalled send finished; its buffers may be reused. */
    public static final int SEND = 1;
    /** A {@code postRead} finished. */
    public static final int READ = 2;
    /**
     * A message arrived in a plain SRQ buffer (an unexpected message from the NIC's point of
     * view, or any message on a transport without offload): the completion's buffer holds the
     * whole message, headers included.
     */
    public static final int RECV = 3;
    /** A message was matched by the NIC to a tagged buffer: flags MATCH and/or DATA_VALID. */
    public static final int TM_RECV = 4;
    /** An ADD list operation completed. */
    public static final int TM_ADD = 5;
    /** A DEL list operation completed ({@link CompletionStatus#TM_ERR} if the entry was consumed). */
    public static final int TM_DEL = 6;
    /** A SYNC list operation completed. */
    public static final int TM_SYNC = 7;
    /** A NO_TAG message arrived; never matched or counted by the NIC. */
    public static final int NO_TAG = 8;
    /** A peer failed or its connection was lost; {@link Completion#peer()} names it. */
    public static final int PEER_FAILED = 9;

    private CompletionOpcode()
    {
    }

    /** A readable name for an opcode. */
    public static String name(final int opcode)
    {
        switch (opcode)
        {
            case SEND: return "SEND";
            case READ: return "READ";
            case RECV: return "RECV";
            case TM_RECV: return "TM_RECV";
            case TM_ADD: return "TM_ADD";
            case TM_DEL: return "TM_DEL";
            case TM_SYNC: return "TM_SYNC";
            case NO_TAG: return "NO_TAG";
            case PEER_FAILED: return "PEER_FAILED";
            default: return "UNKNOWN(" + opcode + ")";
        }
    }
}
