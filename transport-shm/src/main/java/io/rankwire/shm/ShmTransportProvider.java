package io.rankwire.shm;

import java.util.Map;
import java.util.Set;

import io.rankwire.spi.SettingKeys;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The {@code shm} transport: ranks in separate JVMs (or threads) of one host exchange frames
 * through rings in memory-mapped files of a per-job directory under {@code /dev/shm}, stream
 * large messages through staging slots or read them once from a peer's shared heap, and sleep in
 * the kernel until a peer rings. No tag-matching offload. Settings are described in
 * {@code docs/SHM.md}.
 */
public final class ShmTransportProvider implements TransportProvider
{
    /** The name this transport is selected by. */
    public static final String NAME = "shm";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public Transport open(final TransportContext context)
    {
        return new ShmTransport(context);
    }

    /** Removes the job's directories under {@code rankwire.shm.dir} ({@link ShmDirectories#removeJob}). */
    @Override
    public void cleanUp(final String jobId, final Map<String, String> settings)
    {
        ShmDirectories.removeJob(settings.get(ShmSettings.DIR), jobId);
    }

    /** The {@code rankwire.shm.*} keys {@link ShmSettings} reads. */
    @Override
    public Set<String> settingKeys()
    {
        return SettingKeys.readBy(ShmSettings::new);
    }

    /** Parses the settings as {@link #open} does (nothing is created). */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        new ShmSettings(settings);
    }
}
