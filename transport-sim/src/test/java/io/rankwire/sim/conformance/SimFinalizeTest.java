package io.rankwire.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * A rank that finalizes (closes its runtime) tells its peers: whatever it sent is still
 * delivered, and receives only it could satisfy, sends to it and ANY_SOURCE receives with no
 * live peer left fail at once naming it, instead of hanging until the job's timeout.
 */
class SimFinalizeTest
{
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(45);

    static Stream<Map<String, String>> settings()
    {
        return Stream.of(
            Map.of("rankwire.sim.mode", "inline", "rankwire.sim.maxNumTags", "0"),
            Map.of("rankwire.sim.mode", "inline", "rankwire.sim.maxNumTags", "1023", "rankwire.offloadMinBytes", "0"),
            Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.seed", "5", "rankwire.sim.maxNumTags", "64",
                "rankwire.offloadMinBytes", "0"));
    }

    private static RankwireConfig config(final Map<String, String> settings)
    {
        return new RankwireConfig().setAll(settings);
    }

    @ParameterizedTest
    @MethodSource("settings")
    @Timeout(30)
    void shouldFailTheJobNamingARankThatReturnsWhileOthersWaitForIt(final Map<String, String> settings)
    {
        final RankwireException e = assertThrows(RankwireException.class, () ->
            LocalJob.run(3, "sim", config(settings), JOB_TIMEOUT, rw ->
            {
                if (rw.rank() != 2)
                {
                    rw.world().recv(new byte[64], 0, 64, 2, 1);
                }
            }));
        assertFalse(e.getMessage().contains("timed out"), e.getMessage());
        final Throwable cause = e.getCause();
        assertTrue(cause instanceof RankwireException, String.valueOf(cause));
        assertTrue(cause.getMessage().contains("rank 2 has finalized"), cause.getMessage());
    }

    @ParameterizedTest
    @MethodSource("settings")
    @Timeout(30)
    void shouldDeliverWhatAFinalizedRankSentAndFailWhatItCannotSatisfy(final Map<String, String> settings)
    {
        LocalJob.run(3, "sim", config(settings), JOB_TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            final Comm pair = world.split(world.rank() == 1 ? 1 : 0, 0);
            final int big = rw.eagerLimit() + 5000;
            if (world.rank() == 2)
            {
                world.send(pattern(100, 1), 0, 100, 0, 1);
                world.send(pattern(big, 3), 0, big, 0, 3);
                return;
            }
            if (world.rank() == 1)
            {
                return;
            }
            final byte[] large = new byte[big];
            assertEquals(big, world.recv(large, 0, big, 2, 3).bytes());
            assertArrayEquals(pattern(big, 3), large);
            final RankwireException probe = assertThrows(RankwireException.class, () -> world.probe(2, 99));
            assertTrue(probe.getMessage().contains("rank 2 has finalized"), probe.getMessage());
            final byte[] small = new byte[100];
            assertEquals(100, world.recv(small, 0, 100, 2, 1).bytes());
            assertArrayEquals(pattern(100, 1), small);
            final RankwireException recv = assertThrows(RankwireException.class, () -> world.recv(small, 0, 100, 2, 5));
            assertTrue(recv.getMessage().contains("rank 2 has finalized"), recv.getMessage());
            final RankwireException send = assertThrows(RankwireException.class, () -> world.send(small, 0, 100, 2, 5));
            assertTrue(send.getMessage().contains("rank 2 has finalized"), send.getMessage());
            final Request any = pair.irecv(small, 0, 100, Comm.ANY_SOURCE, Comm.ANY_TAG);
            assertThrows(RankwireException.class, any::await);
            assertEquals(Status.PEER_FINALIZED, any.status().error());
        });
    }

    @ParameterizedTest
    @MethodSource("settings")
    @Timeout(30)
    void shouldFailAPendingAnySourceReceiveOnceEveryOtherRankFinalized(final Map<String, String> settings)
    {
        LocalJob.run(3, "sim", config(settings), JOB_TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() != 0)
            {
                world.send(new byte[8], 0, 8, 0, 7);
                return;
            }
            final byte[] buf = new byte[4096];
            final Request any = world.irecv(buf, 0, buf.length, Comm.ANY_SOURCE, 3);
            world.recv(buf, 0, 8, 1, 7);
            world.recv(buf, 0, 8, 2, 7);
            final RankwireException e = assertThrows(RankwireException.class, any::await);
            assertTrue(e.getMessage().contains("has finalized"), e.getMessage());
            assertEquals(Status.PEER_FINALIZED, any.status().error());
            assertFalse(any.status().cancelled());
        });
    }

    private static byte[] pattern(final int n, final int seed)
    {
        final byte[] b = new byte[n];
        for (int i = 0; i < n; i++)
        {
            b[i] = (byte)(i * 31 + seed);
        }
        return b;
    }
}
