package io.rankwire.observe;

import java.nio.file.Path;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * One flight recording file per rank: a recording whose file name holds {@code %r}, such as
 * {@code -XX:StartFlightRecording=filename=rank-%r.jfr} given to every rank's JVM, is written to a
 * name with the rank number in its place ({@code rank-3.jfr}), and {@code %p} gets the process id
 * (which the JDK expands itself only from JDK 22 on). The first rank that starts in a JVM names
 * its files: ranks that share a JVM (threads of one job) share its recording.
 */
public final class RecordingFiles
{
    /** Stands for the rank number in a recording's file name. */
    public static final String RANK = "%r";
    /** Stands for the process id in a recording's file name. */
    public static final String PID = "%p";

    private static final System.Logger LOG = System.getLogger("io.rankwire.Rankwire");

    private RecordingFiles()
    {
    }

    /**
     * Points every running recording whose destination names {@link #RANK} or {@link #PID} at the
     * file with {@code rank} and this process's id in their place. Call only when a recording
     * runs ({@link Flight#recorderRunning()}): it loads the recorder. Never throws; a destination
     * the recorder refuses is logged and left as it was.
     */
    public static synchronized void name(final int rank)
    {
        try
        {
            for (final Recording r : FlightRecorder.getFlightRecorder().getRecordings())
            {
                final Path to = r.getDestination();
                if (to == null)
                {
                    continue;
                }
                final String name = to.toString();
                final String expanded = expand(name, rank, ProcessHandle.current().pid());
                if (!expanded.equals(name))
                {
                    rename(r, Path.of(expanded));
                }
            }
        }
        catch (final RuntimeException | LinkageError e)
        {
            LOG.log(System.Logger.Level.WARNING, "rank " + rank + ": flight recordings keep their file names: " + e);
        }
    }

    /** {@code name} with every {@link #RANK} replaced by {@code rank} and every {@link #PID} by {@code pid}. */
    public static String expand(final String name, final int rank, final long pid)
    {
        return name.replace(RANK, Integer.toString(rank)).replace(PID, Long.toString(pid));
    }

    private static void rename(final Recording r, final Path to)
    {
        try
        {
            r.setDestination(to);
        }
        catch (final java.io.IOException | RuntimeException e)
        {
            LOG.log(System.Logger.Level.WARNING, "flight recording " + r.getName() + " stays at " + r.getDestination() +
                ": " + to + " refused: " + e);
        }
    }
}
