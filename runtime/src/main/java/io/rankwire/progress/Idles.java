package io.rankwire.progress;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;


/** The idle strategies behind {@code rankwire.idle}. */
public final class Idles
{
    /** How a blocked caller waits ({@code rankwire.idle}). */
    public enum Mode
    {
        /**
         * Busy-spin: poll again at once, without a spin-wait hint ({@code Thread.onSpinWait()}).
         * Over tcp a poll is a read syscall, a pause of its own; with the hint between polls the
         * 8-byte ping-pong through {@code rwrun} measured 1.11x the spinning raw socket (median of
         * 24 jobs), without it 1.06x (25 jobs): see bench/results/2026-11-27-idle-spin-no-hint.md.
         */
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
    /**
     * Longest first kernel wait in the transport ({@code Transport.awaitActivity}) after a thread
     * announced itself; signals end it early. It bounds the one race {@link Wakeup} leaves open.
     */
    static final long MAX_AWAIT_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /**
     * Longest later kernel wait of the same announcement, which no signal can miss. Beyond a
     * scheduler tick, so that arming its timeout does not reprogram the CPU's timer (two timer
     * writes per wait, each a VM exit on a virtual machine: measured as a third of an 8-byte
     * round trip over TCP with both ranks on one CPU, bench/results/2026-11-26-tcp-spin-window.md).
     */
    static final long LONG_AWAIT_NS = TimeUnit.MILLISECONDS.toNanos(20);

    private Idles()
    {
    }

    /**
     * Starts a wait loop on {@code idler} ({@link IdleStrategy#reset()}) that ends by
     * {@code deadline} ({@link System#nanoTime()}; 0 for none): a {@link Backoff} then never
     * blocks past it. Loops without a deadline may call {@code reset()} alone: a deadline left
     * from an earlier loop can only shorten a block.
     */
    public static void begin(final IdleStrategy idler, final long deadline)
    {
        if (idler instanceof Backoff)
        {
            ((Backoff)idler).deadline = deadline;
        }
        idler.reset();
    }

    /** The strategy for {@code mode}; {@code spinNs} is the spin window of {@link Mode#BACKOFF}. */
    public static IdleStrategy create(final Mode mode, final Wakeup wakeup, final long spinNs)
    {
        switch (mode)
        {
            case SPIN:
                return NoOpIdleStrategy.INSTANCE;
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
     *
     * <p>A kernel wait lasts at most {@link #MAX_AWAIT_NS} (1 ms) right after the strategy
     * announced itself, and at most {@link #LONG_AWAIT_NS} once it has waited in this
     * announcement (no signal can be missed then), never past the deadline of
     * {@link Idles#begin}.
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
        /** Kernel-path waits in a row that spin their whole window and still block before the window closes. */
        static final int MISSES_TO_CLOSE = 4;
        /** Waits between two probes of the full window while it is closed. */
        static final int PROBE_EVERY = 256;

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
        /** Blocks since the last announcement: after the first, a kernel wait may last {@link #LONG_AWAIT_NS}. */
        private int blocks;
        /** The end of the current wait loop ({@link System#nanoTime()}), or 0 ({@link Idles#begin}). */
        private long deadline;
        /** Kernel-path waits in a row whose spin found nothing ({@link #adaptKernel()}). */
        private int misses;
        /** Waits since the window closed or was last probed. */
        private int closedWaits;

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
                    announce();
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
                wakeup.await(parkNs, awaitNs(), seenEpoch);
                parkNs = Math.min(parkNs << 1, maxParkNs);
                blocks++;
            }
            seenEpoch = wakeup.epoch();
        }

        private void announce()
        {
            seenEpoch = wakeup.announce();
            announced = true;
            blocks = 0;
        }

        /** The bound of the next kernel wait: short right after an announcement, long later, never past the deadline. */
        long awaitNs()
        {
            final long bound = blocks == 0 ? MAX_AWAIT_NS : LONG_AWAIT_NS;
            if (deadline == 0)
            {
                return bound;
            }
            return Math.max(MAX_AWAIT_NS, Math.min(bound, deadline - System.nanoTime()));
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
            // the clock once every CLOCK_EVERY polls, before a kernel wait too: there a poll may be
            // a read syscall (tcp: a clock read is nothing beside it, and the window overshoots by
            // a few polls at most), or a look at mapped memory (shm: a clock read each poll made
            // it several times dearer and delayed seeing the reply by one,
            // bench/results/2026-11-27-spin-phase-clock.md)
            return ((spins - least) & (CLOCK_EVERY - 1)) != 0 || System.nanoTime() - spinStart < windowNs;
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

        /**
         * Adapts the spin window before a kernel wait to how the last wait ended. The spin pays
         * only when the reply comes while the caller still polls: then no wake-up is needed at
         * either end (on a virtual machine a wake-up on an idle CPU costs tens of microseconds),
         * and it keeps the whole window. When {@value #MISSES_TO_CLOSE} waits in a row spin their
         * whole window and then block anyway (a partner on this same CPU, which can only answer
         * once the caller blocks, or a partner computing), the window closes: the caller blocks
         * at once, like a blocking socket. Every {@value #PROBE_EVERY} waits one probes the full
         * window again; a probe that misses closes it at once. Windows of at most
         * {@link #MIN_WINDOW_NS} (a transport's own short spin before its sleep) stay as they are.
         */
        private void adaptKernel()
        {
            if (spinNs <= MIN_WINDOW_NS)
            {
                return;
            }
            if (!announced && spins > 0)
            {
                misses = 0;
                windowNs = spinNs;
            }
            else if (windowNs > 0 && announced && blocks > 0 && ++misses >= MISSES_TO_CLOSE)
            {
                windowNs = 0;
                misses = 0;
                closedWaits = 0;
            }
            else if (windowNs <= 0 && ++closedWaits >= PROBE_EVERY)
            {
                closedWaits = 0;
                misses = MISSES_TO_CLOSE - 1; // a probe that misses closes at once
                windowNs = spinNs;
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
            if (kernel)
            {
                adaptKernel();
            }
            else
            {
                adapt();
            }
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
                if (announced)
                {
                    seenEpoch = wakeup.epoch();
                }
                else
                {
                    announce();
                }
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
