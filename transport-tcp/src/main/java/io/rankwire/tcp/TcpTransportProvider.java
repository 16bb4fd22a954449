package io.rankwire.tcp;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The {@code tcp} transport: Netty over TCP, one connection per peer pair, a mutual HMAC
 * handshake, software rendezvous, no tag-matching offload. Settings: {@link TcpSettings},
 * docs/SETTINGS.md; docs/TCP.md explains them.
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

    /** The {@code rankwire.tcp.*} settings, as {@link TcpSettings} declares and reads them. */
    @Override
    public List<Setting<?>> settings()
    {
        return TcpSettings.ALL;
    }

    /** Parses the settings as {@link #open} does. */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        new TcpSettings(settings);
    }
}
