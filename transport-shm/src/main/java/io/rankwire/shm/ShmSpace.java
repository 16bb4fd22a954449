package io.rankwire.shm;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The shared-memory space a host's ranks need, and whether the file system under
 * {@code rankwire.shm.dir} has it. Every rank's segment ({@code rank-<r>}) is reserved whole at
 * wire-up ({@link MappedFile}); shared heaps ({@code heap-<r>}) are reserved as
 * {@code Rankwire.allocate} hands them out ({@link SharedHeap}), so they count for nothing here.
 * The check is made once per host, before any rank makes a file ({@link Wiring}), and by the
 * {@code auto} transport and launchers through {@link ShmTransportProvider#hostShortfall}.
 */
final class ShmSpace
{
    private ShmSpace()
    {
    }

    /** The bytes the segments of {@code localRanks} ranks take. */
    static long need(final ShmSettings settings, final int localRanks)
    {
        return localRanks * RankSegment.size(settings, localRanks);
    }

    /**
     * Null when {@code settings.dir} exists and the segments of {@code localRanks} ranks can be mapped and fit in what the file system under
     * {@code settings.dir} has free, else the one-line refusal ({@link #refusal}).
     */
    static String shortfall(final ShmSettings settings, final int localRanks)
    {
        final String missing = ShmDirectories.missingBase(settings.dir);
        if (missing != null)
        {
            return missing;
        }
        final String unmappable = RankSegment.unmappable(settings, localRanks);
        if (unmappable != null)
        {
            return unmappable;
        }
        final long free = usableBytes(settings.dir);
        final long need = need(settings, localRanks);
        return free < 0 || need <= free ? null : refusal(settings, localRanks, free);
    }

    /**
     * The refusal: the directory, its size and free space, what the host's ranks need (per rank,
     * by part) and the settings that shrink it.
     */
    static String refusal(final ShmSettings settings, final int localRanks, final long free)
    {
        final long perRank = RankSegment.size(settings, localRanks);
        final long rings = RankSegment.ringBytes(settings, localRanks);
        final long staging = RankSegment.stagingBytes(settings, localRanks);
        return "rankwire-shm: " + settings.dir + " has " + mib(free) + " free of " + mib(settings.storeBytes) +
            " (expected: " + mib(need(settings, localRanks)) + " for the " + localRanks + " ranks of this host, " +
            mib(perRank) + " each: rings " + mib(rings) + ", staging " + mib(staging) + ", control " +
            mib(perRank - rings - staging) + "; lower rankwire.shm.ringBytes or rankwire.shm.rings=shared (rings), " +
            "rankwire.shm.slots, rankwire.shm.slotBytes or rankwire.shm.pushSlots (staging), run fewer ranks per host, " +
            "or give " + settings.dir + " more room, e.g. docker run --shm-size)";
    }

    /** The size of the file system holding {@code dir} (or its nearest existing parent), or 0 when unknown. */
    static long totalBytes(final Path dir)
    {
        final FileStore store = store(dir);
        try
        {
            return store == null ? 0 : store.getTotalSpace();
        }
        catch (final IOException e)
        {
            return 0;
        }
    }

    /** The bytes this user may still take on the file system holding {@code dir}, or -1 when unknown. */
    static long usableBytes(final Path dir)
    {
        final FileStore store = store(dir);
        try
        {
            return store == null ? -1 : store.getUsableSpace();
        }
        catch (final IOException e)
        {
            return -1;
        }
    }

    private static FileStore store(final Path dir)
    {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent())
        {
            try
            {
                if (Files.exists(p))
                {
                    return Files.getFileStore(p);
                }
            }
            catch (final IOException | SecurityException e)
            {
                return null;
            }
        }
        return null;
    }

    /** {@code bytes} in MiB with one decimal ({@code 64.0 MiB}), or in KiB below 1 MiB ({@code 20 KiB}). */
    static String mib(final long bytes)
    {
        return bytes < 1 << 20 ? String.format(Locale.ROOT, "%d KiB", bytes >> 10) :
            String.format(Locale.ROOT, "%.1f MiB", bytes / (double)(1 << 20));
    }
}
