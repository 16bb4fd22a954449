package io.rankwire.tcp;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.rankwire.spi.SettingKeys;
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

    /** The {@code rankwire.tcp.*} keys {@link TcpSettings} reads. */
    @Override
    public Set<String> settingKeys()
    {
        return SettingKeys.readBy(TcpSettings::new);
    }

    /** Parses the settings as {@link #open} does; on/off settings must be {@code true} or {@code false}. */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        new TcpSettings(settings);
        for (final String flag : List.of("tls"))
        {
            final String value = settings.get(TcpSettings.PREFIX + flag);
            if (value != null && !value.trim().toLowerCase(Locale.ROOT).matches("true|false"))
            {
                throw new IllegalArgumentException(
                    TcpSettings.PREFIX + flag + " : '" + value + "' (expected: true or false)");
            }
        }
    }
}
