package io.rankwire.spi;

/** Flag bits of a {@link Completion}. */
public final class CompletionFlags
{
    /** TM_RECV: the NIC matched the message to a tagged buffer. */
    public static final int MATCH = 1;
    /** TM_RECV: all data of the matched message is in the tagged buffer. */
    public static final int DATA_VALID = 1 << 1;
    /** TM_ADD/TM_DEL/TM_SYNC: the NIC's unexpected count differs from the one software reported. */
    public static final int SYNC_REQ = 1 << 2;

    private CompletionFlags()
    {
    }
}
