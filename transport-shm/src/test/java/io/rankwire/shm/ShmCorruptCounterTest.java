package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.observe.LogCapture;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;

/**
 * Positions read from shared memory that a broken or hostile peer damaged: the staging counters
 * of a streamed read, seen by the reader and by the owner, and a ring's head and tail. Each is a
 * failure of the peer with a WARNING naming it, never an exception out of {@code poll}, never an
 * access outside the area.
 */
class ShmCorruptCounterTest
{
    private LogCapture capture;

    @TempDir
    Path dir;

    @BeforeEach
    void listen()
    {
        capture = new LogCapture(ShmTransport.class.getName(), null);
    }

    @AfterEach
    void stopListening()
    {
        capture.close();
    }

    private void assertWarned(final String failed, final String what)
    {
        final List<String> warnings = capture.messages(Level.ALL);
        assertTrue(warnings.stream().anyMatch(w -> w.contains(failed + " failed") && w.contains(what)), warnings.toString());
    }

    @Test
    @Timeout(60)
    void shouldFailTheOwnerWhenTheReaderSeesNegativeStagingPositions() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "0")))
        {
            final var region = job.ranks[0].register(new UnsafeBuffer(new byte[100_000]), 0, 100_000);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[100_000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, region.va(), region.rkey(), 100_000, dst, 0, 7));
            final Staging st = job.ranks[1].peer(0).fromPeer;
            st.consumed(-2);
            st.produced(-1);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(0, seen.get(seen.size() - 1).peer);
            assertTrue(seen.stream().anyMatch(s -> s.opcode == CompletionOpcode.READ && s.wrId == 7 &&
                s.status == CompletionStatus.PEER_FAILED), seen.toString());
            assertWarned("rank 0", "staging positions produced -1, consumed -2");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailTheReaderWhenTheOwnerSeesDamagedStagingPositions() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "0", "pushSlots", "0")))
        {
            final var region = job.ranks[0].register(new UnsafeBuffer(new byte[100_000]), 0, 100_000);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, region.va(), region.rkey(), 100_000,
                new UnsafeBuffer(new byte[100_000]), 0, 7));
            final Staging st = job.ranks[0].peer(1).toPeer;
            st.produced(-3);
            st.consumed(-3);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(1, seen.get(seen.size() - 1).peer);
            assertWarned("rank 1", "staging positions produced -3, consumed -3");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailTheReaderWhoseConsumedPositionRunsAheadOfTheOwner() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "0", "pushSlots", "0")))
        {
            final var region = job.ranks[0].register(new UnsafeBuffer(new byte[100_000]), 0, 100_000);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, region.va(), region.rkey(), 100_000,
                new UnsafeBuffer(new byte[100_000]), 0, 7));
            job.ranks[0].peer(1).toPeer.consumed(Long.MAX_VALUE - 1);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(1, seen.get(seen.size() - 1).peer);
            assertWarned("rank 1", "consumed " + (Long.MAX_VALUE - 1));
        }
    }

    @Test
    @Timeout(60)
    void shouldNeverIndexOutsideARingWhoseHeadAndTailWereDamaged() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "ringBytes", "4096")))
        {
            final RingBuffer ring = job.ranks[0].peer(1).out;
            final AtomicBuffer b = ring.buffer();
            final int capacity = ring.capacity();
            final long[][] damage = {{-8, 0}, {Long.MIN_VALUE, -8}, {capacity * 3L + 8, capacity * 2L}, {-1, Long.MAX_VALUE}};
            for (final long[] d : damage)
            {
                b.putLongVolatile(capacity + RingBufferDescriptor.HEAD_POSITION_OFFSET, d[0]);
                b.putLongVolatile(capacity + RingBufferDescriptor.TAIL_POSITION_OFFSET, d[1]);
                for (int i = 0; i < 4; i++)
                {
                    final int rc = job.ranks[0].postSend(1, ShmTransportTest.eager(i), 0, TmHeader.LENGTH, null, 0, 0, 0);
                    assertTrue(rc == ReturnCode.OK || rc == ReturnCode.BACK_PRESSURED || rc == ReturnCode.PEER_FAILED,
                        "postSend : " + rc);
                    job.ranks[1].poll(c -> { }, 64);
                }
            }
        }
    }
}
