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
    static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private Idles()
    {
    }

    static IdleStrategy create(final RankwireConfig.Idle mode, final Wakeup wakeup)
    {
        switch (mode)
        {
            case SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BACKOFF:
            default:
                return new Backoff(wakeup, SPINS, YIELDS, MIN_PARK_NS, MAX_PARK_NS);
        }
    }

    /**
     * Spin, then yield, then park with doubling periods, like Agrona's backoff strategy, except
     * that parks go through {@link Wakeup} so a transport's signal ends them early.
     */
    static final class Backoff implements IdleStrategy
    {
        private final Wakeup wakeup;
        private final int maxSpins;
        private final int maxYields;
        private final long minParkNs;
        private final long maxParkNs;
        private int spins;
        private int yields;
        private long parkNs;

        Backoff(final Wakeup wakeup, final int maxSpins, final int maxYields, final long minParkNs, final long maxParkNs)
        {
            this.wakeup = wakeup;
            this.maxSpins = maxSpins;
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
            if (spins < maxSpins)
            {
                spins++;
                Thread.onSpinWait();
            }
            else if (yields < maxYields)
            {
                yields++;
                Thread.yield();
            }
            else
            {
                wakeup.parkNanos(parkNs);
                parkNs = Math.min(parkNs << 1, maxParkNs);
            }
        }

        @Override
        public void reset()
        {
            spins = 0;
            yields = 0;
            parkNs = minParkNs;
        }

        @Override
        public String alias()
        {
            return "rankwire-backoff";
        }
    }
}
