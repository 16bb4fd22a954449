package io.rankwire.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RawWaitTest
{
    @Test
    void shouldSpinForFiftyMicrosThenYieldUntilFiveHundredThenPark()
    {
        assertEquals(RawWait.SPIN, RawWait.phase(0));
        assertEquals(RawWait.SPIN, RawWait.phase(49_999), "a 64 KiB round trip's wait (5-15 us) is still polled");
        assertEquals(RawWait.YIELD, RawWait.phase(50_000));
        assertEquals(RawWait.YIELD, RawWait.phase(499_999));
        assertEquals(RawWait.PARK, RawWait.phase(500_000));
        assertEquals(RawWait.PARK, RawWait.phase(Long.MAX_VALUE));
    }

    @Test
    void shouldGiveTheCpuUpInParksOnceTheYieldPhaseIsOver()
    {
        final RawWait wait = new RawWait();
        final long start = System.nanoTime();
        while (System.nanoTime() - start < RawWait.YIELD_NS + RawWait.PARK_NS)
        {
            wait.idle();
        }
        final long parkStart = System.nanoTime();
        int calls = 0;
        while (System.nanoTime() - parkStart < 2_000_000)
        {
            wait.idle();
            calls++;
        }
        assertTrue(calls < 400, "parked, not polling: " + calls + " calls in 2 ms");
        wait.reset();
        final long again = System.nanoTime();
        wait.idle();
        assertTrue(System.nanoTime() - again < RawWait.PARK_NS, "after reset the wait polls again");
    }
}
