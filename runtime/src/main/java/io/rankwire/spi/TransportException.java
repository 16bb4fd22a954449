package io.rankwire.spi;

/**
 * A transport could not do what the runtime asked of it at wire-up or shutdown: listen, reach a
 * peer, read a peer's published address, set up TLS. Transports throw it (they never depend on
 * the API package); {@code Rankwire.init} reports it as a {@code RankwireException} with this as
 * the cause. Per-message failures are return codes and completions instead, never exceptions.
 */
public class TransportException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public TransportException(final String message)
    {
        super(message);
    }

    public TransportException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
