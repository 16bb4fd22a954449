package io.rankwire.launch;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code rwrun --clean}: asks every transport on the launcher's class path to remove what jobs
 * of this user that are no longer running left on this host ({@link io.rankwire.spi.TransportProvider#sweep}:
 * the shared-memory transport's job directories under {@code /dev/shm} whose processes have all
 * ended), and prints one line per thing removed. A running job's files, and other users', are
 * left alone. Exit 0, or 1 when a transport could not sweep.
 */
final class JobSweep
{
    private JobSweep()
    {
    }

    /** Sweeps with the launcher's {@code rankwire.*} {@code settings} ({@code -x}, {@code -D}); returns the exit code. */
    static int run(final String command, final Map<String, String> settings, final PrintStream out, final PrintStream err)
    {
        final int[] removed = {0};
        final boolean[] failed = {false};
        JobCleanup.eachProvider(p ->
        {
            try
            {
                final List<String> lines = p.sweep(settings);
                for (final String line : lines)
                {
                    out.println(command + ": removed " + line);
                }
                removed[0] += lines.size();
            }
            catch (final RuntimeException | LinkageError e)
            {
                failed[0] = true;
                err.println(command + ": sweeping the " + p.name() + " transport's files failed: " + e.getMessage());
            }
        });
        if (removed[0] == 0)
        {
            out.println(command + ": nothing to remove: no files of ended jobs of this user on this host");
        }
        return failed[0] ? 1 : 0;
    }
}
