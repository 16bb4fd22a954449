package io.rankwire.tcp.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * Two ranks over TCP with a full window of large rendezvous messages in flight in both directions
 * at once: 64 x 256 KiB each way (16 MiB, twice the channel's high water mark), so each rank's
 * channel is busy with READ_DATA for the peer while its own READ_REQUESTs and FINs must still get
 * through, and FINs (and, with a tiny send queue, READ_REQUESTs) are refused with BACK_PRESSURED
 * and retried by the runtime. A runtime that failed a back-pressured read with TRANSPORT_ERROR
 * failed this test (and left the peer's send waiting for its FIN).
 */
class BidirectionalRendezvousTest
{
    private static final int WINDOW = 64;
    private static final int SIZE = 256 * 1024;
    private static final int ITERATIONS = 4;

    @Test
    @Timeout(120)
    void shouldCompleteAFullWindowOfLargeMessagesInBothDirections()
    {
        exchange(Map.of("rankwire.tcp.bind", "127.0.0.1"));
    }

    /** The same with a per-peer queue of 4 frames, so READ_REQUESTs and FINs are refused often. */
    @Test
    @Timeout(120)
    void shouldCompleteAFullWindowWhenReadRequestsAreBackPressured()
    {
        exchange(Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.sendQueue", "4"));
    }

    private static void exchange(final Map<String, String> settings)
    {
        final RankwireConfig config = new RankwireConfig().setAll(settings);
        LocalJob.run(2, "tcp", config, Duration.ofSeconds(100), rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[][] out = new byte[WINDOW][SIZE];
            final byte[][] in = new byte[WINDOW][SIZE];
            final Request[] reqs = new Request[2 * WINDOW];
            for (int iteration = 0; iteration < ITERATIONS; iteration++)
            {
                for (int i = 0; i < WINDOW; i++)
                {
                    fill(out[i], world.rank(), iteration, i);
                    reqs[i] = world.irecv(in[i], 0, SIZE, peer, i);
                }
                for (int i = 0; i < WINDOW; i++)
                {
                    reqs[WINDOW + i] = world.isend(out[i], 0, SIZE, peer, i);
                }
                final Status[] statuses = Request.waitAll(reqs);
                for (int i = 0; i < 2 * WINDOW; i++)
                {
                    assertEquals(Status.OK, statuses[i].error(), "iteration " + iteration + " request " + i + ": " + statuses[i]);
                }
                for (int i = 0; i < WINDOW; i++)
                {
                    assertEquals(SIZE, statuses[i].bytes(), "iteration " + iteration + " message " + i);
                    check(in[i], peer, iteration, i);
                }
            }
        });
    }

    private static void fill(final byte[] b, final int rank, final int iteration, final int index)
    {
        final int seed = (rank * 1000 + iteration) * 1000 + index;
        for (int i = 0; i < b.length; i += 4096)
        {
            b[i] = (byte)(seed + i / 4096);
        }
        b[b.length - 1] = (byte)(seed * 31);
    }

    private static void check(final byte[] b, final int rank, final int iteration, final int index)
    {
        final int seed = (rank * 1000 + iteration) * 1000 + index;
        for (int i = 0; i < b.length; i += 4096)
        {
            assertEquals((byte)(seed + i / 4096), b[i], "iteration " + iteration + " message " + index + " at " + i);
        }
        assertEquals((byte)(seed * 31), b[b.length - 1], "iteration " + iteration + " message " + index + " last byte");
    }
}
