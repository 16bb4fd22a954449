package io.rankwire.shm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Who owns a host's job directory: every rank that enters it first creates an empty file naming
 * its process and its launcher (the process {@code RANKWIRE_LAUNCHER_PID} names, which a
 * launcher such as {@code rwrun} gives the ranks it starts on its host; 0 without one), and
 * removes it when it leaves, after its own files:
 *
 * <pre>
 *   owner-&lt;rank&gt;-&lt;pid namespace&gt;-&lt;pid&gt;-&lt;start&gt;-&lt;launcher pid&gt;-&lt;launcher start&gt;
 * </pre>
 *
 * Start times are epoch milliseconds (0 when unknown), so a reused pid is not taken for its old
 * process; the pid namespace ({@code /proc/self/ns/pid}'s inode, 0 when unknown) tells a process
 * this one can see from one of another container sharing the directory's file system. A
 * directory is alive while any of its owners or their launcher runs, or an owner is in another
 * pid namespace ({@link #state}): only when none is may {@link DeadJobSweep} remove it.
 */
final class JobOwners
{
    static final String PREFIX = "owner-";
    /** The variable a launcher gives its ranks with its pid (the runtime's {@code JobVariables.LAUNCHER_PID}). */
    static final String LAUNCHER_PID = "RANKWIRE_LAUNCHER_PID";
    private static final int FIELDS = 6;

    private JobOwners()
    {
    }

    /** The owner file name of world rank {@code rank} in this process. */
    static String name(final int rank)
    {
        final ProcessHandle me = ProcessHandle.current();
        final Optional<ProcessHandle> launcher = launcher();
        return PREFIX + rank + "-" + pidNamespace() + "-" + me.pid() + "-" + start(me) + "-" +
            launcher.map(ProcessHandle::pid).orElse(0L) + "-" + launcher.map(JobOwners::start).orElse(0L);
    }

    /** The launcher {@value #LAUNCHER_PID} names, if it runs. */
    private static Optional<ProcessHandle> launcher()
    {
        try
        {
            final String pid = System.getenv(LAUNCHER_PID);
            return pid == null ? Optional.empty() : ProcessHandle.of(Long.parseLong(pid.trim()));
        }
        catch (final NumberFormatException | SecurityException e)
        {
            return Optional.empty();
        }
    }

    /** What one look at a directory's owner files found. */
    enum State
    {
        /** No owner file: a directory a rank has just made, or one of an older build. */
        NONE,
        /** Owner files, none of whose processes (or launchers) runs. */
        DEAD,
        /** An owner that runs, or that cannot be judged from here (another pid namespace). */
        ALIVE
    }

    /**
     * Looks at {@code dir}'s owner files once: whether any owner may still run (its process or
     * launcher alive with the same start time, or in another pid namespace), none does, or there
     * is none.
     */
    static State state(final Path dir) throws IOException
    {
        final long ns = pidNamespace();
        boolean any = false;
        try (DirectoryStream<Path> owners = Files.newDirectoryStream(dir, PREFIX + "*"))
        {
            for (final Path owner : owners)
            {
                any = true;
                if (alive(owner.getFileName().toString(), ns))
                {
                    return State.ALIVE;
                }
            }
        }
        return any ? State.DEAD : State.NONE;
    }

    /** Whether the owner named {@code name} may still run, seen from pid namespace {@code ns}; a malformed name may. */
    static boolean alive(final String name, final long ns)
    {
        final String[] f = name.substring(PREFIX.length()).split("-");
        final long[] v = new long[FIELDS];
        try
        {
            if (f.length != FIELDS)
            {
                return true;
            }
            for (int i = 0; i < FIELDS; i++)
            {
                v[i] = Long.parseLong(f[i]);
            }
        }
        catch (final NumberFormatException e)
        {
            return true;
        }
        if (v[1] != ns || ns == 0)
        {
            return true;
        }
        return runs(v[2], v[3]) || v[4] > 1 && runs(v[4], v[5]);
    }

    /** Whether process {@code pid} runs and started at {@code startMillis} (0: any start). */
    static boolean runs(final long pid, final long startMillis)
    {
        return ProcessHandle.of(pid)
            .filter(ProcessHandle::isAlive)
            .map(h -> startMillis == 0 || start(h) == 0 || start(h) == startMillis)
            .orElse(false);
    }

    private static long start(final ProcessHandle h)
    {
        return h.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
    }

    /** The inode of this process's pid namespace, or 0 when unknown. */
    static long pidNamespace()
    {
        try
        {
            final String link = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString(); // pid:[4026531836]
            final int open = link.indexOf('[');
            final int close = link.indexOf(']');
            return open < 0 || close < open ? 0 : Long.parseLong(link.substring(open + 1, close));
        }
        catch (final IOException | UnsupportedOperationException | NumberFormatException | SecurityException e)
        {
            return 0;
        }
    }
}
