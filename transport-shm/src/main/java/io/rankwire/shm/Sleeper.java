package io.rankwire.shm;

import java.util.Map;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * How a rank waits for its peers ({@code Transport.awaitActivity}): it polls the shared memory
 * for a while, then sleeps in the {@link Doorbell} until a peer rings it.
 *
 * <pre>
 *   after work was seen:   busy polls for the spin window w
 *                          then polls between Thread.yield()s until 10 w have passed
 *                          (an escape, see SpinWindow: no yields, straight to the sleep)
 *   then, and on later calls without work in between:
 *                          sleeping = 1 (full fence) -- look for work for the grace period g
 *                          -- select(min(max, 1 ms)) -- sleeping = 0
 *   a peer, after publishing:  sleeping == 1 ? CAS 1 -> 0 and write one byte   (a load, no fence)
 * </pre>
 *
 * The sleeper's fence and the grace period make the two agree without a fence on every send:
 * a waker that read the flag as 0 did so before the flag reached it, with its own publication
 * at most in its store buffer, which drains in well under the grace period
 * ({@value #GRACE_NS} ns), so the sleeper's looks see it. What could still slip through (a
 * waker preempted between a reordered load and its store) is found when the sleep ends, after
 * at most {@value #MAX_SLEEP_NS} ns; {@link #lateWakeups} counts such sleeps. The yield phase lets a peer that
 * shares this core run and answer without a kernel wake-up. The window adapts to how waits end,
 * and now and then a wait whose peer shares this CPU sleeps right after its window instead of
 * yielding, so that the wake-up lets the kernel place this rank on an idle CPU: two ranks that
 * only ever yield to each other stay on one CPU for good ({@link SpinWindow} has the rules and
 * the measurements behind them).
 *
 * <p>One thread at a time calls {@link #await} (the runtime's wake-up guarantees it);
 * {@link #wakeup()} may come from any thread.
 */
final class Sleeper
{
    static final int YIELD_WINDOWS = 10;
    private static final int CLOCK_EVERY = 64;
    /** How long the sleeper looks for work after raising its flag, before it sleeps. */
    static final long GRACE_NS = 2_000;
    /** The longest sleep in one call: a publication whose bell was missed waits at most this long. */
    static final long MAX_SLEEP_NS = 1_000_000;

    private final UnsafeBuffer control;
    private final Doorbell doorbell;
    private final BooleanSupplier work;
    private final BooleanSupplier workBeforeSleep;
    private final SpinWindow window;
    private boolean armed = true;
    private volatile boolean wakeRequested;
    /** Kernel waits so far (written by the waiting thread, read by the polling one). */
    volatile long sleeps;
    long spinsWithoutWork;
    /** Sleeps that ended without a bell or a wake-up while work waited (a bell missed). */
    long lateWakeups;

    /**
     * @param work            a cheap look for work (polled while spinning)
     * @param workBeforeSleep the full look after the sleeping flag is set
     */
    Sleeper(final UnsafeBuffer control, final Doorbell doorbell, final long spinNanos, final BooleanSupplier work,
        final BooleanSupplier workBeforeSleep)
    {
        this.control = control;
        this.doorbell = doorbell;
        this.window = new SpinWindow(spinNanos);
        this.work = work;
        this.workBeforeSleep = workBeforeSleep;
    }

    /** Adds the waiting counters to {@code m} (the waiting thread, or monitoring reading hints). */
    void counters(final Map<String, Long> m)
    {
        m.put("spinsWithoutWork", spinsWithoutWork);
        m.put("doorbellSleeps", sleeps);
        m.put("lateWakeups", lateWakeups);
        m.put("spinWindowNanos", window.windowNanos());
        m.put("sharedCpuWaits", window.sharedCpuWaits);
        m.put("cpuEscapes", window.escapes);
    }

    /** Work was done: the next wait polls before it sleeps. */
    void arm()
    {
        armed = true;
    }

    /** Waits for work, a {@link #wakeup()}, or {@code maxNanos}. */
    void await(final long maxNanos)
    {
        if (wakeRequested)
        {
            wakeRequested = false;
            return;
        }
        if (armed)
        {
            armed = false;
            if (spin())
            {
                return;
            }
            spinsWithoutWork++;
        }
        control.putIntVolatile(RankSegment.SLEEPING_OFFSET, 1);
        try
        {
            if (!wakeRequested && !workInGrace())
            {
                sleeps = sleeps + 1;
                final long heard = doorbell.heard();
                doorbell.await(Math.min(maxNanos, MAX_SLEEP_NS));
                if (doorbell.heard() == heard && !wakeRequested && workBeforeSleep.getAsBoolean())
                {
                    lateWakeups++;
                }
            }
        }
        finally
        {
            control.putIntRelease(RankSegment.SLEEPING_OFFSET, 0);
            wakeRequested = false;
        }
    }

    /**
     * Before a wait in a composite endpoint's shared selector ({@code Transport.prepareSharedWait}):
     * raises the flag as {@link #await} does and looks for work for the grace period; peers then
     * ring the bell, which that selector watches. {@link #endShared()} follows.
     *
     * @return true when work or a wake-up is already there (the composite does not block)
     */
    boolean prepareShared()
    {
        control.putIntVolatile(RankSegment.SLEEPING_OFFSET, 1);
        return wakeRequested || workInGrace();
    }

    /** After a shared wait: lowers the flag; counts the wait as a sleep. */
    void endShared()
    {
        control.putIntRelease(RankSegment.SLEEPING_OFFSET, 0);
        wakeRequested = false;
        sleeps = sleeps + 1;
    }

    /**
     * After the flag is raised: work found within the grace period (or a wake-up requested). The
     * last look comes after the period has passed, so that a thread preempted between a look and
     * its clock read still looks once the whole period is behind it.
     */
    private boolean workInGrace()
    {
        final long start = System.nanoTime();
        while (System.nanoTime() - start < GRACE_NS)
        {
            if (wakeRequested || workBeforeSleep.getAsBoolean())
            {
                return true;
            }
            Thread.onSpinWait();
        }
        return wakeRequested || workBeforeSleep.getAsBoolean();
    }

    private boolean spin()
    {
        final long start = System.nanoTime();
        final long spinNanos = window.configuredNanos();
        final long spinFor = window.nextWindow();
        final boolean escape = window.escapeNow();
        int yields = 0;
        boolean gaveCpuAway = false;
        for (int i = 1; ; i++)
        {
            if (wakeRequested || work.getAsBoolean())
            {
                window.workFound(yields, gaveCpuAway);
                return true;
            }
            if (yields > 0 || i % CLOCK_EVERY == 0)
            {
                final long spent = System.nanoTime() - start;
                if (spent >= YIELD_WINDOWS * spinNanos || escape && spent >= spinFor)
                {
                    return false;
                }
                if (spent >= spinFor)
                {
                    yields++;
                    Thread.yield();
                    gaveCpuAway |= System.nanoTime() - start - spent >= SpinWindow.SWITCH_NS;
                    continue;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Ends a wait in progress on another thread, or makes the next one return at once. Any thread. */
    void wakeup()
    {
        wakeRequested = true;
        doorbell.wakeup();
    }
}
