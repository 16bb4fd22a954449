package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.rankwire.Op;

/** Plans run in place (local steps only here; the collectives suites run their messages). */
class PlanTest
{
    private final AtomicReference<Plan> home = new AtomicReference<>();

    private Plan take()
    {
        return Plan.take(home, null, null, Collectives.TAG_BASE);
    }

    @Test
    void shouldRunLocalStepsInOrderRoundByRound()
    {
        final int[] a = {1, 2, 3};
        final int[] b = {10, 20, 30};
        final int[] c = new int[3];
        take().reduce(Op.SUM, a, 0, b, 0, 3).copy(b, 1, c, 0, 2).round()
            .reduce(Op.PROD, b, 0, c, 1, 2).round()
            .run();
        assertArrayEquals(new int[] {11, 22, 33}, b);
        assertArrayEquals(new int[] {22, 33 * 11, 0}, c);
    }

    @Test
    void shouldLendOnePlanToCallAfterCallAndANewOneWhileItIsLentOut()
    {
        final Plan first = take();
        assertNull(home.get(), "lent out");
        final Plan second = take();
        assertNotSame(first, second);
        first.run();
        assertSame(first, home.get(), "given back once run");
        second.run();
        assertSame(second, take(), "the next call gets the plan given back last");
        assertNull(home.get(), "lent out again");
    }

    @Test
    void shouldForgetItsStepsAndGiveItselfBackWhenAStepFails()
    {
        final int[] x = {1};
        final Plan p = take();
        p.copy(x, 0, new int[1], 0, 1).round().reduce(Op.BAND, new double[1], 0, new double[1], 0, 1);
        assertThrows(IllegalArgumentException.class, p::run);
        assertSame(p, home.get());
        final int[] y = {5};
        take().copy(y, 0, x, 0, 1).run();   // none of the failed call's steps runs again
        assertEquals(5, x[0]);
    }

    @Test
    void shouldDropAPlanGrownPastWhatACommunicatorKeeps()
    {
        final int[] x = new int[1];
        final Plan small = take();
        small.copy(x, 0, x, 0, 1).run();
        assertSame(small, home.get());
        final Plan large = take();
        for (int i = 0; i <= Plan.KEPT_STEPS; i++)
        {
            large.copy(x, 0, x, 0, 1);
        }
        large.run();
        assertNull(home.get(), "a plan of " + (Plan.KEPT_STEPS + 1) + " steps is not kept");
    }

    /** A blocking call's rounds cost no allocation: the steps of a reused plan are written into arrays it keeps. */
    @Test
    void shouldAllocateNothingToFillAndRunAReusedPlan()
    {
        final long[] a = new long[8];
        final long[] b = new long[8];
        for (int i = 0; i < 20_000; i++)
        {
            cycle(a, b);
        }
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long id = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < 1000; i++)
        {
            cycle(a, b);
        }
        final long bytes = threads.getThreadAllocatedBytes(id) - before;
        assertEquals(0, bytes / 1000, "bytes allocated per plan filled and run (" + bytes + " in 1000)");
    }

    private void cycle(final long[] a, final long[] b)
    {
        final Plan p = take();
        for (int r = 0; r < 6; r++)
        {
            p.copy(a, 0, b, 0, 8).reduce(Op.SUM, a, 0, b, 0, 8).round();
        }
        p.run();
    }
}
