package io.rankwire.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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
}
