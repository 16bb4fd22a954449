package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.Request;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.observe.Flight;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A job recorded with the JDK Flight Recorder: Rankwire's events of a 2-rank job over
 * {@code sim}, read back from the recording file with {@code jdk.jfr.consumer}.
 */
class FlightRecorderTest
{
    private static final int SMALL = 100;
    private static final int LARGE = 256 * 1024;
    private static final int SMALL_TAG = 7;
    private static final int LARGE_TAG = 8;

    @TempDir
    Path dir;

    @Test
    void shouldRecordSendsReceivesMatchesAndRendezvousOfAJob() throws Exception
    {
        final Path file = dir.resolve("job.jfr");
        try (Recording recording = new Recording())
        {
            for (final String name : List.of("Send", "Receive", "Match", "Rendezvous", "SendBufferCopy", "PeerFailure"))
            {
                recording.enable("io.rankwire." + name);
            }
            recording.start();
            pingJob();
            assertTrue(Flight.on(), "a running recording turns the events on");
            recording.stop();
            recording.dump(file);
        }
        assertFalse(Flight.on(), "no recording runs any more");
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);

        final RecordedEvent small = one(events, "io.rankwire.Send", e -> e.getInt("tag") == SMALL_TAG);
        assertEquals(0, small.getInt("rank"));
        assertEquals(1, small.getInt("peer"));
        assertEquals(SMALL, small.getInt("bytes"));
        assertEquals("eager", small.getString("protocol"));
        final RecordedEvent large = one(events, "io.rankwire.Send", e -> e.getInt("tag") == LARGE_TAG);
        assertEquals(LARGE, large.getInt("bytes"));
        assertEquals("rendezvous", large.getString("protocol"));

        final RecordedEvent received = one(events, "io.rankwire.Receive", e -> e.getInt("tag") == LARGE_TAG);
        assertEquals(1, received.getInt("rank"));
        assertEquals(0, received.getInt("source"));
        assertEquals(LARGE, received.getInt("bytes"));
        assertEquals(0, received.getInt("error"));
        assertEquals(SMALL, one(events, "io.rankwire.Receive", e -> e.getInt("tag") == SMALL_TAG).getInt("bytes"));

        final Set<String> places = Set.of(Flight.NIC, Flight.POSTED, Flight.UNEXPECTED, Flight.FROM_UNEXPECTED);
        for (final int tag : new int[] {SMALL_TAG, LARGE_TAG})
        {
            final List<RecordedEvent> matches = all(events, "io.rankwire.Match", e -> e.getInt("tag") == tag);
            assertFalse(matches.isEmpty(), "a match event for tag " + tag);
            matches.forEach(m -> assertTrue(places.contains(m.getString("where")), m::toString));
            assertEquals(1, matches.stream().filter(m -> !m.getString("where").equals(Flight.UNEXPECTED)).count(),
                "exactly one event says where tag " + tag + " met its receive: " + matches);
        }
        final RecordedEvent rv = one(events, "io.rankwire.Rendezvous", e -> e.getString("role").equals("sender"));
        assertEquals(0, rv.getInt("rank"));
        assertEquals(LARGE, rv.getInt("bytes"));
    }

    @Test
    void shouldLeaveThePerMessageEventsOutOfARecordingThatDoesNotAskForThem() throws Exception
    {
        final Path file = dir.resolve("default.jfr");
        try (Recording recording = new Recording())
        {
            recording.start();
            pingJob();
            recording.stop();
            recording.dump(file);
        }
        final Set<String> names = RecordingFile.readAllEvents(file).stream()
            .map(e -> e.getEventType().getName()).filter(n -> n.startsWith("io.rankwire.")).collect(Collectors.toSet());
        assertTrue(names.contains("io.rankwire.Rendezvous"), names::toString);
        assertFalse(names.contains("io.rankwire.Send"), names::toString);
        assertFalse(names.contains("io.rankwire.Receive"), names::toString);
        assertFalse(names.contains("io.rankwire.Match"), names::toString);
    }

    @Test
    void shouldRecordSendBufferFallbacksAndPeerFailures() throws Exception
    {
        final Path file = dir.resolve("failures.jfr");
        final AtomicLong buffered = new AtomicLong();
        try (Recording recording = new Recording())
        {
            recording.start();
            // one eager credit and no waiting for more: the second and third small sends complete from copies
            LocalJob.run(2, "sim", new RankwireConfig().set("rankwire.credits", "1").set("rankwire.creditWaitMicros", "0"), rw ->
            {
                final byte[] b = new byte[SMALL];
                if (rw.rank() == 0)
                {
                    for (int i = 0; i < 3; i++)
                    {
                        rw.world().send(b, 0, SMALL, 1, i);
                    }
                    buffered.set(rw.stats().sendsBuffered());
                }
                rw.world().barrier();
                if (rw.rank() == 1)
                {
                    for (int i = 0; i < 3; i++)
                    {
                        rw.world().recv(b, 0, SMALL, 0, i);
                    }
                }
            });
            peerEndsWithoutClosing();
            recording.stop();
            recording.dump(file);
        }
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        // the user's sends (the barrier's own messages, without payload, may be copied too)
        final List<RecordedEvent> copies = all(events, "io.rankwire.SendBufferCopy", e -> e.getInt("bytes") == SMALL);
        assertTrue(buffered.get() >= 1, "sends buffered: " + buffered.get());
        assertEquals(buffered.get(), copies.size(), copies::toString);
        copies.forEach(e -> assertTrue(e.getInt("rank") == 0 && e.getInt("peer") == 1, e::toString));

        final RecordedEvent failure = one(events, "io.rankwire.PeerFailure", e -> true);
        assertEquals(0, failure.getInt("rank"));
        assertEquals(1, failure.getInt("peer"));
        assertEquals(1, failure.getInt("failedOperations"), "the receive waiting for rank 1");
    }

    /** Rank 1 of a 2-rank job ends without closing while rank 0 waits for a message from it. */
    private static void peerEndsWithoutClosing() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final String job = "flight-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        try
        {
            final Future<Rankwire> one = threads.submit(() -> Rankwire.init(
                new RankwireConfig().transport("sim").job(1, 2, job, secret).bootstrap(bootstrap.forRank(1))));
            final Rankwire zero = Rankwire.init(
                new RankwireConfig().transport("sim").job(0, 2, job, secret).bootstrap(bootstrap.forRank(0)));
            final Rankwire forgotten = one.get(60, TimeUnit.SECONDS);
            final Request waiting = zero.world().irecv(new byte[1], 0, 1, 1, 9);
            assertTrue(bootstrap.ended(1));
            assertTrue(assertThrows(RankwireException.class, waiting::await)
                .getMessage().contains("PEER_FAILED"));
            assertThrows(RankwireException.class, zero::close);
            assertThrows(RankwireException.class, forgotten::close);
        }
        finally
        {
            threads.shutdownNow();
        }
    }

    /** Rank 0 sends an eager and a rendezvous message to rank 1, which checks them. */
    private static void pingJob()
    {
        LocalJob.run(2, "sim", new RankwireConfig(), rw ->
        {
            final byte[] small = new byte[SMALL];
            final byte[] large = new byte[LARGE];
            if (rw.rank() == 0)
            {
                Arrays.fill(small, (byte)1);
                Arrays.fill(large, (byte)2);
                rw.world().send(small, 0, SMALL, 1, SMALL_TAG);
                rw.world().send(large, 0, LARGE, 1, LARGE_TAG);
            }
            else
            {
                assertEquals(SMALL, rw.world().recv(small, 0, SMALL, 0, SMALL_TAG).bytes());
                assertEquals(LARGE, rw.world().recv(large, 0, LARGE, 0, LARGE_TAG).bytes());
                assertEquals(2, large[LARGE - 1]);
            }
        });
    }

    private static List<RecordedEvent> all(final List<RecordedEvent> events, final String name, final Predicate<RecordedEvent> which)
    {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).filter(which).collect(Collectors.toList());
    }

    private static RecordedEvent one(final List<RecordedEvent> events, final String name, final Predicate<RecordedEvent> which)
    {
        final List<RecordedEvent> found = all(events, name, which);
        assertEquals(1, found.size(), name + ": " + found);
        return found.get(0);
    }
}
