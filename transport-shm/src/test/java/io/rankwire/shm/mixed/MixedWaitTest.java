package io.rankwire.shm.mixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;

/**
 * A rank reached through shm and tcp waits in one kernel wait over both (the shared wait of
 * {@code auto}) and gets what its shm peer and its tcp peer send while it is blocked there
 * ({@code OneWaitTest} shows that readiness on either side ends such a wait at once).
 */
class MixedWaitTest extends ShmDirCase
{
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final int TAG = 5;
    /** How long a sender lets the receiver wait first (it blocks long before). */
    private static final long GAP_MS = 200;

    private static long counter(final Rankwire rw, final String name)
    {
        final Long v = rw.stats().transportCounters().get(name);
        assertTrue(v != null, "counter " + name + " in " + rw.stats().transportCounters());
        return v;
    }

    @Test
    @Timeout(120)
    void shouldWakeARankWaitingInTheSharedWaitThroughEitherTransport()
    {
        final RankwireConfig config = new RankwireConfig().setAll(Map.of("rankwire.hostId", "a,a,b",
            "rankwire.shm.dir", shmDir.toString()));
        LocalJob.run(3, "auto", config, TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            final int me = world.rank();
            for (final int sender : new int[] {1, 2, 1, 2})
            {
                world.barrier();
                if (me == 0)
                {
                    final long waitsBefore = counter(rw, "sharedWaits");
                    final byte[] in = new byte[8];
                    world.recv(in, 0, in.length, sender, TAG);
                    assertArrayEquals(payload(sender), in, "from rank " + sender);
                    assertTrue(counter(rw, "sharedWaits") > waitsBefore,
                        "rank 0 blocked in the shared wait for rank " + sender + ": " + rw.stats().transportCounters());
                }
                else if (me == sender)
                {
                    sleep();
                    world.send(payload(me), 0, 8, 0, TAG);
                }
            }
            if (me == 0)
            {
                assertEquals("shm", rw.transportOf(1));
                assertEquals("tcp", rw.transportOf(2));
            }
            world.barrier();
        });
    }

    private static byte[] payload(final int rank)
    {
        return new byte[] {(byte)rank, 1, 2, 3, 4, 5, 6, (byte)(rank * 7)};
    }

    private static void sleep()
    {
        try
        {
            Thread.sleep(GAP_MS);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
