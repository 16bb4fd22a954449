package io.rankwire.bootstrap;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ends a process of a job whose launcher is gone, so nothing of a job outlives {@code rwrun},
 * even one killed with {@code SIGKILL} (which runs no shutdown hook). Two signs, whichever comes
 * first:
 * <ul>
 *     <li>the parent changed: a process {@code rwrun} started on its own host (a rank JVM, the
 *     JVM of an in-JVM job) gets {@value JobVariables#LAUNCHER_PID}, and a daemon thread checks
 *     every {@value #POLL_MILLIS} ms that its parent still is that process (an orphan is adopted
 *     by another, so a reused pid cannot fool it);</li>
 *     <li>a rank started by {@code rwrun} anywhere (locally, over ssh, through srun) lost its
 *     membership connection to {@code rwrun}'s bootstrap service before closing
 *     ({@link MembershipWatch}).</li>
 * </ul>
 * The process then says why on stderr and exits with {@value #EXIT_CODE}; if shutdown hooks
 * hold the exit up for {@value #HALT_AFTER_MILLIS} ms, it halts. (Ranks started over ssh are also
 * ended by their remote script when the ssh session ends.)
 */
public final class LauncherWatch
{
    private static final System.Logger LOG = System.getLogger(LauncherWatch.class.getName());
    /** How often the parent is checked. */
    static final long POLL_MILLIS = 500;
    /** Exit code of a process that ends itself because its launcher is gone. */
    public static final int EXIT_CODE = 1;
    /** How long shutdown hooks may run before the process halts. */
    static final long HALT_AFTER_MILLIS = 3_000;

    private static final AtomicBoolean WATCHING = new AtomicBoolean();
    private static final AtomicBoolean ENDING = new AtomicBoolean();

    private LauncherWatch()
    {
    }

    /**
     * Starts watching the parent named by {@value JobVariables#LAUNCHER_PID} in {@code env}, if
     * any; once per JVM.
     *
     * @param who how the message names this process ({@code rank 2})
     * @throws IllegalStateException if the variable is not a process id
     */
    public static void watchParent(final java.util.Map<String, String> env, final String who)
    {
        final String text = env.get(JobVariables.LAUNCHER_PID);
        if (text == null || text.isEmpty())
        {
            return;
        }
        final long pid;
        try
        {
            pid = Long.parseLong(text.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalStateException(JobVariables.LAUNCHER_PID + " : '" + text + "' (expected: a process id)", e);
        }
        if (!WATCHING.compareAndSet(false, true))
        {
            return;
        }
        final Thread t = new Thread(() -> pollParent(pid, who), "rankwire-launcher-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void pollParent(final long launcher, final String who)
    {
        while (true)
        {
            final Optional<Long> parent = ProcessHandle.current().parent().map(ProcessHandle::pid);
            if (parent.isEmpty() || parent.get() != launcher)
            {
                end(who, "its launcher (pid " + launcher + ") is gone");
                return;
            }
            try
            {
                Thread.sleep(POLL_MILLIS);
            }
            catch (final InterruptedException e)
            {
                return;
            }
        }
    }

    /** Ends this process: says why on stderr, exits with {@link #EXIT_CODE}, halts if that hangs. Once. */
    static void end(final String who, final String why)
    {
        if (!ENDING.compareAndSet(false, true))
        {
            return;
        }
        LOG.log(System.Logger.Level.ERROR, who + ": " + why + "; ending this process");
        System.err.flush();
        final Thread halt = new Thread(() ->
        {
            try
            {
                Thread.sleep(HALT_AFTER_MILLIS);
            }
            catch (final InterruptedException ignored)
            {
                // halt now
            }
            Runtime.getRuntime().halt(EXIT_CODE);
        }, "rankwire-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(EXIT_CODE);
    }
}
