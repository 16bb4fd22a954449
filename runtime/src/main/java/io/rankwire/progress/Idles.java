package io.rankwire.progress;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;


/** The idle strategies behind {@code rankwire.idle}. */
public final class Idles
{
    /** How a blocked caller waits ({@code rankwire.idle}). */
    public enum Mode
    {
        /** Busy-spin. */
        SPIN,
        /** Spin briefly, then {@code Thread.yield()}. */
        YIELD,
        /** Spin, then yield, then block (see {@link Backoff}). */
        BACKOFF
    }

    static final int SPINS = 64;
    static final int YIELDS = 16;
    /** The yield phase lasts until this many spin windows have passed since the wait began. */
    static final int YIELD_WINDOW_FACTOR = 10;
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Longest single kernel wait in the transport ({@code Transport.awaitActivity}); signals end it early. */
    static final long MAX_AWAIT_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private Idles()
    {
    }

    /** The strategy for {@code mode}; {@code spinNs} is the spin window of {@link Mode#BACKOFF}. */
    public static IdleStrategy create(final Mode mode, final Wakeup wakeup, final long spinNs)
    {
        switch (mode)
        {
            case SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BACKOFF:
            default:
                return new Backoff(wakeup, SPINS, spinNs, YIELDS, MIN_PARK_NS, MAX_PARK_NS);
        }
    }

    /**
     * The strategy of a background progress thread: a short spin (no window), then yield, then
     * block like {@link Mode#BACKOFF}, so it never competes long with the rank's own threads.
     */
    public static IdleStrategy background(final Wakeup wakeup)
    {
        return new Backoff(wakeup, YIELDS, 0, YIELDS, MIN_PARK_NS, MAX_PARK_NS);
    }

    /**
     * Spin, then yield, then block: in the transport's kernel wait when it offers one
     * ({@code Transport.awaitActivity}, so the next message costs one wake-up, as on a blocking
     * socket; then without spins or yields once the transport was seen to offer it), otherwise
     * park with doubling periods like Agrona's backoff strategy. Either goes
     * through {@link Wakeup}, so a signal ends it early, and a signal that came since the caller
     * last made progress stops it blocking.
     *
     * <p>The spin phase touches no shared state: no epoch read, the clock read once every
     * {@value #CLOCK_EVERY} polls. When it ends, the strategy announces itself to the wake-up
     * ({@link Wakeup#announce()}, which samples the epoch) and returns, so one more progress call
     * comes between the sample and the first yield or block; it withdraws when work comes again
     * ({@link #reset()}). Before a kernel wait it announces in {@link #reset()} already (no spins),
     * unless a spin window is set: then it polls for that long by the clock and blocks in the
     * kernel wait without yielding.
     *
     * <p>The spin window adapts ({@link #adapt()}): on a host where both ranks share one core, a
     * partner can only answer once the waiter gives the CPU up, and a fixed 50 us window made
     * every message wait for it. The yield phase lasts {@code maxYields} yields and beyond them
     * until {@code YIELD_WINDOW_FACTOR} (ten) configured windows have passed since the wait
     * began: a waiter that outlasts the window by a little still sees the reply within a poll
     * rather than after a park and a wake-up (tens of microseconds on a loaded host), and a
     * partner sharing its core gets the CPU.
     */
    static final class Backoff implements IdleStrategy
    {
        /** Spins between clock reads once past {@code maxSpins}. */
        static final int CLOCK_EVERY = 8;
        /** A wait that ends within this many yields halves the spin window. */
        static final int EARLY_YIELDS = 2;
        /**
         * The shortest adapted window. Well above a round trip between two cores (under a
         * microsecond here), so a partner on another core always answers within it and the window
         * grows back; a floor of a few polls would let a reply that merely outlasts 64 polls look
         * like a shared core, and each wait would then pay a yield.
         */
        static final long MIN_WINDOW_NS = 5_000;

        private final Wakeup wakeup;
        private final int maxSpins;
        private final long spinNs;
        private final int maxYields;
        private final long minParkNs;
        private final long maxParkNs;
        private int spins;
        private long spinStart;
        private int yields;
        private long parkNs;
        private long seenEpoch;
        private boolean announced;
        /** The spin window in use: {@code spinNs}, or less while replies come just after a first yield. */
        private long windowNs;
        /** The transport offers a kernel wait (read at {@link #reset()}): spins are timed from the first. */
        private boolean kernel;

        Backoff(
            final Wakeup wakeup, final int maxSpins, final long spinNs, final int maxYields, final long minParkNs,
            final long maxParkNs)
        {
            this.wakeup = wakeup;
            this.maxSpins = maxSpins;
            this.spinNs = spinNs;
            this.maxYields = maxYields;
            this.minParkNs = minParkNs;
            this.maxParkNs = maxParkNs;
            this.windowNs = spinNs;
            reset();
        }

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
            if (!announced)
            {
                if (spinning())
                {
                    spins++;
                    Thread.onSpinWait();
                }
                else
                {
                    seenEpoch = wakeup.announce();
                    announced = true;
                }
                return;
            }
            if (!wakeup.kernelWait() && (yields < maxYields || yielding()))
            {
                yields++;
                Thread.yield();
            }
            else
            {
                wakeup.await(parkNs, MAX_AWAIT_NS, seenEpoch);
                parkNs = Math.min(parkNs << 1, maxParkNs);
            }
            seenEpoch = wakeup.epoch();
        }

        /**
         * The spin phase: {@code maxSpins} polls, and beyond them until {@code spinNs} have passed
         * since the first (a reply within a round trip then finds the caller still polling
         * rather than parked).
         */
        private boolean spinning()
        {
            final int least = kernel ? 1 : maxSpins;
            if (spins < least)
            {
                if (spins == 0 && spinNs > 0)
                {
                    spinStart = System.nanoTime();
                }
                return true;
            }
            if (windowNs <= 0)
            {
                return false;
            }
            // before a kernel wait each poll is a read syscall, far dearer than a clock read
            return !kernel && ((spins - least) & (CLOCK_EVERY - 1)) != 0 || System.nanoTime() - spinStart < windowNs;
        }

        /** Past the spin window, yields go on until {@code YIELD_WINDOW_FACTOR} windows have passed. */
        private boolean yielding()
        {
            return spinNs > 0 && System.nanoTime() - spinStart < YIELD_WINDOW_FACTOR * spinNs;
        }

        /**
         * Adapts the spin window to how the last wait ended: work found within the first
         * {@value #EARLY_YIELDS} yields suggests a partner sharing this core, which could only answer
         * once this thread gave the CPU up, so the window halves (down to {@link #MIN_WINDOW_NS});
         * work found while spinning doubles it back towards {@code spinNs}.
         */
        private void adapt()
        {
            final long floor = Math.min(MIN_WINDOW_NS, spinNs);
            if (announced && yields > 0 && yields <= EARLY_YIELDS && parkNs == minParkNs)
            {
                windowNs = Math.max(floor, windowNs >> 1);
            }
            else if (!announced && spins > 0 && windowNs < spinNs)
            {
                windowNs = Math.min(spinNs, windowNs << 1);
            }
        }

        /** The spin window in use (nanoseconds). */
        long windowNs()
        {
            return windowNs;
        }

        @Override
        public void reset()
        {
            adapt();
            spins = 0;
            yields = 0;
            parkNs = minParkNs;
            kernel = wakeup.kernelWait();
            if (kernel && windowNs <= 0)
            {
                // no spins before a kernel wait unless a window is set: each would be a
                // non-blocking read syscall, and on shared cores spinning takes the time slice the
                // peer needs to answer; like a blocking socket, such a waiter blocks at once
                // (idle=spin keeps spinning). With a window it polls that long, by the clock (not
                // a count of polls), then blocks in the kernel wait without yielding.
                seenEpoch = announced ? wakeup.epoch() : wakeup.announce();
                announced = true;
            }
            else if (announced)
            {
                wakeup.withdraw();
                announced = false;
            }
        }

        /** Whether this strategy is announced to the wake-up (it may block). */
        boolean announced()
        {
            return announced;
        }

        @Override
        public String alias()
        {
            return "rankwire-backoff";
        }
    }
}
