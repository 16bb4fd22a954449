package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class TcpRendezvousTest
{
    private static final int SIXTY_FOUR_MIB = 64 << 20;

    @Test
    void shouldReadSixtyFourMebibytesFromAPeer() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final UnsafeBuffer source = new UnsafeBuffer(ByteBuffer.allocateDirect(SIXTY_FOUR_MIB));
            fill(source, 11);
            final MemoryRegion region = job.ranks[1].register(source, 0, SIXTY_FOUR_MIB);
            final UnsafeBuffer dst = new UnsafeBuffer(ByteBuffer.allocateDirect(SIXTY_FOUR_MIB + 2));
            dst.putByte(0, (byte)0x5A);
            dst.putByte(SIXTY_FOUR_MIB + 1, (byte)0x5A);

            assertEquals(ReturnCode.OK,
                job.ranks[0].postRead(1, region.va(), region.rkey(), SIXTY_FOUR_MIB, dst, 1, 77));
            final TcpJob.Seen done = TcpJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.READ).get(0);

            assertEquals(CompletionStatus.SUCCESS, done.status);
            assertEquals(77, done.wrId);
            assertEquals(1, done.peer);
            assertEquals(crc(source, 0, SIXTY_FOUR_MIB), crc(dst, 1, SIXTY_FOUR_MIB));
            assertEquals((byte)0x5A, dst.getByte(0));
            assertEquals((byte)0x5A, dst.getByte(SIXTY_FOUR_MIB + 1));
        }
    }

    @Test
    void shouldReadASubRangeOfAHeapRegion() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final byte[] bytes = new byte[3_000_000];
            new Random(5).nextBytes(bytes);
            final UnsafeBuffer source = new UnsafeBuffer(bytes);
            final MemoryRegion region = job.ranks[1].register(source, 1000, 2_000_000);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[1_000_000]);

            assertEquals(ReturnCode.OK,
                job.ranks[0].postRead(1, region.va() + 500_000, region.rkey(), 1_000_000, dst, 0, 3));
            final TcpJob.Seen done = TcpJob.await(job.ranks[0], 1).get(0);

            assertEquals(CompletionStatus.SUCCESS, done.status);
            assertEquals(crc(source, 501_000, 1_000_000), crc(dst, 0, 1_000_000));
        }
    }

    @Test
    void shouldFailReadsOfUnknownClosedOrOutOfBoundsRegions() throws Exception
    {
        try (TcpJob job = new TcpJob(3, Map.of()))
        {
            final UnsafeBuffer source = new UnsafeBuffer(new byte[4096]);
            final MemoryRegion live = job.ranks[1].register(source, 0, 4096);
            final MemoryRegion closed = job.ranks[1].register(source, 0, 4096);
            closed.close();
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[8192]);
            final TcpTransport reader = job.ranks[0];

            assertEquals(ReturnCode.OK, reader.postRead(1, live.va(), live.rkey() + 1000, 16, dst, 0, 1));
            assertEquals(ReturnCode.OK, reader.postRead(1, closed.va(), closed.rkey(), 16, dst, 0, 2));
            assertEquals(ReturnCode.OK, reader.postRead(1, live.va() + 1, live.rkey(), 4096, dst, 0, 3));
            assertEquals(ReturnCode.OK, reader.postRead(1, live.va() - 1, live.rkey(), 16, dst, 0, 4));
            assertEquals(ReturnCode.OK, reader.postRead(1, live.va(), live.rkey(), 4096, dst, 0, 5));

            final List<TcpJob.Seen> seen = TcpJob.await(reader, 5);
            for (final TcpJob.Seen s : seen)
            {
                assertEquals(CompletionOpcode.READ, s.opcode);
                assertEquals(s.wrId == 5 ? CompletionStatus.SUCCESS : CompletionStatus.REMOTE_ACCESS_ERROR, s.status,
                    "wrId " + s.wrId);
            }
            assertEquals(15, seen.stream().mapToLong(s -> s.wrId).sum());
        }
    }

    @Test
    void shouldReadFromItself() throws Exception
    {
        try (TcpJob job = new TcpJob(1, Map.of()))
        {
            final UnsafeBuffer source = new UnsafeBuffer(new byte[1024]);
            fill(source, 3);
            final MemoryRegion region = job.ranks[0].register(source, 0, 1024);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[1024]);
            assertEquals(ReturnCode.OK, job.ranks[0].postRead(0, region.va(), region.rkey(), 1024, dst, 0, 9));
            assertEquals(ReturnCode.OK, job.ranks[0].postRead(0, region.va(), region.rkey() + 1, 1024, dst, 0, 10));
            final List<TcpJob.Seen> seen = TcpJob.await(job.ranks[0], 2);
            assertEquals(CompletionStatus.SUCCESS, seen.get(0).status);
            assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, seen.get(1).status);
            assertEquals(crc(source, 0, 1024), crc(dst, 0, 1024));
        }
    }

    @Test
    void shouldRunManyConcurrentReadsAndMessagesTogether() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of("rankwire.tcp.readChunk", "1000")))
        {
            final int size = 100_000;
            final UnsafeBuffer source = new UnsafeBuffer(ByteBuffer.allocateDirect(size));
            fill(source, 21);
            final MemoryRegion region = job.ranks[1].register(source, 0, size);
            final UnsafeBuffer[] dst = new UnsafeBuffer[8];
            for (int i = 0; i < dst.length; i++)
            {
                dst[i] = new UnsafeBuffer(new byte[size]);
                assertEquals(ReturnCode.OK, job.ranks[0].postRead(1, region.va(), region.rkey(), size, dst[i], 0, i));
                final UnsafeBuffer msg = TcpJob.message(i, new byte[10]);
                assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, msg, 0, 16, msg, 16, 10, 0));
            }
            final List<TcpJob.Seen> reads = TcpJob.await(job.ranks[0], dst.length);
            final List<TcpJob.Seen> messages = TcpJob.await(job.ranks[1], dst.length);
            for (int i = 0; i < dst.length; i++)
            {
                assertEquals(CompletionStatus.SUCCESS, reads.get(i).status);
                assertEquals(crc(source, 0, size), crc(dst[i], 0, size));
                assertEquals(i, messages.get(i).tag());
            }
        }
    }

    static void fill(final UnsafeBuffer buffer, final long seed)
    {
        final Random random = new Random(seed);
        for (int i = 0; i + 8 <= buffer.capacity(); i += 8)
        {
            buffer.putLong(i, random.nextLong());
        }
    }

    static long crc(final UnsafeBuffer buffer, final int offset, final int length)
    {
        final CRC32 crc = new CRC32();
        final byte[] chunk = new byte[65536];
        for (int done = 0; done < length; )
        {
            final int n = Math.min(chunk.length, length - done);
            buffer.getBytes(offset + done, chunk, 0, n);
            crc.update(chunk, 0, n);
            done += n;
        }
        return crc.getValue();
    }
}
