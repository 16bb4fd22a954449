package io.rankwire.spi;

/**
 * Entry point of a transport module, found with {@link java.util.ServiceLoader} and chosen by
 * {@link #name()} ({@code sim}, {@code tcp}). Register an implementation in
 * {@code META-INF/services/io.rankwire.spi.TransportProvider}.
 */
public interface TransportProvider
{
    /** The name users select the transport by, e.g. {@code "tcp"}. */
    String name();

    /**
     * Opens the transport for one rank. The transport may start I/O threads; it must not
     * block waiting for peers here (peers are reached in {@link Transport#wireUp()}).
     */
    Transport open(TransportContext context);
}
