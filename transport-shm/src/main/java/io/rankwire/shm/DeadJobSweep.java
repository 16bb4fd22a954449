package io.rankwire.shm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Removes the job directories that jobs of this user left under a base directory when all their
 * processes died (a job killed during wire-up, launcher and ranks together, leaves its files:
 * nobody is left to remove them). A directory is removed only when it is this user's
 * ({@code rankwire-<user>-*}, owned by this user, not a link) and none of its owners runs
 * ({@link JobOwners#state}, one look); one with no owner file at all only once nothing changed in it
 * for {@link #UNOWNED_MILLIS} (a directory a rank has just made, or one of an older version).
 * The first rank of a host to wire up sweeps before it checks the free space; {@code rwrun --clean}
 * sweeps on demand ({@link ShmTransportProvider#sweep}).
 */
final class DeadJobSweep
{
    /** How long a directory with no owner file is left alone after it last changed. */
    static final long UNOWNED_MILLIS = TimeUnit.MINUTES.toMillis(10);

    private DeadJobSweep()
    {
    }

    /**
     * Sweeps {@code base}, sparing {@code spare} (this job's directory, or null).
     *
     * @return one line per directory removed: its path, the bytes its files held and why
     */
    static List<String> sweep(final Path base, final Path spare)
    {
        final List<String> removed = new ArrayList<>();
        final String prefix = ShmDirectories.userPrefix();
        final String me = ShmDirectories.currentUser();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(base, prefix + "*"))
        {
            for (final Path dir : dirs)
            {
                if (dir.equals(spare))
                {
                    continue;
                }
                final String line = sweepOne(dir, me);
                if (line != null)
                {
                    removed.add(line);
                }
            }
        }
        catch (final IOException e)
        {
            // no base directory, or it cannot be listed: nothing to sweep
        }
        return removed;
    }

    /** Removes {@code dir} if it is a dead job's; the line saying so, or null. */
    private static String sweepOne(final Path dir, final String me)
    {
        try
        {
            final PosixFileAttributes attrs = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attrs.isDirectory() || !attrs.owner().getName().equals(me))
            {
                return null;
            }
            final JobOwners.State owners = JobOwners.state(dir); // one look: an owner may arrive just after it
            final boolean owned = owners == JobOwners.State.DEAD;
            if (owners == JobOwners.State.ALIVE ||
                !owned && System.currentTimeMillis() - attrs.lastModifiedTime().toMillis() < UNOWNED_MILLIS)
            {
                return null;
            }
            final long bytes = bytes(dir);
            ShmDirectories.remove(dir);
            return dir + " (" + ShmSpace.mib(bytes) + (owned ? ", every process of its job has ended)" :
                ", no owner and unchanged for " + TimeUnit.MILLISECONDS.toMinutes(UNOWNED_MILLIS) + " minutes)");
        }
        catch (final NoSuchFileException e)
        {
            return null; // removed meanwhile
        }
        catch (final IOException | RuntimeException e)
        {
            return null; // left for a later sweep
        }
    }

    /** The apparent size of the files in {@code dir} (reserved segments take it in memory; heaps may take less). */
    private static long bytes(final Path dir) throws IOException
    {
        long sum = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir))
        {
            for (final Path f : files)
            {
                sum += Files.readAttributes(f, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS).size();
            }
        }
        return sum;
    }
}
