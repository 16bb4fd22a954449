package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first fragment of a streamed rendezvous goes out with its RNDV: a reader that matches it
 * needs no READ_REQUEST (and no poll by the owner) for a message of one slot, and asks only for the
 * rest of a longer one; pushes nobody took are taken back when their region closes; a corrupt push
 * is never copied.
 */
class ShmPushTest
{
    private static final int SLOT = 4096;

    @TempDir
    Path dir;

    private static byte[] pattern(final int length, final long seed)
    {
        final byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Rank 0 sends rank 1 the RNDV of {@code r}; rank 1 polls until it has it. */
    private static void sendRndv(final ShmJob job, final MemoryRegion r)
    {
        final UnsafeBuffer h = new UnsafeBuffer(new byte[TmHeader.LENGTH + RvHeader.LENGTH]);
        TmHeader.write(h, 0, TmHeader.RNDV, 0, 1, 9L);
        RvHeader.write(h, TmHeader.LENGTH, r.va(), r.rkey(), r.length());
        assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, h, 0, h.capacity(), null, 0, 0, 1));
        ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.RECV);
    }

    /** Polls only the reader up to {@code polls} times; the READ completions seen. */
    private static List<ShmJob.Seen> pollReaderOnly(final ShmJob job, final int polls)
    {
        final List<ShmJob.Seen> seen = new ArrayList<>();
        for (int i = 0; i < polls; i++)
        {
            job.ranks[1].poll(c -> seen.add(new ShmJob.Seen(c)), 64);
        }
        seen.removeIf(s -> s.opcode != CompletionOpcode.READ);
        return seen;
    }

    @Test
    @Timeout(60)
    void shouldCompleteAOneSlotReadFromThePushWithoutTheOwner() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "" + SLOT, "push", "on", "heapBytes", "0")))
        {
            final byte[] data = pattern(3000, 1);
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(data), 0, 3000);
            sendRndv(job, r);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[3004]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 3000, dst, 2, 5));
            final List<ShmJob.Seen> seen = pollReaderOnly(job, 10);
            assertEquals(1, seen.size(), seen.toString());
            assertEquals(CompletionStatus.SUCCESS, seen.get(0).status);
            assertEquals(5L, seen.get(0).wrId);
            final byte[] expected = new byte[3004];
            System.arraycopy(data, 0, expected, 2, 3000);
            assertArrayEquals(expected, dst.byteArray(), "bytes before and after the range stay 0");
        }
    }

    @Test
    @Timeout(60)
    void shouldAskOnlyForTheRestOfALongerMessageAndTruncatedReadsTakeWhatTheyNeed() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "" + SLOT, "push", "on", "heapBytes", "0")))
        {
            final byte[] data = pattern(10_000, 2);
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(data), 0, 10_000);
            sendRndv(job, r);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[10_000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 10_000, dst, 0, 6));
            assertEquals(List.of(), pollReaderOnly(job, 50), "the rest comes from the owner");
            final ShmJob.Seen done = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.READ, () -> job.pollOthers(1)).get(0);
            assertEquals(CompletionStatus.SUCCESS, done.status);
            assertArrayEquals(data, dst.byteArray());

            final MemoryRegion r2 = job.ranks[0].register(new UnsafeBuffer(data), 0, 10_000);
            sendRndv(job, r2);
            final UnsafeBuffer small = new UnsafeBuffer(new byte[100]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r2.va(), r2.rkey(), 99, small, 0, 7));
            assertEquals(CompletionStatus.SUCCESS, pollReaderOnly(job, 10).get(0).status);
            final byte[] expected = new byte[100];
            System.arraycopy(data, 0, expected, 0, 99);
            assertArrayEquals(expected, small.byteArray());
        }
    }

    @Test
    @Timeout(60)
    void shouldTakeReadsInAnyOrderAndTakeBackPushesNobodyTook() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "" + SLOT, "pushSlots", "2", "push", "on", "heapBytes", "0")))
        {
            final byte[] a = pattern(2000, 3);
            final byte[] b = pattern(2000, 4);
            final byte[] c = pattern(2000, 5);
            final MemoryRegion ra = job.ranks[0].register(new UnsafeBuffer(a), 0, 2000);
            final MemoryRegion rb = job.ranks[0].register(new UnsafeBuffer(b), 0, 2000);
            sendRndv(job, ra);
            sendRndv(job, rb);
            final UnsafeBuffer db = new UnsafeBuffer(new byte[2000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, rb.va(), rb.rkey(), 2000, db, 0, 1));
            assertEquals(1, pollReaderOnly(job, 10).size(), "the later message first, from its push");
            assertArrayEquals(b, db.byteArray());
            ra.close(); // as after the FIN of a receive that took none of it
            final MemoryRegion rc = job.ranks[0].register(new UnsafeBuffer(c), 0, 2000);
            final MemoryRegion rd = job.ranks[0].register(new UnsafeBuffer(a), 0, 2000);
            sendRndv(job, rc);
            sendRndv(job, rd);
            final UnsafeBuffer dc = new UnsafeBuffer(new byte[2000]);
            final UnsafeBuffer dd = new UnsafeBuffer(new byte[2000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, rd.va(), rd.rkey(), 2000, dd, 0, 2));
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, rc.va(), rc.rkey(), 2000, dc, 0, 3));
            assertEquals(2, pollReaderOnly(job, 10).size(), "both slots were free again: the closed region's push came back");
            assertArrayEquals(c, dc.byteArray());
            assertArrayEquals(a, dd.byteArray());
        }
    }

    /** No push slots, or slots but no pushing ({@code push=off}): the reader asks, and only the owner's polls answer. */
    @ParameterizedTest
    @CsvSource({"0, on", "2, off"})
    @Timeout(60)
    void shouldStreamEverythingWithoutPushSlotsOrWithPushOff(final String pushSlots, final String push) throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "" + SLOT, "pushSlots", pushSlots, "push", push,
            "heapBytes", "0")))
        {
            final byte[] data = pattern(1000, 6);
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(data), 0, 1000);
            sendRndv(job, r);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[1000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 1000, dst, 0, 1));
            assertEquals(List.of(), pollReaderOnly(job, 50));
            ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.READ, () -> job.pollOthers(1));
            assertArrayEquals(data, dst.byteArray());
        }
    }

    /** A rank pushes by default; with {@code auto} only where the host's ranks outnumber its CPUs; never without push slots. */
    @Test
    void shouldPushByDefaultAndWithAutoOnlyWhenTheRanksOutnumberTheCpus()
    {
        assertTrue(new ShmSettings(ShmJob.settings(dir), 1L << 30).pushes(2, 64));
        final ShmSettings auto = new ShmSettings(ShmJob.settings(dir, "push", "auto"), 1L << 30);
        assertFalse(auto.pushes(2, 2));
        assertFalse(auto.pushes(4, 8));
        assertTrue(auto.pushes(3, 2));
        assertTrue(auto.pushes(2, 1));
        final ShmSettings on = new ShmSettings(ShmJob.settings(dir, "push", "on"), 1L << 30);
        assertTrue(on.pushes(2, 64));
        final ShmSettings off = new ShmSettings(ShmJob.settings(dir, "push", "off"), 1L << 30);
        assertFalse(off.pushes(64, 2));
        final ShmSettings none = new ShmSettings(ShmJob.settings(dir, "push", "on", "pushSlots", "0"), 1L << 30);
        assertFalse(none.pushes(64, 2));
    }

    @Test
    @Timeout(60)
    void shouldNeverCopyACorruptPush() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "slotBytes", "" + SLOT, "push", "on", "heapBytes", "0")))
        {
            final byte[] data = pattern(3000, 7);
            final MemoryRegion r = job.ranks[0].register(new UnsafeBuffer(data), 0, 3000);
            sendRndv(job, r);
            final Staging st = job.ranks[1].peer(0).fromPeer;
            final int slot = st.pushSlot(0);
            assertEquals(Staging.FULL, st.pushState(slot));
            assertTrue(st.pushOf(slot, r.va(), r.rkey()));
            st.buffer.putInt(slot + Staging.PUSH_LENGTH_OFFSET, SLOT + 1);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[3000]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, r.va(), r.rkey(), 3000, dst, 0, 1));
            assertEquals(Staging.FULL, st.pushState(slot), "left alone");
            final ShmJob.Seen done = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.READ, () -> job.pollOthers(1)).get(0);
            assertEquals(CompletionStatus.SUCCESS, done.status);
            assertArrayEquals(data, dst.byteArray(), "streamed instead");
        }
    }
}
