package org.example.pingpong;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.LocalJob;
import org.junit.jupiter.api.Test;

/** An application's own test of a 2-rank job, in the test JVM Surefire starts with the README's argLine. */
class PingPongTest
{
    @Test
    void shouldExchangeAMessageBetweenTwoRanks()
    {
        final AtomicInteger received = new AtomicInteger();
        LocalJob.run(2, "shm", rw ->
        {
            final byte[] buf = new byte[4];
            if (rw.rank() == 0)
            {
                buf[0] = 42;
                rw.world().send(buf, 0, 4, 1, 3);
            }
            else
            {
                rw.world().recv(buf, 0, 4, 0, 3);
                received.set(buf[0]);
            }
        });
        assertEquals(42, received.get());
    }
}
