package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
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
 * Malformed frames and fragments written straight into the shared memory, as a broken or
 * hostile peer could: each is reported as a failure of the peer that wrote it (PEER_FAILED,
 * and a warning naming it), never read past, never a hang; the other peers carry on.
 */
class ShmCorruptFrameTest
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

    /** Writes one raw record of {@code length} zero bytes into rank 0's ring to {@code to}, then lets {@code fill} change its body. */
    private static void raw(final ShmJob job, final int to, final int typeId, final int length, final Consumer<UnsafeBuffer> fill)
    {
        final RingBuffer ring = job.ranks[0].peer(to).out;
        final int index = ring.tryClaim(typeId, length);
        assertTrue(index > 0, "claimed");
        final AtomicBuffer b = ring.buffer();
        for (int i = 0; i < length; i++)
        {
            b.putByte(index + i, (byte)0);
        }
        fill.accept(new UnsafeBuffer(b, index, length));
        ring.commit(index);
    }

    private void assertRank0FailsAtRank2ThenRank1StillGetsThrough(final ShmJob job, final String expectedWhy)
    {
        assertRank0FailedThenRank1StillGetsThrough(job, ShmJob.await(job.ranks[2], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED),
            expectedWhy);
    }

    private void assertRank0FailedThenRank1StillGetsThrough(final ShmJob job, final List<ShmJob.Seen> seen, final String expectedWhy)
    {
        final ShmJob.Seen failed = seen.get(seen.size() - 1);
        assertEquals(0, failed.peer);
        assertEquals(CompletionStatus.PEER_FAILED, failed.status);
        assertEquals(ReturnCode.PEER_FAILED, job.ranks[2].postSend(0, ShmTransportTest.eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
        assertEquals(ReturnCode.OK, job.ranks[1].postSend(2, ShmTransportTest.eager(42), 0, TmHeader.LENGTH, null, 0, 0, 0));
        final ShmJob.Seen fromOne = ShmJob.await(job.ranks[2], 1, s -> s.opcode == CompletionOpcode.RECV).get(0);
        assertEquals(1, fromOne.peer);
        assertEquals(42, fromOne.tag());
        final List<String> warnings = capture.messages(Level.ALL);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("rank 0 failed") && w.contains(expectedWhy)), warnings.toString());
        final ShmJob.Seen cut = ShmJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED).get(0);
        assertEquals(2, cut.peer, "rank 0 learns that rank 2 cut it off, as from a closed TCP connection");
        assertEquals(ReturnCode.PEER_FAILED, job.ranks[0].postSend(2, ShmTransportTest.eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
        assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, ShmTransportTest.eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnAFrameOfUnknownType() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            raw(job, 2, Frames.typeId(9, 0), 16, b -> { });
            assertRank0FailsAtRank2ThenRank1StillGetsThrough(job, "unknown type 9");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnAMessageWithAnUnknownOpcode() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            raw(job, 2, Frames.typeId(Frames.MESSAGE, 0), 16, b -> { });
            raw(job, 2, Frames.typeId(Frames.MESSAGE, 0), 16, b -> { });
            final int index = job.ranks[0].peer(2).out.tryClaim(Frames.typeId(Frames.MESSAGE, 0), 16);
            job.ranks[0].peer(2).out.buffer().putByte(index, (byte)200);
            job.ranks[0].peer(2).out.commit(index);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[2], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(3, seen.size(), "two good NO_TAG frames, then the failure: " + seen);
            assertRank0FailedThenRank1StillGetsThrough(job, seen, "TMH opcode 200");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnATruncatedMessage() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            raw(job, 2, Frames.typeId(Frames.MESSAGE, 0), 8, b -> { });
            assertRank0FailsAtRank2ThenRank1StillGetsThrough(job, "message of length 8");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnARecordLengthBeyondTheRing() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            final RingBuffer ring = job.ranks[0].peer(2).out;
            final int index = ring.tryClaim(Frames.typeId(Frames.MESSAGE, 0), 32);
            ring.commit(index);
            ring.buffer().putIntVolatile(RecordDescriptor.lengthOffset(index - RecordDescriptor.HEADER_LENGTH), 0x7000_0000);
            assertRank0FailsAtRank2ThenRank1StillGetsThrough(job, "leaves the ring");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnAFrameClaimingAnotherSender() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            raw(job, 2, Frames.typeId(Frames.MESSAGE, 1), 16, b -> b.putByte(0, TmHeader.EAGER));
            assertRank0FailsAtRank2ThenRank1StillGetsThrough(job, "claims sender rank 1");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailThePeerOnAReadRequestOfTheWrongLength() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "livenessMillis", "10")))
        {
            raw(job, 2, Frames.typeId(Frames.READ_REQUEST, 0), 40, b -> { });
            assertRank0FailsAtRank2ThenRank1StillGetsThrough(job, "READ_REQUEST of length 40");
        }
    }

    @Test
    @Timeout(60)
    void shouldFailTheOwnerAndItsReadOnAFragmentOfAnotherRead() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "heapBytes", "0")))
        {
            final var region = job.ranks[0].register(new UnsafeBuffer(new byte[100]), 0, 100);
            assertEquals(ReturnCode.OK, job.ranks[2].postRead(0, region.va(), region.rkey(), 100, new UnsafeBuffer(new byte[100]), 0, 5));
            final Staging st = job.ranks[0].peer(2).toPeer;
            final int slot = st.slot(st.produced());
            st.writeHeader(slot, 12345, 0, 10, Staging.DATA);
            st.produced(st.produced() + 1);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[2], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertTrue(seen.stream().anyMatch(s -> s.opcode == CompletionOpcode.READ && s.wrId == 5 &&
                s.status == CompletionStatus.PEER_FAILED), seen.toString());
            job.ranks[0].close();
            job.ranks[1].close();
            final List<String> warnings = capture.messages(Level.ALL);
            assertTrue(warnings.stream().anyMatch(w -> w.contains("rank 0 failed") && w.contains("fragment of read 12345")),
                warnings.toString());
        }
    }

    @Test
    @Timeout(60)
    void shouldFailTheOwnerOnAFragmentLongerThanItsSlot() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "0", "slotBytes", "1024")))
        {
            final var region = job.ranks[0].register(new UnsafeBuffer(new byte[5000]), 0, 5000);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[5000 + 64]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, region.va(), region.rkey(), 5000, dst, 0, 5));
            final Staging st = job.ranks[0].peer(1).toPeer;
            final int slot = st.slot(st.produced());
            st.writeHeader(slot, 1, 0, 4096, Staging.DATA);
            st.buffer.setMemory(Staging.data(slot), 1024, (byte)1);
            st.produced(st.produced() + 1);
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertTrue(seen.stream().anyMatch(s -> s.opcode == CompletionOpcode.READ && s.status == CompletionStatus.PEER_FAILED));
            for (int i = 0; i < dst.capacity(); i++)
            {
                assertEquals(0, dst.getByte(i), "byte " + i + " written");
            }
        }
    }

    @Test
    @Timeout(60)
    void shouldFailEveryPeerWhenTheSharedRingIsCorrupt() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir, "rings", "shared")))
        {
            raw(job, 2, Frames.typeId(Frames.MESSAGE, 0), 16, b -> b.putInt(0, 0x0A00_0000, ByteOrder.BIG_ENDIAN));
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[2], 3, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(List.of(0, 1, 2), seen.stream().filter(s -> s.opcode == CompletionOpcode.PEER_FAILED)
                .map(s -> s.peer).sorted().toList());
            assertEquals(0, job.ranks[2].poll(c -> { }, 64), "the dead ring is not read again");
        }
    }
}
