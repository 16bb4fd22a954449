package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
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
            assertTrue(Flight.on(), "a running recording turns the events on");
            pingJob();
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
