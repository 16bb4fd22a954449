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
import java.util.function.IntPredicate;

/**
 * Runs the processes of one job and watches them: forwards their output, and when one fails or
 * the timeout passes, ends all of them (and their descendants) and says which failed and how. A
 * rank that ends without closing Rankwire fails the job too, as a process that exits without
 * {@code MPI_Finalize} fails an {@code mpirun} job: a process of one rank that exits 0 while the
 * bootstrap service still counts it as open ({@link #notClosed}), or, for a process running many
 * ranks ({@code srun}), a departure the service reports ({@link #departed}). The other ranks'
 * operations on it fail, so they get {@link #NOT_CLOSED_GRACE_MILLIS} to end on their own (and say so)
 * before they are killed. A rank that aborts the job ({@code Rankwire.abort}, {@code MPI_Abort})
 * ends it with its error code, as {@code mpirun} does: the service reports the abort
 * ({@link #aborted}) before the rank ends; the other ranks, told as well, close their connections
 * and get {@link #FAILURE_GRACE_MILLIS} to end before they are killed. {@link #kill} may be called
 * from any thread (the launcher's shutdown hook does).
 */
final class JobSupervisor
{
    /** Exit code when the job timed out. */
    static final int TIMEOUT_EXIT = 124;
    /** Exit code when a rank ended without closing and no rank failed before. */
    static final int NOT_CLOSED_EXIT = 1;
    /** How long processes get between {@code SIGTERM} and {@code SIGKILL}. */
    static final long GRACE_MILLIS = 3_000;
    /**
     * How long the other ranks get to end on their own after a rank ended without closing: their
     * operations on it fail at once, and their {@code close()} fails at once too, but still
     * delivers what it owes the live ranks (a transport may take a few seconds for that).
     */
    static final long NOT_CLOSED_GRACE_MILLIS = 10_000;
    /**
     * How long the other ranks get to end on their own after a rank failed, before they are
     * killed: a failure makes its peers fail too, and the rank that caused it (an exception
     * thrown inside try-with-resources) prints why only once its {@code close()} has returned.
     */
    static final long FAILURE_GRACE_MILLIS = 2_000;
    /** The event {@link #aborted} queues. */
    private static final int ABORT_EVENT = Integer.MIN_VALUE;
    /** How long a departure waits for its process's own failure to be reported instead. */
    static final long DEPARTURE_CHECK_MILLIS = 1_000;

    private final PrintStream out;
    private final PrintStream err;
    private final RunOptions run;
    private final String name;
    private final List<Process> processes = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    /** Each process's rank (-1 for a process of many ranks), host, and first lines of stderr. */
    private final List<Integer> ranks = new ArrayList<>();
    private final List<String> hosts = new ArrayList<>();
    private final List<FailureSummary.FirstLines> firstErrors = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();
    /** Process indexes that exited, and {@code -1 - rank} for ranks the service saw depart. */
    private final LinkedBlockingQueue<Integer> exited = new LinkedBlockingQueue<>();
    private volatile IntPredicate notClosed = index -> false;
    private volatile boolean failedNotClosed;
    private volatile int abortRank = -1;
    private volatile int abortCode;
    private SrunReport srunReport;
    private boolean killed;

    JobSupervisor(final PrintStream out, final PrintStream err)
    {
        this(out, err, RunOptions.defaults());
    }

    /** @param run the command's name for messages, the ranks' working directory and output files */
    JobSupervisor(final PrintStream out, final PrintStream err, final RunOptions run)
    {
        this.out = out;
        this.err = err;
        this.run = run;
        this.name = run.command();
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
     * Starts the process of one rank.
     *
     * @param host where it runs, for the failure summary
     * @see #start(String, List, Map, String, String, SrunReport)
     */
    void startRank(
        final int rank,
        final String host,
        final List<String> command,
        final Map<String, String> env,
        final String prefix,
        final String stdin)
    {
        start(rank, host, "rank " + rank + (host.equals(FailureSummary.THIS_HOST) ? "" : " (" + host + ")"), command, env,
            prefix, stdin, null);
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
    void start(
        final String label,
        final List<String> command,
        final Map<String, String> env,
        final String prefix,
        final String stdin,
        final SrunReport srun)
    {
        start(-1, FailureSummary.THIS_HOST, label, command, env, prefix, stdin, srun);
    }

    private synchronized void start(
        final int rank,
        final String host,
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
        if (run.workDir() != null)
        {
            builder.directory(run.workDir().toFile());
        }
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
        if (srun != null)
        {
            srunReport = srun;
        }
        processes.add(p);
        labels.add(label);
        ranks.add(rank);
        hosts.add(host);
        final FailureSummary.FirstLines first = new FailureSummary.FirstLines();
        firstErrors.add(first);
        final boolean labels = srun != null && !prefix.isEmpty();
        final String tag = srun != null ? "" : prefix;
        final OutputFiles files = rank >= 0 ? run.outputFiles() : null;
        final boolean copy = files == null || files.copy();
        pumps.add(new OutputPump(p.getInputStream(), copy ? out : null, tag, labels, null,
            files == null ? null : files.open(rank, false), false).start("rwrun-out-" + index));
        pumps.add(new OutputPump(p.getErrorStream(), copy ? err : null, tag, labels,
            srun == null ? first : first.andThen(srun), files == null ? null : files.open(rank, true), true)
            .start("rwrun-err-" + index));
        p.onExit().thenRun(() -> exited.add(index));
    }

    /**
     * For jobs of one process per rank: {@code test(index)} tells whether the process of that
     * index, which just exited 0, had not closed Rankwire (the bootstrap service still counts its
     * rank as open).
     */
    void notClosed(final IntPredicate test)
    {
        this.notClosed = test;
    }

    /** The bootstrap service saw {@code rank} end without closing (a process of many ranks). Any thread. */
    void departed(final int rank)
    {
        exited.add(-1 - rank);
    }

    /**
     * {@code rank} aborts the job with {@code errorCode} (the bootstrap service heard it before the
     * rank ends): the job ends with that code. The first abort counts. Any thread.
     */
    void aborted(final int rank, final int errorCode)
    {
        synchronized (this)
        {
            if (abortRank >= 0)
            {
                return;
            }
            abortCode = errorCode;
            abortRank = rank;
        }
        exited.add(ABORT_EVENT);
    }

    /**
     * Waits for the job: the error code of the first rank that aborts the job; 0 when every process exits 0; the exit code of the first process that
     * fails (the others are then ended); {@link #NOT_CLOSED_EXIT} when a rank ended without
     * closing first (the others get {@link #NOT_CLOSED_GRACE_MILLIS} to end on their own); {@link #TIMEOUT_EXIT}
     * when {@code timeout} passes first.
     *
     * @param timeout null for none
     */
    int await(final Duration timeout) throws InterruptedException
    {
        final long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        final Failure failed = new Failure();
        int running = size();
        while (running > 0)
        {
            final long until = Math.min(deadline, failed.nextCheck());
            final Integer event = until == Long.MAX_VALUE ? exited.take() :
                exited.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (event == null)
            {
                final int result = deadlinePassed(failed, timeout);
                if (result >= 0)
                {
                    return result;
                }
                continue;
            }
            if (event == ABORT_EVENT)
            {
                return abortEnds(running);
            }
            if (event < 0)
            {
                failed.departure(-1 - event);
                continue;
            }
            running--;
            final int code = processes.get(event).exitValue();
            if (code != 0 && killed())
            {
                return code;
            }
            if (code != 0 && failed.code >= 0)
            {
                continue; // its failure follows from the rank that did not close
            }
            if (code != 0 && failed.departedRank >= 0 && !failedItself(failed.departedRank))
            {
                // the others failed because the departed rank had ended without closing
                failed.notClosed(failed.departedRank, "rank " + failed.departedRank);
                kill();
                return failed.code;
            }
            if (code != 0)
            {
                final List<Integer> ended = new ArrayList<>(List.of(event));
                running -= awaitExits(running, FAILURE_GRACE_MILLIS, ended);
                joinPumps(ended); // the first lines of their stderr are read
                final int cause = cause(ended);
                final int causeCode = processes.get(cause).exitValue();
                err.println(name + ": " + labels.get(cause) + " failed: " + ExitStatus.describe(causeCode) +
                    (running > 0 ? "; killing " + stillRunning() : ""));
                kill();
                summary(cause, causeCode);
                return causeCode;
            }
            if (failed.code < 0 && notClosed.test(event))
            {
                failed.notClosed(-1, labels.get(event));
            }
        }
        if (failed.code < 0 && failed.departedRank >= 0)
        {
            failed.notClosed(failed.departedRank, "rank " + failed.departedRank);
        }
        joinPumps();
        return Math.max(failed.code, 0);
    }

    /**
     * A rank aborted the job: says so, gives the {@code running} processes (told of the abort, they
     * close their connections in order) {@link #FAILURE_GRACE_MILLIS} to end, kills the rest and
     * answers the abort's error code.
     */
    private int abortEnds(final int running) throws InterruptedException
    {
        err.println(name + ": rank " + abortRank + " called abort with error code " + abortCode + ": ending the job");
        awaitExits(running, FAILURE_GRACE_MILLIS, new ArrayList<>());
        kill();
        return abortCode;
    }

    /** Waits up to {@code millis} for the {@code running} processes to exit, adding each to {@code ended}; returns how many did. */
    private int awaitExits(final int running, final long millis, final List<Integer> ended) throws InterruptedException
    {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        final int before = ended.size();
        while (ended.size() - before < running)
        {
            final Integer event = exited.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (event == null)
            {
                break;
            }
            if (event >= 0)
            {
                ended.add(event);
            }
        }
        return ended.size() - before;
    }

    /**
     * Which of the processes that {@code ended} (in the order they did, the first failed) caused
     * the failure: the first that failed with an error of its own, not one reporting another
     * rank's failure ({@link ConsequentErrors}); else the first that failed. A rank whose
     * exception makes it finalize fails the ranks waiting on it at once, and they may exit first.
     */
    private synchronized int cause(final List<Integer> ended)
    {
        for (final int index : ended)
        {
            if (processes.get(index).exitValue() != 0 && !ConsequentErrors.reports(firstErrors.get(index).lines()))
            {
                return index;
            }
        }
        return ended.get(0);
    }

        /** The next deadline passed: -1 to go on waiting, else the job's exit code (the rest was killed). */
    private int deadlinePassed(final Failure failed, final Duration timeout)
    {
        if (failed.due(System.nanoTime()))
        {
            if (failed.code < 0)
            {
                failed.notClosed(failed.departedRank, "rank " + failed.departedRank);
                return -1;
            }
            kill();
            return failed.code;
        }
        err.println(name + ": job timed out after " + Durations.format(timeout) +
            (run.timeoutSource().equals("--timeout") ? "" : " (" + run.timeoutSource() + "=" + timeout.toSeconds() + ")") +
            "; killing " + stillRunning());
        kill();
        return TIMEOUT_EXIT;
    }

    /** Whether the job failed because a rank ended without closing Rankwire (reported already). */
    boolean failedNotClosed()
    {
        return failedNotClosed;
    }

    /** Whether srun reported {@code rank}'s own task as failed (so it crashed rather than ended without closing). */
    private boolean failedItself(final int rank)
    {
        joinPumps(); // srun's messages are all read once its process ended
        final SrunReport report;
        synchronized (this)
        {
            report = srunReport;
        }
        return report != null && report.failedRank() == rank;
    }

    /** The first rank that ended without closing, and the deadlines it sets. Used by {@link #await} only. */
    private final class Failure
    {
        int code = -1;
        int departedRank = -1;
        private long departureCheck = Long.MAX_VALUE;
        private long graceEnd = Long.MAX_VALUE;

        long nextCheck()
        {
            return Math.min(departureCheck, graceEnd);
        }

        boolean due(final long now)
        {
            return nextCheck() != Long.MAX_VALUE && now - nextCheck() >= 0;
        }

        /** The service saw {@code rank} depart: the job fails unless its process's own failure comes first. */
        void departure(final int rank)
        {
            if (code < 0 && departedRank < 0)
            {
                departedRank = rank;
                departureCheck = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DEPARTURE_CHECK_MILLIS);
            }
        }

        void notClosed(final int rank, final String label)
        {
            code = NOT_CLOSED_EXIT;
            failedNotClosed = true;
            departureCheck = Long.MAX_VALUE;
            graceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(NOT_CLOSED_GRACE_MILLIS);
            err.println(name + ": " + label + " exited without closing Rankwire (it ended before Rankwire.close() " +
                "finished); the other ranks' operations on it fail: ending the job");
        }
    }

    /** Prints the failure summary of process {@code index}, which failed first with {@code code}. */
    private void summary(final int index, final int code)
    {
        joinPumps(); // its last lines of stderr are read
        final int rank;
        final String host;
        final List<String> lines;
        synchronized (this)
        {
            rank = ranks.get(index);
            host = hosts.get(index);
            lines = firstErrors.get(index).lines();
        }
        if (rank >= 0)
        {
            FailureSummary.print(err, name, rank, host, code, lines);
        }
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

    /** Waits for the output of the processes of {@code indexes}, which ended, to be read. */
    private void joinPumps(final List<Integer> indexes)
    {
        final List<Thread> threads = new ArrayList<>();
        synchronized (this)
        {
            for (final int i : indexes)
            {
                threads.add(pumps.get(2 * i));
                threads.add(pumps.get(2 * i + 1));
            }
        }
        join(threads);
    }

    private void joinPumps()
    {
        final List<Thread> threads;
        synchronized (this)
        {
            threads = new ArrayList<>(pumps);
        }
        join(threads);
    }

    private static void join(final List<Thread> threads)
    {
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
