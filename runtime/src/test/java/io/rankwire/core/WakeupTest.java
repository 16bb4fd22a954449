package io.rankwire.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Wakeup}: a signal that comes between sampling the epoch and blocking is never lost, and
 * a signal wakes a parked waiter. Every wait here is a minute long, so a lost wake-up shows as a
 * test timeout, never as a slow pass.
 */
class WakeupTest
{
    private static final long MINUTE_NS = TimeUnit.MINUTES.toNanos(1);

    @Test
    @Timeout(20)
    void shouldNotBlockWhenASignalCameAfterTheEpochWasSampled()
    {
        final Wakeup wakeup = new Wakeup();
        final long seen = wakeup.epoch();
        wakeup.signal();
        assertNotEquals(seen, wakeup.epoch());
        wakeup.await(MINUTE_NS, MINUTE_NS, seen);
    }

    @Test
    @Timeout(20)
    void shouldWakeAParkedWaiterOnSignal() throws Exception
    {
        final Wakeup wakeup = new Wakeup();
        final long seen = wakeup.epoch();
        final Thread waiter = new Thread(() -> wakeup.await(MINUTE_NS, MINUTE_NS, seen));
        waiter.start();
        while (waiter.getState() != Thread.State.TIMED_WAITING && waiter.isAlive())
        {
            Thread.onSpinWait();
        }
        wakeup.signal();
        waiter.join();
        assertFalse(waiter.isAlive());
    }

    @Test
    @Timeout(60)
    void shouldNeverLoseASignalRacingAWaiter() throws Exception
    {
        final Wakeup wakeup = new Wakeup();
        for (int round = 0; round < 2_000; round++)
        {
            final long seen = wakeup.epoch();
            final Thread waiter = new Thread(() -> wakeup.await(MINUTE_NS, MINUTE_NS, seen));
            waiter.start();
            wakeup.signal();
            waiter.join();
        }
        assertEquals(2_000, wakeup.epoch());
    }

    @Test
    @Timeout(20)
    void shouldReportNoKernelWaitWithoutATransportThatOffersOne()
    {
        final Wakeup wakeup = new Wakeup();
        wakeup.signal();
        assertFalse(wakeup.kernelWait());
    }
}
