package io.rankwire.spi;

/**
 * A job's bootstrap could not do what a rank asked of it: reach the launcher's service, log in,
 * see a value published in time, pass the closing rendezvous. The bootstrap throws it (it never
 * depends on the API package); {@code Rankwire.init} and {@code close} report it as a
 * {@code RankwireException} with this as the cause.
 */
public class BootstrapException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public BootstrapException(final String message)
    {
        super(message);
    }

    public BootstrapException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
