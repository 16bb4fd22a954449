package io.rankwire.launch;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The box the launcher prints when a rank fails, as Open MPI's {@code mpirun} does ("... detected
 * that one or more processes exited with non-zero status"): the first rank that failed, its host,
 * its exit code or the signal that ended it, and the first lines it wrote on stderr. The other
 * ranks' reports of that failure are one line each ({@link ConsequentErrors}).
 */
final class FailureSummary
{
    /** How a rank started on the launcher's own host is named until {@link #hostName()} names it. */
    static final String THIS_HOST = "";
    /** The lines of a rank's stderr the summary shows. */
    static final int ERROR_LINES = 4;
    private static final String RULE = "-".repeat(74);
    private static final String INDENT = "              ";
    private static final Pattern FRAME = Pattern.compile("\\s+at .*|\\s*\\.\\.\\. \\d+ more");

    private FailureSummary()
    {
    }

    /** Keeps the first {@value #ERROR_LINES} lines of a stream but stack frames and the JVM's own notes. Thread-safe. */
    static final class FirstLines implements Consumer<String>
    {
        private final List<String> lines = new ArrayList<>(ERROR_LINES);

        @Override
        public synchronized void accept(final String line)
        {
            if (lines.size() < ERROR_LINES && !line.isBlank() && !line.startsWith("Picked up ") &&
                !FRAME.matcher(line).matches())
            {
                lines.add(line);
            }
        }

        synchronized List<String> lines()
        {
            return List.copyOf(lines);
        }
    }

    /**
     * @param command  how the launcher was called
     * @param host     the rank's host, {@link #THIS_HOST} for the launcher's
     * @param exitCode the process's exit value ({@code 128 + signal} when a signal ended it)
     * @param errors   the first lines of its stderr
     */
    static void print(
        final PrintStream err, final String command, final int rank, final String host, final int exitCode,
        final List<String> errors)
    {
        final StringBuilder box = new StringBuilder();
        box.append(RULE).append('\n');
        box.append(command).append(" detected that one or more processes exited with non-zero status,\n");
        box.append("thus causing the job to be terminated. The first process to do so was:\n\n");
        box.append("  Rank:       ").append(rank).append('\n');
        box.append("  Host:       ").append(host.equals(THIS_HOST) ? hostName() : host).append('\n');
        final int signal = exitCode - 128;
        if (signal > 0 && signal < 32)
        {
            box.append("  Signal:     ").append(ExitStatus.describe(exitCode).replaceFirst(".*\\(killed by ", "")
                .replace(")", "")).append('\n');
        }
        else
        {
            box.append("  Exit code:  ").append(exitCode).append('\n');
        }
        if (errors.isEmpty())
        {
            box.append("  Error:      (nothing on stderr)\n");
        }
        else
        {
            for (int i = 0; i < errors.size(); i++)
            {
                box.append(i == 0 ? "  Error:      " : INDENT).append(errors.get(i).strip()).append('\n');
            }
        }
        box.append(RULE);
        synchronized (err)
        {
            err.println(box);
        }
    }

    /** This host's name, else {@code localhost}. */
    static String hostName()
    {
        try
        {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (final UnknownHostException e)
        {
            return "localhost";
        }
    }
}
