package io.rankwire.shm.mixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

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
    private static final int ROUNDS = 4;
    /** Rank 0, for the senders (ranks are threads of this JVM) to see it enter the shared wait. */
    private static final AtomicReference<Rankwire> RECEIVER = new AtomicReference<>();
    /** Rank 0's shared-wait count as each round's receive begins, -1 until then. */
    private static final AtomicLongArray WAITS_BEFORE = new AtomicLongArray(ROUNDS);

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
            if (me == 0)
            {
                RECEIVER.set(rw);
                for (int r = 0; r < ROUNDS; r++)
                {
                    WAITS_BEFORE.set(r, -1);
                }
            }
            final int[] senders = {1, 2, 1, 2};
            for (int round = 0; round < ROUNDS; round++)
            {
                final int sender = senders[round];
                world.barrier();
                if (me == 0)
                {
                    final long waitsBefore = counter(rw, "sharedWaits");
                    WAITS_BEFORE.set(round, waitsBefore);
                    final byte[] in = new byte[8];
                    world.recv(in, 0, in.length, sender, TAG);
                    assertArrayEquals(payload(sender), in, "from rank " + sender);
                    assertTrue(counter(rw, "sharedWaits") > waitsBefore,
                        "rank 0 blocked in the shared wait for rank " + sender + ": " + rw.stats().transportCounters());
                }
                else if (me == sender)
                {
                    sleep();
                    awaitReceiverInSharedWait(round);
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

    /**
     * Until rank 0 has entered the shared wait in this round's receive: a loaded machine can keep
     * rank 0 from reaching its receive for longer than any fixed gap.
     */
    private static void awaitReceiverInSharedWait(final int round)
    {
        final long deadline = System.nanoTime() + TIMEOUT.toNanos() / 2;
        while (WAITS_BEFORE.get(round) < 0 || counter(RECEIVER.get(), "sharedWaits") <= WAITS_BEFORE.get(round))
        {
            assertTrue(System.nanoTime() < deadline, "rank 0 never entered the shared wait in round " + round);
            sleepMillis(1);
        }
    }

    private static byte[] payload(final int rank)
    {
        return new byte[] {(byte)rank, 1, 2, 3, 4, 5, 6, (byte)(rank * 7)};
    }

    private static void sleep()
    {
        sleepMillis(GAP_MS);
    }

    private static void sleepMillis(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
