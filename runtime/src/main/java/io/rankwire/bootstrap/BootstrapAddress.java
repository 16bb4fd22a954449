package io.rankwire.bootstrap;

import java.net.Inet6Address;
import java.net.InetSocketAddress;

/** Text form of the bootstrap service's address: {@code host:port} or {@code [v6-address]:port}. */
final class BootstrapAddress
{
    private BootstrapAddress()
    {
    }

    static String format(final InetSocketAddress address)
    {
        final String host = address.getAddress() != null ?
            address.getAddress().getHostAddress() : address.getHostString();
        final boolean v6 = address.getAddress() instanceof Inet6Address || host.indexOf(':') >= 0;
        return (v6 ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    /**
     * Like {@link #parse(String)}, for the value of an environment variable.
     *
     * @throws IllegalStateException naming {@code variable} and the text if it is not {@code host:port}
     */
    static InetSocketAddress parse(final String variable, final String text)
    {
        try
        {
            return parse(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalStateException(variable + " : " + e.getMessage(), e);
        }
    }

    /** @throws IllegalArgumentException naming the text if it is not {@code host:port} */
    static InetSocketAddress parse(final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1)
        {
            throw new IllegalArgumentException("'" + text + "' (expected: host:port)");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]"))
        {
            host = host.substring(1, host.length() - 1);
        }
        final int port;
        try
        {
            port = Integer.parseInt(text.substring(colon + 1));
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException("'" + text + "' (expected: host:port with a numeric port)", e);
        }
        if (port < 1 || port > 65535)
        {
            throw new IllegalArgumentException("port : " + port + " (expected: 1..65535)");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }
}
