package io.rankwire;

/**
 * A communication failure raised at the API edge: a peer died, a connection was lost, a frame
 * was malformed, a timeout passed. Argument errors are {@link IllegalArgumentException} and
 * {@link IllegalStateException} instead.
 */
public class RankwireException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public RankwireException(final String message)
    {
        super(message);
    }

    public RankwireException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
