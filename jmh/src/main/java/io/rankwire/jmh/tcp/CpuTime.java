package io.rankwire.jmh.tcp;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of a whole process (every thread: application, event loops, GC, JIT), from Linux's
 * {@code /proc/<pid>/task/<tid>/schedstat} (first field: nanoseconds on a CPU). Unlike wall time
 * on a shared machine, it does not grow while a process waits for a core.
 */
public final class CpuTime
{
    private CpuTime()
    {
    }

    /** Nanoseconds process {@code pid} has run so far (threads that already ended not counted), or -1 if unknown. */
    public static long nanos(final long pid)
    {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task")))
        {
            for (final Path task : tasks)
            {
                try
                {
                    final String stat = Files.readString(task.resolve("schedstat")).trim();
                    final int space = stat.indexOf(' ');
                    sum += Long.parseLong(space < 0 ? stat : stat.substring(0, space));
                }
                catch (final IOException | NumberFormatException e)
                {
                    // the thread ended meanwhile: its time is lost to this sum
                }
            }
        }
        catch (final IOException e)
        {
            return -1;
        }
        return sum;
    }

    /** Nanoseconds this process and {@code partnerPid} have run so far, or -1 if unknown. */
    public static long bothNanos(final long partnerPid)
    {
        final long self = nanos(ProcessHandle.current().pid());
        final long partner = nanos(partnerPid);
        return self < 0 || partner < 0 ? -1 : self + partner;
    }
}
