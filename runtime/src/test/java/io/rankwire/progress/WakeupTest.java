package io.rankwire.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
        Parked.startAndAwait(waiter);
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

    @Test
    @Timeout(20)
    void shouldNotAdvanceTheEpochOnWakeWhenNobodyIsAnnounced()
    {
        final Wakeup wakeup = new Wakeup();
        final long before = wakeup.epoch();
        wakeup.wake();
        assertEquals(before, wakeup.epoch());
        wakeup.announce();
        wakeup.wake();
        assertEquals(before + 1, wakeup.epoch());
        wakeup.withdraw();
        wakeup.wake();
        assertEquals(before + 1, wakeup.epoch());
        assertEquals(0, wakeup.idlers());
    }

    @Test
    @Timeout(20)
    void shouldWakeAnAnnouncedParkedWaiterOnWake() throws Exception
    {
        final Wakeup wakeup = new Wakeup();
        final Thread waiter = new Thread(() ->
        {
            final long seen = wakeup.announce();
            wakeup.await(MINUTE_NS, MINUTE_NS, seen);
            wakeup.withdraw();
        });
        Parked.startAndAwait(waiter);
        wakeup.wake();
        waiter.join();
        assertFalse(waiter.isAlive());
    }

    /**
     * The waiter announces, samples, checks a flag (its "progress") and blocks unless the flag
     * is set; the signaller sets the flag with a release store and wakes. A wake that skipped
     * the signal while the waiter could still block would leave it parked for a minute.
     */
    @Test
    @Timeout(60)
    void shouldNeverLoseAWakeRacingAnAnnouncingWaiter() throws Exception
    {
        final Wakeup wakeup = new Wakeup();
        for (int round = 0; round < 2_000; round++)
        {
            final AtomicBoolean published = new AtomicBoolean();
            final Thread waiter = new Thread(() ->
            {
                final long seen = wakeup.announce();
                if (!published.get())
                {
                    wakeup.await(MINUTE_NS, MINUTE_NS, seen);
                }
                wakeup.withdraw();
            });
            waiter.start();
            published.lazySet(true);
            wakeup.wake();
            waiter.join();
        }
        assertEquals(0, wakeup.idlers());
    }
}
