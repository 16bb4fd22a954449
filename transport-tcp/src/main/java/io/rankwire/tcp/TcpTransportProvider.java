package io.rankwire.tcp;

import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The {@code tcp} transport: Netty over TCP, one connection per peer pair, a mutual HMAC
 * handshake, software rendezvous, no tag-matching offload. Settings are described in
 * {@code docs/TCP.md}.
 */
public final class TcpTransportProvider implements TransportProvider
{
    /** The name this transport is selected by. */
    public static final String NAME = "tcp";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public Transport open(final TransportContext context)
    {
        return new TcpTransport(context);
    }
}
