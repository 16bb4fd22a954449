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
        final Idles.Backoff backoff = new Idles.Backoff(kernelWakeup(transport), SPINS, 0, 2, 1_000, 1_000);
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

    @Test
    @Timeout(20)
    void shouldBoundTheFirstKernelWaitOfAnAnnouncementShortAndLaterOnesLongButNeverPastTheDeadline()
    {
        final KernelWaits transport = new KernelWaits();
        final Idles.Backoff backoff = new Idles.Backoff(kernelWakeup(transport), SPINS, 0, 2, 1_000, 1_000);
        backoff.idle(0);
        assertEquals(Idles.MAX_AWAIT_NS, transport.lastMax, "the first wait after the announcement");
        backoff.idle(0);
        assertEquals(Idles.LONG_AWAIT_NS, transport.lastMax, "a later wait of the same announcement");
        backoff.idle(1);
        backoff.idle(0);
        assertEquals(Idles.LONG_AWAIT_NS, transport.lastMax, "still announced across work (no spin window)");

        Idles.begin(backoff, System.nanoTime() + Idles.LONG_AWAIT_NS / 4);
        backoff.idle(0);
        assertTrue(transport.lastMax <= Idles.LONG_AWAIT_NS / 4 && transport.lastMax >= Idles.MAX_AWAIT_NS,
            "capped by the deadline: " + transport.lastMax);
        Idles.begin(backoff, System.nanoTime() - 1);
        backoff.idle(0);
        assertEquals(Idles.MAX_AWAIT_NS, transport.lastMax, "a deadline passed: the short bound");
        Idles.begin(backoff, 0);
        backoff.idle(0);
        assertEquals(Idles.LONG_AWAIT_NS, transport.lastMax, "no deadline");
    }

    @Test
    @Timeout(20)
    void shouldBoundTheFirstKernelWaitAfterEachNewAnnouncementShort()
    {
        final KernelWaits transport = new KernelWaits();
        final Wakeup wakeup = kernelWakeup(transport);
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, 5_000, 2, 1_000, 1_000);
        for (int round = 0; round < 3; round++)
        {
            backoff.reset();
            while (!backoff.announced())
            {
                backoff.idle(0); // the spin window, then the announcement
            }
            backoff.idle(0);
            assertEquals(Idles.MAX_AWAIT_NS, transport.lastMax, "first wait of announcement " + round);
            backoff.idle(0);
            assertEquals(Idles.LONG_AWAIT_NS, transport.lastMax, "second wait of announcement " + round);
            backoff.idle(1); // work withdraws: a spin window is set
            assertFalse(backoff.announced());
        }
    }

    @Test
    @Timeout(20)
    void shouldCloseTheKernelSpinWindowAfterWaitsItDidNotCatchAndProbeItNowAndThen()
    {
        final Wakeup wakeup = kernelWakeup(new KernelWaits());
        final long spinNs = 4 * Idles.Backoff.MIN_WINDOW_NS;
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, spinNs, 2, 1_000, 1_000);
        for (int i = 1; i < Idles.Backoff.MISSES_TO_CLOSE; i++)
        {
            blockedAfterTheWindow(backoff);
        }
        caughtWhileSpinning(backoff); // a reply within the window: the misses start over
        assertEquals(spinNs, backoff.windowNs());
        for (int i = 1; i < Idles.Backoff.MISSES_TO_CLOSE; i++)
        {
            blockedAfterTheWindow(backoff);
            assertEquals(spinNs, backoff.windowNs(), "open after " + i + " misses in a row");
        }
        blockedAfterTheWindow(backoff);
        backoff.reset();
        assertEquals(0, backoff.windowNs(), "closed after " + Idles.Backoff.MISSES_TO_CLOSE + " misses in a row");
        assertTrue(backoff.announced(), "a closed window blocks at once");

        waitClosed(backoff, Idles.Backoff.PROBE_EVERY - 1);
        backoff.idle(0);
        backoff.reset();
        assertEquals(spinNs, backoff.windowNs(), "the probe opens the full window");
        assertFalse(backoff.announced());
        while (!backoff.announced())
        {
            backoff.idle(0);
        }
        backoff.idle(0); // the probe missed
        backoff.reset();
        assertEquals(0, backoff.windowNs(), "a probe that misses closes at once");

        waitClosed(backoff, Idles.Backoff.PROBE_EVERY - 1);
        backoff.idle(0);
        backoff.reset();
        assertEquals(spinNs, backoff.windowNs());
        backoff.idle(0); // the probe caught its reply while spinning
        backoff.reset();
        assertEquals(spinNs, backoff.windowNs(), "a probe that catches keeps the window open");
        assertEquals(0, wakeup.idlers(), "spinning again: withdrawn");
    }

    @Test
    @Timeout(20)
    void shouldLeaveAShortKernelSpinWindowAlone()
    {
        final Wakeup wakeup = kernelWakeup(new KernelWaits());
        final long spinNs = Idles.Backoff.MIN_WINDOW_NS / 2;
        final Idles.Backoff backoff = new Idles.Backoff(wakeup, SPINS, spinNs, 2, 1_000, 1_000);
        for (int i = 0; i < 3 * Idles.Backoff.MISSES_TO_CLOSE; i++)
        {
            blockedAfterTheWindow(backoff);
        }
        backoff.reset();
        assertEquals(spinNs, backoff.windowNs());
    }

    /** One wait that spins its whole window and then blocks once. */
    private static void blockedAfterTheWindow(final Idles.Backoff backoff)
    {
        backoff.reset();
        while (!backoff.announced())
        {
            backoff.idle(0);
        }
        backoff.idle(0);
    }

    /** One wait whose work comes at its first spin. */
    private static void caughtWhileSpinning(final Idles.Backoff backoff)
    {
        backoff.reset();
        backoff.idle(0);
    }

    /** {@code waits} waits with the window closed: each blocks at once. */
    private static void waitClosed(final Idles.Backoff backoff, final int waits)
    {
        for (int i = 0; i < waits; i++)
        {
            backoff.idle(0);
            backoff.reset();
            assertEquals(0, backoff.windowNs(), "closed, wait " + i);
            assertTrue(backoff.announced());
        }
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
        volatile long lastMax;

        @Override
        public boolean awaitActivity(final long maxNanos)
        {
            lastMax = maxNanos;
            waits.incrementAndGet();
            return true;
        }
    }
}
