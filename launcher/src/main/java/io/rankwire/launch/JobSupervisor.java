package io.rankwire.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs the processes of one job and watches them: forwards their output, and when one fails or
 * the timeout passes, ends all of them (and their descendants) and says which failed and how.
 * {@link #kill} may be called from any thread (the launcher's shutdown hook does).
 */
final class JobSupervisor
{
    /** Exit code when the job timed out. */
    static final int TIMEOUT_EXIT = 124;
    /** How long processes get between {@code SIGTERM} and {@code SIGKILL}. */
    static final long GRACE_MILLIS = 3_000;

    private final PrintStream out;
    private final PrintStream err;
    private final List<Process> processes = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();
    private final LinkedBlockingQueue<Integer> exited = new LinkedBlockingQueue<>();
    private boolean killed;

    JobSupervisor(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /**
     * Starts a process.
     *
     * @param label  how messages name it ({@code rank 2})
     * @param prefix prepended to each line of its output; empty for none
     * @throws UncheckedIOException if it cannot be started
     */
    void start(final String label, final List<String> command, final Map<String, String> env, final String prefix)
    {
        start(label, command, env, prefix, null, null);
    }

    /**
     * Starts a process.
     *
     * @param stdin  null to close its stdin at once; else this text is written to it, which then
     *               stays open (an ssh session that reads the job secret and then watches for
     *               its end)
     * @param srun   for an {@code srun} process: its output's {@code --label} labels are
     *               rewritten to {@code [rank] } (when {@code prefix} is not empty) and its
     *               stderr is read by this report; null otherwise
     */
    synchronized void start(
        final String label,
        final List<String> command,
        final Map<String, String> env,
        final String prefix,
        final String stdin,
        final SrunReport srun)
    {
        if (killed)
        {
            throw new IllegalStateException("the job was killed before " + label + " started");
        }
        final ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(env);
        final Process p;
        try
        {
            p = builder.start();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot start " + label + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
        if (stdin == null)
        {
            closeStdin(p);
        }
        else
        {
            writeStdin(p, stdin);
        }
        final int index = processes.size();
        processes.add(p);
        labels.add(label);
        final boolean labels = srun != null && !prefix.isEmpty();
        final String tag = srun != null ? "" : prefix;
        pumps.add(new OutputPump(p.getInputStream(), out, tag, labels, null).start("rwrun-out-" + index));
        pumps.add(new OutputPump(p.getErrorStream(), err, tag, labels, srun).start("rwrun-err-" + index));
        p.onExit().thenRun(() -> exited.add(index));
    }

    /**
     * Waits for the job: 0 when every process exits 0; the exit code of the first process that
     * fails (the others are then ended); {@link #TIMEOUT_EXIT} when {@code timeout} passes first.
     *
     * @param timeout null for none
     */
    int await(final Duration timeout) throws InterruptedException
    {
        final long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        int running = size();
        while (running > 0)
        {
            final Integer index = timeout == null ? exited.take() :
                exited.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (index == null)
            {
                err.println("rwrun: job timed out after " + Durations.format(timeout) + "; killing " + stillRunning());
                kill();
                return TIMEOUT_EXIT;
            }
            running--;
            final int code = processes.get(index).exitValue();
            if (code != 0 && killed())
            {
                return code;
            }
            if (code != 0)
            {
                err.println("rwrun: " + labels.get(index) + " failed: " + ExitStatus.describe(code) +
                    (running > 0 ? "; killing " + stillRunning() : ""));
                kill();
                return code;
            }
        }
        joinPumps();
        return 0;
    }

    /** Ends every process of the job and its descendants; later calls do nothing. */
    void kill()
    {
        final List<ProcessHandle> handles = new ArrayList<>();
        synchronized (this)
        {
            if (killed)
            {
                return;
            }
            killed = true;
            processes.forEach(p -> handles.add(p.toHandle()));
        }
        ProcessTree.destroy(handles, GRACE_MILLIS);
        joinPumps();
    }

    private static void closeStdin(final Process p)
    {
        try
        {
            p.getOutputStream().close();
        }
        catch (final IOException ignored)
        {
            // the process has no use for it anyway
        }
    }

    /** Writes {@code text} to the process's stdin and leaves it open. */
    private static void writeStdin(final Process p, final String text)
    {
        try
        {
            p.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().flush();
        }
        catch (final IOException ignored)
        {
            // it exited already; its exit code tells why
        }
    }

    private synchronized boolean killed()
    {
        return killed;
    }

    private synchronized int size()
    {
        return processes.size();
    }

    private synchronized String stillRunning()
    {
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++)
        {
            if (processes.get(i).isAlive())
            {
                names.add(labels.get(i));
            }
        }
        return names.isEmpty() ? "nothing left running" : String.join(", ", names);
    }

    private void joinPumps()
    {
        final List<Thread> threads;
        synchronized (this)
        {
            threads = new ArrayList<>(pumps);
        }
        for (final Thread t : threads)
        {
            try
            {
                t.join(TimeUnit.SECONDS.toMillis(5));
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
