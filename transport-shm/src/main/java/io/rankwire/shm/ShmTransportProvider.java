package io.rankwire.shm;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The {@code shm} transport: ranks in separate JVMs (or threads) of one host exchange frames
 * through rings in memory-mapped files of a per-job directory under {@code /dev/shm}, stream
 * large messages through staging slots or read them once from a peer's shared heap, and sleep in
 * the kernel until a peer rings. No tag-matching offload. Settings: {@link ShmSettings},
 * docs/SETTINGS.md; docs/SHM.md explains them.
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
        ShmDirectories.removeJob(ShmSettings.DIR_SETTING.read(settings), jobId);
    }

    /**
     * Null when the file system under {@code rankwire.shm.dir} has room for the segments of
     * {@code ranksOnHost} ranks, else the refusal naming the directory, its size and free space,
     * what the ranks need and the settings that shrink it ({@link ShmSpace}).
     */
    @Override
    public String hostShortfall(final int ranksOnHost, final Map<String, String> settings)
    {
        if (ranksOnHost < 1)
        {
            throw new IllegalArgumentException("ranksOnHost : " + ranksOnHost + " (expected: >= 1)");
        }
        return ShmSpace.shortfall(new ShmSettings(settings), ranksOnHost);
    }

    /**
     * Removes this user's job directories under {@code rankwire.shm.dir} whose processes have all
     * ended ({@link DeadJobSweep}).
     */
    @Override
    public List<String> sweep(final Map<String, String> settings)
    {
        return DeadJobSweep.sweep(ShmDirectories.base(ShmSettings.DIR_SETTING.read(settings)), null);
    }

    /** The {@code rankwire.shm.*} settings, as {@link ShmSettings} declares and reads them. */
    @Override
    public List<Setting<?>> settings()
    {
        return ShmSettings.ALL;
    }

    /** Parses the settings as {@link #open} does (nothing is created). */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        new ShmSettings(settings);
    }
}
