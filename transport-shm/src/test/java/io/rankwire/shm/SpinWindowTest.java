package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpinWindowTest
{
    private static final long CONFIGURED = 50_000;

    @Test
    void shouldHalveTheWindowDownToItsFloorWhenWorkComesRightAfterAYield()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        w.workFound(1, true);
        assertEquals(CONFIGURED / 2, w.windowNanos());
        for (int i = 0; i < 10; i++)
        {
            w.workFound(2, true);
        }
        assertEquals(SpinWindow.MIN_WINDOW_NS, w.windowNanos());
        assertEquals(11, w.sharedCpuWaits);
    }

    @Test
    void shouldGrowTheWindowBackWhenWorkIsFoundWhileBusy()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        for (int i = 0; i < 10; i++)
        {
            w.workFound(1, true);
        }
        w.workFound(0, false);
        assertEquals(2 * SpinWindow.MIN_WINDOW_NS, w.windowNanos());
        for (int i = 0; i < 10; i++)
        {
            w.workFound(0, false);
        }
        assertEquals(CONFIGURED, w.windowNanos());
    }

    @Test
    void shouldTreatYieldsThatGaveTheCpuToNobodyAsALongWaitNotASharedCpu()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        for (int i = 1; i < SpinWindow.MIN_ESCAPE_AFTER; i++)
        {
            w.workFound(1, true);
        }
        assertEquals(CONFIGURED >> (SpinWindow.MIN_ESCAPE_AFTER - 1), w.windowNanos());
        w.workFound(2, false);
        assertEquals(CONFIGURED >> (SpinWindow.MIN_ESCAPE_AFTER - 2), w.windowNanos(), "the window grows back");
        assertEquals(SpinWindow.MIN_ESCAPE_AFTER - 1, w.sharedCpuWaits, "not counted as shared");
        for (int i = 1; i < SpinWindow.MIN_ESCAPE_AFTER; i++)
        {
            w.workFound(1, true);
            assertFalse(w.escapeNow(), "the streak started again");
        }
        w.workFound(1, true);
        assertTrue(w.escapeNow());
    }

    @Test
    void shouldLeaveTheWindowAloneWhenWorkCameLate()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        w.workFound(SpinWindow.EARLY_YIELDS + 1, true);
        assertEquals(CONFIGURED, w.windowNanos());
        assertEquals(0, w.sharedCpuWaits);
        assertFalse(w.escapeNow());
    }

    @Test
    void shouldSleepInsteadOfYieldingAfterAStreakOfWaitsOnASharedCpu()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        for (int i = 1; i < SpinWindow.MIN_ESCAPE_AFTER; i++)
        {
            w.workFound(1, true);
            assertFalse(w.escapeNow(), String.format("after %d shared waits", i));
        }
        w.workFound(1, true);
        assertTrue(w.escapeNow());
        assertFalse(w.escapeNow(), String.format("an escape is one wait"));
        assertEquals(1, w.escapes);
    }

    @Test
    void shouldSpaceEscapesFurtherWhileTheyFailUpToAMaximum()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        int expected = SpinWindow.MIN_ESCAPE_AFTER;
        for (int round = 0; round < 10; round++)
        {
            assertEquals(expected, sharedWaitsUntilEscape(w));
            expected = Math.min(SpinWindow.MAX_ESCAPE_AFTER, expected * 2);
        }
        assertEquals(SpinWindow.MAX_ESCAPE_AFTER, sharedWaitsUntilEscape(w));
    }

    @Test
    void shouldResetTheStreakAndTheSpacingOncePeersAreSeenOnSeparateCpus()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        sharedWaitsUntilEscape(w);
        sharedWaitsUntilEscape(w);
        for (int i = 1; i < SpinWindow.MIN_ESCAPE_AFTER; i++)
        {
            w.workFound(1, true);
        }
        w.workFound(0, false);
        assertEquals(SpinWindow.MIN_ESCAPE_AFTER, sharedWaitsUntilEscape(w));
    }

    @Test
    void shouldProbeTheConfiguredWindowNowAndThen()
    {
        final SpinWindow w = new SpinWindow(CONFIGURED);
        for (int i = 0; i < 10; i++)
        {
            w.workFound(1, true);
        }
        int configured = 0;
        for (int i = 0; i < 64; i++)
        {
            if (w.nextWindow() == CONFIGURED)
            {
                configured++;
            }
        }
        assertEquals(2, configured);
    }

    private static int sharedWaitsUntilEscape(final SpinWindow w)
    {
        for (int i = 1; i <= 10_000; i++)
        {
            w.workFound(1, true);
            if (w.escapeNow())
            {
                return i;
            }
        }
        return -1;
    }
}
