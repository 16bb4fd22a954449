package io.rankwire.multi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.rankwire.spi.Capabilities;
import io.rankwire.spi.InertTransport;
import io.rankwire.spi.Transport;

/** A composite endpoint passes the rank's "closing" on to every transport it holds. */
class MultiTransportClosingTest
{
    private static final class Counting extends InertTransport
    {
        int closings;

        @Override
        public Capabilities capabilities()
        {
            return new Capabilities(1024, 1 << 20, 64, 0, 0, 0, 0);
        }

        @Override
        public void closing()
        {
            closings++;
        }
    }

    @Test
    void shouldTellEveryTransportThatTheRankCloses()
    {
        final Counting near = new Counting();
        final Counting far = new Counting();
        final MultiTransport multi = new MultiTransport(new Transport[] {near, far}, new String[] {"shm", "tcp"},
            new int[] {0, 0, 1, 1}, 1_000_000);
        multi.closing();
        assertEquals(1, near.closings);
        assertEquals(1, far.closings);
    }
}
