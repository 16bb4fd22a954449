package io.rankwire.sim.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Message;
import io.rankwire.RankStats;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * Seeded random traffic through the whole stack (runtime, matching engine, simulated NIC): each
 * job runs many rounds, one per seed, of random messages (eager and rendezvous sizes) among all
 * ranks on three communicators (the world and two dups), received by receives with ANY_SOURCE
 * and ANY_TAG drawn at random. In a round every rank posts all its receives, a barrier follows,
 * then every rank sends its messages and a marker per destination on a fourth communicator; once
 * a rank has every marker, every message addressed to it has been matched or is unexpected.
 * Unmatched receives are cancelled, unexpected messages drained with {@code improbe}. Each
 * message must arrive once and intact with its envelope, and the set of landings must be one the
 * reference matcher produces for some interleaving of the senders ({@link LandingCheck}).
 *
 * <p>A failure names the seed; {@code -Dstress.seed=N} replays that round alone in every setting.
 */
class FullStackStressTest
{
    private static final int COMMS = 3;
    private static final int MARKER_TAG = 1;

    static Stream<Arguments> settings()
    {
        return Stream.of(
            Arguments.of("inline software", 4, 1, 700, false,
                Map.of("rankwire.sim.mode", "inline", "rankwire.sim.maxNumTags", "0")),
            Arguments.of("inline offload", 8, 2, 300, true,
                Map.of("rankwire.sim.mode", "inline", "rankwire.sim.maxNumTags", "1023")),
            Arguments.of("scheduled offload, 4 NIC tags", 6, 3, 400, true,
                Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.seed", "17", "rankwire.sim.maxNumTags", "4")),
            Arguments.of("scheduled software", 5, 4, 400, false,
                Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.seed", "23", "rankwire.sim.maxNumTags", "0")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settings")
    @Timeout(120)
    void shouldLandEveryMessageWhereTheReferenceMatcherAllows(
        final String name, final int ranks, final int series, final int rounds, final boolean offload,
        final Map<String, String> settings)
    {
        final String replay = System.getProperty("stress.seed");
        final long first = replay != null ? Long.parseLong(replay) : series * 1_000_000L;
        final int count = replay != null ? 1 : rounds;
        final RankwireConfig config = new RankwireConfig().setAll(settings).offloadMinBytes(0).credits(8);
        LocalJob.run(ranks, "sim", config, Duration.ofSeconds(100), rw ->
        {
            final Comm world = rw.world();
            final Comm[] data = {world, world.dup(), world.dup()};
            final Comm ctl = world.dup();
            for (long seed = first; seed < first + count; seed++)
            {
                runRound(rw, data, ctl, new StressRound(seed, ranks, COMMS, rw.eagerLimit()), name);
            }
            final RankStats stats = rw.stats();
            assertEquals(0, stats.activeOperations(), stats.toString());
            assertEquals(offload, stats.addsPosted() > 0, stats.toString());
            assertTrue(stats.transportCounters().containsKey("syncRequests"), stats.toString());
        });
    }

    private static void runRound(final Rankwire rw, final Comm[] data, final Comm ctl, final StressRound round, final String name)
    {
        final int me = ctl.rank();
        final String where = name + ", seed " + round.seed + ", rank " + me;
        final List<StressRound.Recv> mine = round.recvs.get(me);
        final byte[][] bufs = new byte[mine.size()][];
        final Request[] recvs = new Request[mine.size()];
        for (int i = 0; i < recvs.length; i++)
        {
            final StressRound.Recv r = mine.get(i);
            bufs[i] = new byte[round.capacity];
            recvs[i] = data[r.comm].irecv(bufs[i], 0, round.capacity, r.source, r.tag);
        }
        ctl.barrier();
        final List<Request> sends = new ArrayList<>();
        for (final StressRound.Msg m : round.messages)
        {
            if (m.src == me)
            {
                sends.add(data[m.comm].isend(round.payload(m), 0, m.size, m.dst, m.tag));
            }
        }
        final Request[] markers = new Request[ctl.size()];
        for (int peer = 0; peer < ctl.size(); peer++)
        {
            sends.add(ctl.isend(new byte[0], 0, 0, peer, MARKER_TAG));
            markers[peer] = ctl.irecv(new byte[0], 0, 0, peer, MARKER_TAG);
        }
        Request.waitAll(markers);
        final int[] landing = new int[round.messages.size()];
        Arrays.fill(landing, -2);
        for (int i = 0; i < recvs.length; i++)
        {
            if (!recvs[i].isDone())
            {
                recvs[i].cancel();
            }
            final Status s = recvs[i].await();
            if (!s.cancelled())
            {
                land(round, me, mine.get(i).comm, s, bufs[i], landing, i, where);
            }
        }
        for (int c = 0; c < data.length; c++)
        {
            Optional<Message> left;
            while ((left = data[c].improbe(Comm.ANY_SOURCE, Comm.ANY_TAG)).isPresent())
            {
                final byte[] b = new byte[round.capacity];
                land(round, me, c, left.get().recv(b, 0, b.length), b, landing, -1, where);
            }
        }
        for (final StressRound.Msg m : round.messages)
        {
            assertFalse(m.dst == me && landing[m.id] == -2, () -> where + ": " + m + " never arrived");
        }
        Request.waitAll(sends.toArray(new Request[0]));
        final String illegal = LandingCheck.check(round, me, landing);
        assertEquals(null, illegal, () -> where + ": " + illegal);
        ctl.barrier();
    }

    /** Checks a delivered message's envelope and bytes, and records where it landed (-1: drained). */
    private static void land(
        final StressRound round, final int me, final int comm, final Status s, final byte[] buf,
        final int[] landing, final int recvIndex, final String where)
    {
        assertEquals(Status.OK, s.error(), () -> where + ": " + s);
        final int id = StressRound.idOf(buf);
        assertTrue(id >= 0 && id < round.messages.size(), () -> where + ": unknown message id " + id + " " + s);
        final StressRound.Msg m = round.messages.get(id);
        final String what = where + ": " + m + " delivered as " + s + " on comm " + comm;
        assertEquals(-2, landing[id], () -> what + " twice");
        assertEquals(me, m.dst, what);
        assertEquals(m.comm, comm, what);
        assertEquals(m.src, s.source(), what);
        assertEquals(m.tag, s.tag(), what);
        assertEquals(m.size, s.bytes(), what);
        assertTrue(Arrays.equals(round.payload(m), 0, m.size, buf, 0, m.size), () -> what + ": payload differs");
        landing[id] = recvIndex;
    }
}
