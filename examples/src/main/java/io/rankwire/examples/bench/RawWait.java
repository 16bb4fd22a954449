package io.rankwire.examples.bench;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * How the raw ring baseline waits: busy polls for {@link #SPIN_NS}, then yields until
 * {@link #YIELD_NS} have passed, then parks {@link #PARK_NS} at a time. The shape and the
 * times of Rankwire's default wait over shm (a 50 us spin window, yields up to ten windows,
 * then a kernel wait), so that the baseline and Rankwire give the CPU up alike.
 *
 * <p>A count of polls (Agrona's {@code BackoffIdleStrategy(100, 10, 1 us, 100 us)}, used here
 * before) is a few microseconds of spinning: every wait longer than that, such as a 64 KiB
 * round trip's, parked, and a park of 1 us lasts the kernel's timer slack (about 50 us), so
 * the baseline measured 38-44 us at 64 KiB where the same ring spinning takes 4-5 us.
 *
 * <p>Reads the clock every {@value #CLOCK_EVERY} polls while spinning. One thread.
 */
final class RawWait implements IdleStrategy
{
    static final long SPIN_NS = 50_000;
    static final long YIELD_NS = 500_000;
    static final long PARK_NS = 50_000;
    static final int SPIN = 0;
    static final int YIELD = 1;
    static final int PARK = 2;
    private static final int CLOCK_EVERY = 64;

    private long start;
    private int polls;
    private boolean spinning = true;

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        if (polls++ == 0)
        {
            start = System.nanoTime();
        }
        if (spinning && (polls & (CLOCK_EVERY - 1)) != 0)
        {
            Thread.onSpinWait();
            return;
        }
        final int phase = phase(System.nanoTime() - start);
        if (phase == SPIN)
        {
            Thread.onSpinWait();
            return;
        }
        spinning = false;
        if (phase == YIELD)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(PARK_NS);
        }
    }

    /** What a wait does once it has lasted {@code waitedNanos}: {@link #SPIN}, {@link #YIELD} or {@link #PARK}. */
    static int phase(final long waitedNanos)
    {
        return waitedNanos < SPIN_NS ? SPIN : waitedNanos < YIELD_NS ? YIELD : PARK;
    }

    @Override
    public void reset()
    {
        polls = 0;
        spinning = true;
    }

    @Override
    public String alias()
    {
        return "raw-wait";
    }
}
