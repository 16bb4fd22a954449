package io.rankwire.sim;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The {@code sim} transport: every rank of a job opens its endpoint on one in-JVM
 * {@link SimFabric}, found by {@link TransportContext#jobId()}. The first rank to open creates
 * the fabric (sized by {@link TransportContext#size()}, configured by its {@code rankwire.sim.*}
 * settings); the fabric is forgotten once every rank has closed.
 */
public final class SimTransportProvider implements TransportProvider
{
    /** The name the transport is chosen by. */
    public static final String NAME = "sim";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public Transport open(final TransportContext context)
    {
        return SimFabricRegistry.open(context);
    }

    /** Always: the fabric is a static registry of this JVM, so ranks in other JVMs cannot reach it. */
    @Override
    public boolean ranksShareOneJvm()
    {
        return true;
    }

    /** The {@code rankwire.sim.*} settings, as {@link SimConfig} declares and reads them. */
    @Override
    public List<Setting<?>> settings()
    {
        return SimConfig.ALL;
    }

    /** Parses and concludes the settings as the fabric does. */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        SimConfig.from(settings).conclude();
    }
}
