package io.rankwire.core;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import io.rankwire.RankwireConfig;

/** The idle strategies behind {@code rankwire.idle}. */
final class Idles
{
    static final int SPINS = 64;
    static final int YIELDS = 16;
    /**
     * Spins before a kernel wait: none. Each spin of a transport that offers a kernel wait is a
     * non-blocking read syscall, and on shared cores spinning takes the time slice the peer needs
     * to answer; like a blocking socket, such a waiter blocks at once ({@code rankwire.idle=spin}
     * keeps spinning for machines with cores to spare).
     */
    static final int KERNEL_WAIT_SPINS = 0;
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Longest single kernel wait in the transport ({@code Transport.awaitActivity}); signals end it early. */
    static final long MAX_AWAIT_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private Idles()
    {
    }

    static IdleStrategy create(final RankwireConfig.Idle mode, final Wakeup wakeup, final long spinNs)
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
     * Spin, then yield, then block: in the transport's kernel wait when it offers one
     * ({@code Transport.awaitActivity}, so the next message costs one wake-up, as on a blocking
     * socket; then without spins or yields once the transport was seen to offer it), otherwise
     * park with doubling periods like Agrona's backoff strategy. Either goes
     * through {@link Wakeup}, so a signal ends it early, and a signal that came since the caller
     * last made progress (the epoch sampled at the end of the previous idle) stops it blocking.
     */
    static final class Backoff implements IdleStrategy
    {
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
            if (spinning())
            {
                spins++;
                Thread.onSpinWait();
            }
            else if (yields < maxYields && !wakeup.kernelWait())
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
         * rather than parked); none before a transport's kernel wait.
         */
        private boolean spinning()
        {
            if (wakeup.kernelWait())
            {
                return spins < KERNEL_WAIT_SPINS;
            }
            if (spins == 0)
            {
                spinStart = System.nanoTime();
                return true;
            }
            return spins < maxSpins || System.nanoTime() - spinStart < spinNs;
        }

        @Override
        public void reset()
        {
            spins = 0;
            yields = 0;
            parkNs = minParkNs;
            seenEpoch = wakeup.epoch();
        }

        @Override
        public String alias()
        {
            return "rankwire-backoff";
        }
    }
}
