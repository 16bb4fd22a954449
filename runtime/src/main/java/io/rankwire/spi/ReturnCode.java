package io.rankwire.spi;

/**
 * Return codes of the transport SPI's {@code post*} methods. Non-negative values are success
 * (for {@code OffloadPort.postAdd} the value is unused beyond {@link #OK}).
 */
public final class ReturnCode
{
    /** The work was posted. */
    public static final int OK = 0;
    /** A queue or credit is full: retry after polling completions. */
    public static final int BACK_PRESSURED = -1;
    /** The peer is unreachable or has failed. */
    public static final int PEER_FAILED = -2;
    /** An argument is out of range (bad peer, length, handle). */
    public static final int INVALID_ARGUMENT = -3;
    /** The transport is closed. */
    public static final int CLOSED = -4;
    /** The message exceeds the transport's maximum message size. */
    public static final int TOO_LARGE = -5;

    private ReturnCode()
    {
    }

    /** A readable name for a code, for error messages. */
    public static String name(final int code)
    {
        switch (code)
        {
            case OK: return "OK";
            case BACK_PRESSURED: return "BACK_PRESSURED";
            case PEER_FAILED: return "PEER_FAILED";
            case INVALID_ARGUMENT: return "INVALID_ARGUMENT";
            case CLOSED: return "CLOSED";
            case TOO_LARGE: return "TOO_LARGE";
            default: return code >= 0 ? "OK(" + code + ")" : "UNKNOWN(" + code + ")";
        }
    }
}
