package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;

/** The transport SPI over shared memory, without the runtime: frames, limits, back-pressure. */
class ShmTransportTest
{
    @TempDir
    Path dir;

    static UnsafeBuffer eager(final long tag)
    {
        final UnsafeBuffer h = new UnsafeBuffer(new byte[64]);
        TmHeader.write(h, 0, TmHeader.EAGER, 0, 0, tag);
        return h;
    }

    @Test
    @Timeout(60)
    void shouldDeliverFramesWithTheirHeadersInSendOrderPerSender() throws Exception
    {
        try (ShmJob job = new ShmJob(3, ShmJob.settings(dir)))
        {
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[1000]);
            for (int i = 0; i < 200; i++)
            {
                payload.putInt(0, i);
                assertEquals(ReturnCode.OK, job.ranks[0].postSend(2, eager(i), 0, TmHeader.LENGTH, payload, 0, 4 + i, 0));
                assertEquals(ReturnCode.OK, job.ranks[1].postSend(2, eager(1000 + i), 0, TmHeader.LENGTH, payload, 0, 4, 0));
            }
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[2], 400, s -> s.opcode == CompletionOpcode.RECV);
            int next0 = 0;
            int next1 = 1000;
            for (final ShmJob.Seen s : seen)
            {
                final UnsafeBuffer b = new UnsafeBuffer(s.bytes);
                if (s.peer == 0)
                {
                    assertEquals(next0, s.tag());
                    assertEquals(TmHeader.LENGTH + 4 + next0, s.bytes.length);
                    assertEquals(next0++, b.getInt(TmHeader.LENGTH));
                }
                else
                {
                    assertEquals(1, s.peer);
                    assertEquals(next1++, s.tag());
                }
            }
            assertEquals(200, next0);
            assertEquals(1200, next1);
        }
    }

    @Test
    @Timeout(60)
    void shouldSendToItselfAndCarryRendezvousRequestsAndFins() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir)))
        {
            final UnsafeBuffer h = new UnsafeBuffer(new byte[64]);
            TmHeader.write(h, 0, TmHeader.RNDV, 0, 77, 5L);
            RvHeader.write(h, TmHeader.LENGTH, 0x1234_0000L, 42, 1 << 20);
            assertEquals(ReturnCode.OK, job.ranks[1].postSend(1, h, 0, 32, null, 0, 0, 0));
            TmHeader.opcode(h, 0, TmHeader.FIN);
            assertEquals(ReturnCode.OK, job.ranks[1].postSend(0, h, 0, 32, null, 0, 0, 0));
            final ShmJob.Seen self = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.RECV).get(0);
            assertEquals(1, self.peer);
            assertEquals(TmHeader.RNDV, TmHeader.opcode(new UnsafeBuffer(self.bytes), 0));
            assertEquals(1 << 20, RvHeader.length(new UnsafeBuffer(self.bytes), TmHeader.LENGTH));
            final ShmJob.Seen fin = ShmJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.RECV).get(0);
            assertEquals(TmHeader.FIN, TmHeader.opcode(new UnsafeBuffer(fin.bytes), 0));
            assertEquals(77, TmHeader.appCtx(new UnsafeBuffer(fin.bytes), 0));
        }
    }

    @Test
    @Timeout(60)
    void shouldRefuseBadPostsWithReturnCodes() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "ringBytes", "65536")))
        {
            final ShmTransport t = job.ranks[0];
            final int max = t.capabilities().maxMessageSize();
            assertEquals(8192, max);
            final UnsafeBuffer big = new UnsafeBuffer(new byte[max]);
            assertEquals(ReturnCode.TOO_LARGE, t.postSend(1, eager(1), 0, TmHeader.LENGTH, big, 0, max - TmHeader.LENGTH + 1, 0));
            assertEquals(ReturnCode.OK, t.postSend(1, eager(1), 0, TmHeader.LENGTH, big, 0, max - TmHeader.LENGTH, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(2, eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(-1, eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, eager(1), 0, TmHeader.LENGTH - 1, null, 0, 0, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, eager(1), 60, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, eager(1), 0, TmHeader.LENGTH, null, 0, 5, 0));
            final UnsafeBuffer unknown = eager(1);
            unknown.putByte(0, (byte)9);
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, unknown, 0, TmHeader.LENGTH, null, 0, 0, 0));
            final UnsafeBuffer shortRndv = eager(1);
            TmHeader.opcode(shortRndv, 0, TmHeader.RNDV);
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, shortRndv, 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postRead(1, 0, 1, 10, new UnsafeBuffer(new byte[5]), 0, 1));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postRead(7, 0, 1, 1, new UnsafeBuffer(new byte[5]), 0, 1));
            t.close();
            assertEquals(ReturnCode.CLOSED, t.postSend(1, eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(ReturnCode.CLOSED, t.postRead(1, 0, 1, 1, new UnsafeBuffer(new byte[5]), 0, 1));
            assertEquals(0, t.poll(c -> { }, 64));
        }
    }

    @Test
    @Timeout(60)
    void shouldPushBackWhenTheRingIsFullAndTakeMoreOnceItIsRead() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "ringBytes", "4096")))
        {
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[256]);
            int sent = 0;
            while (job.ranks[0].postSend(1, eager(sent), 0, TmHeader.LENGTH, payload, 0, 256, 0) == ReturnCode.OK)
            {
                sent++;
                assertTrue(sent < 64, "a 4 KiB ring took " + sent + " frames of 280 bytes");
            }
            assertTrue(sent >= 10, "sent " + sent);
            ShmJob.await(job.ranks[1], sent, s -> s.opcode == CompletionOpcode.RECV);
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, eager(sent), 0, TmHeader.LENGTH, payload, 0, 256, 0));
            assertEquals(sent, ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.RECV).get(0).tag());
        }
    }

    @Test
    @Timeout(60)
    void shouldAllocateFromTheSharedHeapAndTakeBlocksBack() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "1048576")))
        {
            final ShmTransport t = job.ranks[0];
            final var a = t.allocate(1000);
            final var b = t.allocate(600_000);
            assertEquals(1000, a.capacity());
            assertTrue(a.isDirect());
            assertNull(t.allocate(500_000), "a 1 MiB heap has no room for 600,000 + 500,000 bytes");
            assertTrue(t.free(b));
            assertEquals(500_000, t.allocate(500_000).capacity());
            assertTrue(t.free(a));
            assertTrue(!t.free(a), "a block is freed once");
            assertTrue(!t.free(java.nio.ByteBuffer.allocateDirect(8)), "not a heap block");
            assertNull(job.ranks[1].allocate(2_000_000));
            final byte[] written = new byte[100];
            Arrays.fill(written, (byte)7);
            final var c = t.allocate(100);
            c.put(written).flip();
            final byte[] back = new byte[100];
            c.get(back);
            assertArrayEquals(written, back);
        }
    }
}
