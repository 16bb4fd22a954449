package io.rankwire.shm;

/**
 * How long a waiting rank polls before it gives the CPU up, adapted to how its waits end, and
 * when it sleeps in the kernel instead of yielding so that the scheduler places it again.
 *
 * <pre>
 *   wait ended by work found             effect
 *   while busy polling (no yield), or    window doubles back towards the configured one;
 *   after yields that gave the CPU to    shared-CPU streak and escape spacing reset
 *   no other thread
 *   within the first two yields, one of  window halves (floor MIN_WINDOW_NS); streak + 1;
 *   which gave the CPU away              streak == escapeAfter: the next wait sleeps rather
 *                                        than yields (an escape), escapeAfter doubles (max 256)
 *   later, the yields having given the   no change
 *   CPU away (or after a sleep)
 * </pre>
 *
 * <p>A yield gave the CPU away when it took {@link #SWITCH_NS} or more: another thread ran
 * meanwhile (a peer on this CPU runs until it waits in turn, for at least its own window). A
 * yield that returns at once only says that the wait outlasted the window, as a rendezvous's
 * waits of 5-15 us do with a peer on another CPU; halving the window for those (as before this
 * distinction) left 64 KiB ping-pongs yielding in every wait: 3.7-3.9x the bare ring, where a
 * window that did not adapt at all measured 1.5-1.7x.
 *
 * <p>Why escapes: work that turns up only once this rank yields means the peer shares this CPU
 * (it could only answer once the CPU was free). Two ranks that hand the CPU to each other by
 * {@code sched_yield} stay runnable on one run queue, run every few microseconds and so always
 * look cache-hot to the scheduler's load balancer, which then never moves one of them to the
 * other CPU, even an idle one: measured, such a pair stayed on one CPU for whole runs at about
 * 11 us per one-way message (the spin windows of both sides plus two switches) instead of
 * 0.3-0.4 us on two CPUs. A rank that sleeps instead is placed again when its peer's bell wakes
 * it, and the kernel's wake-up placement takes an idle CPU of the same cache domain when there is
 * one. An escape costs one sleep and one wake-up (measured 20-30 us against an 11 us yield
 * hand-off on a saturated host); the spacing doubles while escapes fail, so a pair that really
 * must share a CPU (more ranks than cores) pays one in 256 waits at most, and the spacing resets
 * when the two are seen on separate CPUs again.
 *
 * <p>One thread (the one waiting).
 */
final class SpinWindow
{
    /** The shortest adapted window: well above a round trip between two cores. */
    static final long MIN_WINDOW_NS = 5_000;
    /** A wait that ends within this many yields counts as a peer sharing this CPU. */
    static final int EARLY_YIELDS = 2;
    static final int MIN_ESCAPE_AFTER = 4;
    static final int MAX_ESCAPE_AFTER = 256;
    /** A yield that took this long let another thread run (see the class comment). */
    static final long SWITCH_NS = 2_000;
    /** One wait in this many spins the configured window however short the adapted one is. */
    private static final int PROBE_EVERY = 32;

    private final long spinNanos;
    private long windowNanos;
    private int waits;
    private int streak;
    private int escapeAfter = MIN_ESCAPE_AFTER;
    private boolean escape;
    /** Waits whose work came only after a yield within {@link #EARLY_YIELDS} (a peer on this CPU). */
    long sharedCpuWaits;
    /** Waits that slept instead of yielding so the scheduler could place this rank again. */
    long escapes;

    SpinWindow(final long spinNanos)
    {
        this.spinNanos = spinNanos;
        this.windowNanos = spinNanos;
    }

    /** The configured window (nanoseconds): the yield phase lasts until {@code Sleeper.YIELD_WINDOWS} of it. */
    long configuredNanos()
    {
        return spinNanos;
    }

    /** The adapted window (nanoseconds). */
    long windowNanos()
    {
        return windowNanos;
    }

    /** The window of the next wait: the adapted one, or now and then the configured one (a probe). */
    long nextWindow()
    {
        return (++waits & (PROBE_EVERY - 1)) == 0 ? spinNanos : windowNanos;
    }

    /**
     * Whether the wait starting now should sleep once its window passes instead of yielding (an
     * escape); consumes the decision.
     */
    boolean escapeNow()
    {
        if (escape)
        {
            escape = false;
            escapes++;
            return true;
        }
        return false;
    }

    /**
     * The wait found work after {@code yields} yields (0: while busy polling); {@code gaveCpuAway}:
     * one of them let another thread run.
     */
    void workFound(final int yields, final boolean gaveCpuAway)
    {
        if (yields == 0 || !gaveCpuAway)
        {
            streak = 0;
            escapeAfter = MIN_ESCAPE_AFTER;
            if (windowNanos < spinNanos)
            {
                windowNanos = Math.min(spinNanos, windowNanos << 1);
            }
        }
        else if (yields <= EARLY_YIELDS)
        {
            sharedCpuWaits++;
            windowNanos = Math.max(Math.min(MIN_WINDOW_NS, spinNanos), windowNanos >> 1);
            if (++streak >= escapeAfter)
            {
                streak = 0;
                escape = true;
                escapeAfter = Math.min(MAX_ESCAPE_AFTER, escapeAfter << 1);
            }
        }
    }
}
