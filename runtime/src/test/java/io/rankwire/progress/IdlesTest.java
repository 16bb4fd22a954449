package io.rankwire.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.spi.InertTransport;


/**
 * {@link Idles.Backoff}: its spin phase leaves the wake-up alone (no announcement, no signal
 * needed to reach it), it announces itself before it can block, and it withdraws on work.
 */
class IdlesTest
{
    private static final int SPINS = 4;

    @Test
    @Timeout(20)
    void shouldAnnounceOnlyAfterTheSpinPhase()
    {
        final Wakeup wakeup = new Wakeup();
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, 0, 2, 1_000, 1_000);
        for (int i = 0; i < SPINS; i++)
        {
            backoff.idle(0);
            assertFalse(backoff.announced());
            assertEquals(0, wakeup.idlers());
        }
        backoff.idle(0);
        assertTrue(backoff.announced());
        assertEquals(1, wakeup.idlers());
        backoff.idle(1);
        assertFalse(backoff.announced());
        assertEquals(0, wakeup.idlers());
    }

    @Test
    @Timeout(20)
    void shouldStayAnnouncedWhileBlockingAndWithdrawOnReset()
    {
        final Wakeup wakeup = new Wakeup();
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, 0, 0, 1, 1_000, 1_000);
        for (int i = 0; i < 5; i++)
        {
            backoff.idle(0); // announce, then one yield, then timed parks of a microsecond
            assertEquals(1, wakeup.idlers());
        }
        backoff.reset();
        assertEquals(0, wakeup.idlers());
    }

    @Test
    @Timeout(20)
    void shouldBeWokenByAWakeOnceAnnounced() throws Exception
    {
        final Wakeup wakeup = new Wakeup();
        final long minuteNs = 60_000_000_000L;
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, 0, 0, 0, minuteNs, minuteNs);
        final Thread waiter = new Thread(() ->
        {
            backoff.idle(0); // announces
            backoff.idle(0); // parks for up to a minute
        });
        Parked.startAndAwait(waiter);
        wakeup.wake();
        waiter.join();
        assertFalse(waiter.isAlive());
    }

    @Test
    @Timeout(20)
    void shouldHalveTheSpinWindowWhenWorkComesRightAfterAYieldAndDoubleItWhenItComesWhileSpinning()
    {
        final Wakeup wakeup = new Wakeup();
        final long spinNs = 4 * Idles.Backoff.MIN_WINDOW_NS;
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, spinNs, 16, 1_000, 1_000);
        final long floor = Idles.Backoff.MIN_WINDOW_NS;
        final long[] shrinking = {spinNs / 2, floor, floor};
        for (final long expected : shrinking)
        {
            backoff.reset();
            while (!backoff.announced())
            {
                backoff.idle(0); // spins until the window has passed, then announces
            }
            backoff.idle(0); // the first yield
            backoff.idle(1); // work: the partner answered once this thread yielded
            assertEquals(expected, backoff.windowNs());
        }
        final long[] growing = {2 * floor, spinNs, spinNs};
        for (final long expected : growing)
        {
            backoff.idle(0); // one spin
            backoff.idle(1); // work while spinning
            assertEquals(expected, backoff.windowNs());
        }
        assertEquals(0, wakeup.idlers());
    }

    @Test
    @Timeout(20)
    void shouldBlockInTheKernelWaitAtOnceWithoutASpinWindow()
    {
        final KernelWaits transport = new KernelWaits();
        final Wakeup wakeup = kernelWakeup(transport);
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, 0, 2, 1_000, 1_000);
        assertTrue(backoff.announced(), "announced in reset, before any poll");
        backoff.idle(0);
        assertEquals(2, transport.waits.get(), "the next idle blocks in the transport, no spins or yields");
    }

    @Test
    @Timeout(20)
    void shouldPollForTheSpinWindowByTheClockBeforeTheKernelWait()
    {
        final KernelWaits transport = new KernelWaits();
        final Wakeup wakeup = kernelWakeup(transport);
        final long windowNs = 20_000_000; // 20 ms: far more polls than SPINS fit in it
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, windowNs, 2, 1_000, 1_000);
        final long start = System.nanoTime();
        int polls = 0;
        while (!backoff.announced())
        {
            backoff.idle(0);
            polls++;
        }
        assertTrue(System.nanoTime() - start >= windowNs, "announced before the window passed");
        assertTrue(polls > SPINS, "polls in the window: " + polls);
        assertEquals(1, transport.waits.get(), "no kernel wait while spinning");
        backoff.idle(0);
        assertEquals(2, transport.waits.get(), "then the kernel wait, without yields");
        backoff.idle(1);
        assertFalse(backoff.announced(), "work ends the wait; the next one spins again");
    }

    /** A wake-up that has seen {@code transport} offer a kernel wait (one wait already made). */
    private static Wakeup kernelWakeup(final KernelWaits transport)
    {
        final Wakeup wakeup = new Wakeup();
        wakeup.attach(transport);
        wakeup.await(1_000, 1_000, wakeup.epoch());
        assertTrue(wakeup.kernelWait());
        return wakeup;
    }

    /** A transport whose kernel wait returns at once and counts its calls. */
    private static final class KernelWaits extends InertTransport
    {
        final AtomicInteger waits = new AtomicInteger();

        @Override
        public boolean awaitActivity(final long maxNanos)
        {
            waits.incrementAndGet();
            return true;
        }
    }
}
