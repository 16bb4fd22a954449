package mpi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The entries of {@link MPI#INFO_ENV}, the keys MPI reserves to describe how a process was started:
 * {@code command} (the Java main class), {@code argv} (its arguments, space separated),
 * {@code maxprocs} (the number of ranks of the job), {@code host}, {@code arch} and {@code wdir}.
 */
final class InfoEnv
{
    private InfoEnv()
    {
    }

    static Map<String, String> entries()
    {
        final Map<String, String> m = new LinkedHashMap<>();
        final String line = System.getProperty("sun.java.command", "").trim();
        final int space = line.indexOf(' ');
        if (!line.isEmpty())
        {
            m.put("command", space < 0 ? line : line.substring(0, space));
            m.put("argv", space < 0 ? "" : line.substring(space + 1).trim());
        }
        final Binding b = Binding.find();
        if (b != null)
        {
            m.put("maxprocs", Integer.toString(b.rw.size()));
        }
        m.put("host", MPI.getProcessorName());
        m.put("arch", System.getProperty("os.arch", "unknown"));
        m.put("wdir", System.getProperty("user.dir", ""));
        return m;
    }
}
