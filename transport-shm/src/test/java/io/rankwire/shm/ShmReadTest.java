package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;

/**
 * {@code postRead} over shared memory: regions streamed through staging slots (two copies, any
 * buffer) and regions of the shared heap read directly (one copy), their bounds and rkey checks,
 * and the destination range never overrun.
 */
class ShmReadTest
{
    @TempDir
    Path dir;

    private static byte[] pattern(final int length, final long seed)
    {
        final byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static boolean read(final ShmJob.Seen s, final long wrId)
    {
        return s.opcode == CompletionOpcode.READ && s.wrId == wrId;
    }

    @Test
    @Timeout(60)
    void shouldStreamRegionsOfEveryKindThroughStagingInRequestOrder() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "4096", "slots", "3", "heapBytes", "0")))
        {
            final byte[] heapBytes = pattern(100_003, 1);
            final ByteBuffer direct = ByteBuffer.allocateDirect(70_000).put(pattern(70_000, 2)).flip();
            final MemoryRegion r1 = job.ranks[0].register(new UnsafeBuffer(heapBytes), 3, 100_000);
            final MemoryRegion r2 = job.ranks[0].register(new UnsafeBuffer(direct), 0, 70_000);
            assertFalse(SharedRegions.isDirect(r1.rkey()) || SharedRegions.isDirect(r2.rkey()));
            final UnsafeBuffer d1 = new UnsafeBuffer(new byte[100_010]);
            final UnsafeBuffer d2 = new UnsafeBuffer(new byte[70_000]);
            final UnsafeBuffer d3 = new UnsafeBuffer(new byte[10]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r1.va(), r1.rkey(), 100_000, d1, 5, 1));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r2.va() + 60_000, r2.rkey(), 10_000, d2, 60_000, 2));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r1.va() + 99_995, r1.rkey(), 5, d3, 0, 3));
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 3, s -> s.opcode == CompletionOpcode.READ,
                () -> job.pollOthers(1));
            assertEquals(List.of(1L, 2L, 3L), seen.stream().map(s -> s.wrId).toList());
            seen.forEach(s -> assertEquals(CompletionStatus.SUCCESS, s.status, s.toString()));
            final byte[] expected1 = new byte[100_010];
            System.arraycopy(heapBytes, 3, expected1, 5, 100_000);
            assertArrayEquals(expected1, d1.byteArray(), "bytes before and after the range stay 0");
            final byte[] expected2 = new byte[70_000];
            System.arraycopy(pattern(70_000, 2), 60_000, expected2, 60_000, 10_000);
            assertArrayEquals(expected2, d2.byteArray());
            final byte[] expected3 = new byte[10];
            System.arraycopy(heapBytes, 3 + 99_995, expected3, 0, 5);
            assertArrayEquals(expected3, d3.byteArray());
        }
    }

    @Test
    @Timeout(60)
    void shouldFailStreamedReadsOfUnknownKeysRangesOutsideAndClosedRegions() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "0")))
        {
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(new byte[1000]), 0, 1000);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[2000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey() + 1, 10, dst, 0, 1));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va() + 991, r.rkey(), 10, dst, 0, 2));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va() - 1, r.rkey(), 10, dst, 0, 3));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 1000, dst, 0, 4));
            List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 4, s -> s.opcode == CompletionOpcode.READ, () -> job.pollOthers(1));
            assertEquals(List.of(CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.REMOTE_ACCESS_ERROR,
                CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.SUCCESS), seen.stream().map(s -> s.status).toList());
            r.close();
            r.close();
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 10, dst, 0, 5));
            seen = ShmJob.await(job.ranks[1], 1, s -> read(s, 5), () -> job.pollOthers(1));
            assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, seen.get(0).status);
        }
    }

    @Test
    @Timeout(60)
    void shouldReadRegionsOfTheSharedHeapDirectlyWithoutTheOwner() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "8388608")))
        {
            final ByteBuffer shared = job.ranks[0].allocate(3_000_000);
            final byte[] data = pattern(3_000_000, 3);
            shared.put(data).flip();
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(shared), 100, 2_999_900);
            assertTrue(SharedRegions.isDirect(r.rkey()), r.toString());
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[2_999_900 + 2]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 2_999_900, dst, 1, 7));
            final ShmJob.Seen done = ShmJob.await(job.ranks[1], 1, s -> read(s, 7)).get(0);
            assertEquals(CompletionStatus.SUCCESS, done.status, "read without polling the owner");
            final byte[] expected = new byte[2_999_902];
            System.arraycopy(data, 100, expected, 1, 2_999_900);
            assertArrayEquals(expected, dst.byteArray());
        }
    }

    @Test
    @Timeout(60)
    void shouldRefuseDirectReadsOutsideTheRegionOrAfterItClosed() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "1048576")))
        {
            final ByteBuffer shared = job.ranks[0].allocate(4096);
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(shared), 0, 4096);
            final MemoryRegion other = job.ranks[0].register(new UnsafeBuffer(job.ranks[0].allocate(64)), 0, 64);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[8192]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va() + 1, r.rkey(), 4096, dst, 0, 1));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), other.rkey(), 16, dst, 0, 2));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey() ^ (1 << 12), 16, dst, 0, 3));
            r.close();
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 16, dst, 0, 4));
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 4, s -> s.opcode == CompletionOpcode.READ);
            seen.forEach(s -> assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, s.status, s.toString()));
            assertArrayEquals(new byte[8192], dst.byteArray(), "nothing written");
        }
    }

    @Test
    @Timeout(60)
    void shouldReadItsOwnRegionsOfEitherKindLocally() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "heapBytes", "1048576")))
        {
            final ByteBuffer shared = job.ranks[1].allocate(50_000).put(pattern(50_000, 4)).flip();
            final MemoryRegion heap = job.ranks[1].register(new UnsafeBuffer(shared), 0, 50_000);
            final MemoryRegion array = job.ranks[1].register(new UnsafeBuffer(pattern(20_000, 5)), 0, 20_000);
            final UnsafeBuffer d1 = new UnsafeBuffer(new byte[50_000]);
            final UnsafeBuffer d2 = new UnsafeBuffer(new byte[20_000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(1, heap.va(), heap.rkey(), 50_000, d1, 0, 1));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(1, array.va(), array.rkey(), 20_000, d2, 0, 2));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(1, array.va(), array.rkey(), 0, d2, 0, 3));
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 3, s -> s.opcode == CompletionOpcode.READ);
            seen.forEach(s -> assertEquals(CompletionStatus.SUCCESS, s.status, s.toString()));
            assertArrayEquals(pattern(50_000, 4), d1.byteArray());
            assertArrayEquals(pattern(20_000, 5), d2.byteArray());
        }
    }
}
