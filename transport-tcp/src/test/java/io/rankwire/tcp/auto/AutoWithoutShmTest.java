package io.rankwire.tcp.auto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;

/** {@code auto} with {@code tcp} but no {@code shm} on the class path (this module's tests): plain TCP. */
class AutoWithoutShmTest
{
    @Test
    void shouldFallBackToTcpForEveryPeer()
    {
        LocalJob.run(2, "auto", new RankwireConfig(), Duration.ofSeconds(60), rw ->
        {
            assertEquals("tcp", rw.transportOf(0));
            assertEquals("tcp", rw.transportOf(1));
            final int[] got = new int[1];
            rw.world().sendrecv(MessageBuffer.of(new int[] {rw.rank() + 5}, 0, 1), 1 - rw.rank(), 2, MessageBuffer.of(got, 0, 1),
                1 - rw.rank(), 2);
            assertEquals(6 - rw.rank(), got[0]);
        });
    }
}
