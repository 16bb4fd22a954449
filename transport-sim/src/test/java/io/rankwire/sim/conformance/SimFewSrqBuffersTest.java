package io.rankwire.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;

/**
 * With fewer SRQ buffers than a poll's batch, every buffer can be waiting for its (deferred)
 * repost while senders flood the rank: messages then wait on their wires (RNR) and must all
 * arrive, in order per sender, once the receiver polls again. Two senders, 300 small messages
 * each, into a receiver with 2 or 4 buffers, with and without funneled threads.
 */
class SimFewSrqBuffersTest
{
    private static final int MESSAGES = 300;

    @ParameterizedTest
    @ValueSource(strings = {"2:multiple", "4:multiple", "2:funneled"})
    @Timeout(60)
    void shouldDeliverAFloodInOrderThroughAFewSrqBuffers(final String setting)
    {
        final String[] parts = setting.split(":");
        final RankwireConfig config = new RankwireConfig().setAll(Map.of(
            "rankwire.sim.mode", "inline", "rankwire.srqBuffers", parts[0], "rankwire.threads", parts[1]));
        final long[] rnrWaits = new long[1];
        LocalJob.run(3, "sim", config, Duration.ofSeconds(45), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final int[] next = new int[3];
                final int[] got = new int[1];
                final MutableStatus status = new MutableStatus();
                world.barrier();
                for (int i = 0; i < 2 * MESSAGES; i++)
                {
                    world.recv(MessageBuffer.of(got, 0, 1), Comm.ANY_SOURCE, 9, status);
                    assertEquals(next[status.source()]++, got[0], "order from rank " + status.source());
                }
                assertEquals(MESSAGES, next[1]);
                assertEquals(MESSAGES, next[2]);
                rnrWaits[0] = rw.stats().transportCounters().get("rnrWaits");
            }
            else
            {
                for (int i = 0; i < MESSAGES; i++)
                {
                    world.isend(MessageBuffer.of(new int[] {i}, 0, 1), 0, 9);
                }
                world.barrier();
            }
        });
        assertTrue(rnrWaits[0] > 0, "the flood never found the SRQ empty: " + rnrWaits[0]);
    }
}
