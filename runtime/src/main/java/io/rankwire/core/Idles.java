package io.rankwire.core;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import io.rankwire.RankwireConfig;

/** The idle strategies behind {@code rankwire.idle}. */
final class Idles
{
    static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private Idles()
    {
    }

    static IdleStrategy create(final RankwireConfig.Idle mode)
    {
        switch (mode)
        {
            case SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BACKOFF:
            default:
                return new BackoffIdleStrategy(64, 16, 1_000, MAX_PARK_NS);
        }
    }
}
