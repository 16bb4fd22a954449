package io.rankwire.launch;

import java.util.ServiceLoader;

import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * A transport the launcher has never heard of, {@code relay}: it opens the transport named by
 * {@link #delegate()} under its own name. Registered in the tests' {@code META-INF/services}, so
 * {@code rwrun} finds it the way it would find a new transport module on the class path.
 */
public class RelayTransportProvider implements TransportProvider
{
    @Override
    public String name()
    {
        return "relay";
    }

    /** The transport that carries the messages. */
    String delegate()
    {
        return "tcp";
    }

    @Override
    public Transport open(final TransportContext context)
    {
        for (final TransportProvider p : ServiceLoader.load(TransportProvider.class))
        {
            if (p.name().equals(delegate()))
            {
                return p.open(context);
            }
        }
        throw new IllegalStateException("transport : '" + delegate() + "' (expected: on the class path)");
    }
}
