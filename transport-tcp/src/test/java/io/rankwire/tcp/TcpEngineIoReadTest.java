package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Large reads in engine-thread I/O mode: chunks written from each kind of registered memory
 * (direct {@code ByteBuffer}, heap array, raw address) and read from the socket straight into
 * each kind of destination land exactly in {@code dst[off, off + len)}, never beside it, for
 * odd sizes, offsets and chunk sizes, back to back and with messages passing between chunks.
 */
class TcpEngineIoReadTest
{
    private static final byte GUARD = (byte)0xA5;
    private static final int GUARDS = 7;
    /** Odd on purpose: chunk boundaries fall mid-word, some chunks go through the read buffer (the last one is short). */
    private static final String CHUNK = "65537";

    @Test
    @Timeout(60)
    void shouldLandOddReadsFromEveryKindOfRegionExactlyInTheirDestinations() throws Exception
    {
        final int regionLength = 1_300_001;
        final int at = 4_099;
        final int length = 1_000_003;
        final Random random = new Random(23);
        final byte[] content = new byte[regionLength];
        random.nextBytes(content);
        try (TcpJob job = new TcpJob(2, TcpJob.settings("readChunk", CHUNK)).allDriven())
        {
            final ByteBuffer raw = ByteBuffer.allocateDirect(regionLength + 64);
            final UnsafeBuffer[] sources = {
                new UnsafeBuffer(ByteBuffer.allocateDirect(regionLength + 13), 13, regionLength),
                new UnsafeBuffer(new byte[regionLength + 5], 5, regionLength),
                new UnsafeBuffer(BufferUtil.address(raw) + 3, regionLength),
            };
            final List<MemoryRegion> regions = new ArrayList<>();
            for (final UnsafeBuffer source : sources)
            {
                source.putBytes(0, content);
                regions.add(job.ranks[1].register(source, 0, regionLength));
            }
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread owner = poller(job.ranks[1], running, 0);
            try
            {
                int wrId = 0;
                for (final MemoryRegion region : regions)
                {
                    for (final boolean directDestination : new boolean[] {true, false})
                    {
                        final Guarded dst = new Guarded(length, 11, directDestination);
                        assertEquals(ReturnCode.OK, job.ranks[0].postRead(
                            1, region.va() + at, region.rkey(), length, dst.buffer, dst.offset, ++wrId));
                        final TcpJob.Seen done = TcpJob.await(job.ranks[0], 1).get(0);
                        assertEquals(CompletionStatus.SUCCESS, done.status, "read " + wrId);
                        assertEquals(wrId, done.wrId);
                        dst.assertHolds(content, at, "read " + wrId);
                    }
                }
            }
            finally
            {
                running.set(false);
                owner.join();
                Reference.reachabilityFence(raw);
            }
        }
    }

    @Test
    @Timeout(60)
    void shouldLandBackToBackReadsWhileMessagesPassBetweenChunks() throws Exception
    {
        final int regionLength = 3 << 20;
        final int[] lengths = {2_500_001, 5_003, 16_384, 1_048_577, 16_383};
        final int messages = 200;
        final byte[] content = new byte[regionLength];
        new Random(31).nextBytes(content);
        try (TcpJob job = new TcpJob(2, TcpJob.settings("readChunk", CHUNK)).allDriven())
        {
            final UnsafeBuffer source = new UnsafeBuffer(ByteBuffer.allocateDirect(regionLength));
            source.putBytes(0, content);
            final MemoryRegion region = job.ranks[1].register(source, 0, regionLength);
            final Guarded[] dsts = new Guarded[lengths.length];
            for (int i = 0; i < lengths.length; i++)
            {
                dsts[i] = new Guarded(lengths[i], 1 + i, i % 2 == 0);
                assertEquals(ReturnCode.OK, job.ranks[0].postRead(
                    1, region.va() + 17 * i, region.rkey(), lengths[i], dsts[i].buffer, dsts[i].offset, i));
            }
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread owner = poller(job.ranks[1], running, messages);
            final List<TcpJob.Seen> got;
            try
            {
                got = TcpJob.await(job.ranks[0], lengths.length + messages);
            }
            finally
            {
                running.set(false);
                owner.join();
            }
            int tag = 0;
            int reads = 0;
            for (final TcpJob.Seen seen : got)
            {
                if (seen.opcode == CompletionOpcode.RECV)
                {
                    assertEquals(tag++, seen.tag(), "messages in order");
                }
                else
                {
                    assertEquals(CompletionOpcode.READ, seen.opcode);
                    assertEquals(CompletionStatus.SUCCESS, seen.status);
                    assertEquals(reads++, seen.wrId, "reads complete in order");
                }
            }
            assertEquals(messages, tag);
            for (int i = 0; i < lengths.length; i++)
            {
                dsts[i].assertHolds(content, 17 * i, "read " + i);
            }
        }
    }

    /**
     * Polls {@code rank} until {@code running} is cleared, sending {@code messages} small messages
     * to rank 0 from the polling thread (the only thread that may post in this mode) as it goes.
     */
    private static Thread poller(final TcpTransport rank, final AtomicBoolean running, final int messages)
    {
        final AtomicInteger sent = new AtomicInteger();
        final Thread t = new Thread(() ->
        {
            while (running.get())
            {
                final int next = sent.get();
                if (next < messages)
                {
                    final UnsafeBuffer m = TcpJob.message(next, new byte[3]);
                    if (rank.postSend(0, m, 0, 16, m, 16, 3, 0) == ReturnCode.OK)
                    {
                        sent.incrementAndGet();
                    }
                }
                if (rank.poll(c -> { }, 64) == 0 && next >= messages)
                {
                    Thread.yield();
                }
            }
        });
        t.start();
        return t;
    }

    /** A destination with guard bytes on both sides of {@code [offset, offset + length)}. */
    private static final class Guarded
    {
        final MutableDirectBuffer buffer;
        final int offset;
        final int length;

        Guarded(final int length, final int shift, final boolean direct)
        {
            this.length = length;
            this.offset = GUARDS + shift;
            final int capacity = offset + length + GUARDS;
            buffer = direct ?
                new UnsafeBuffer(ByteBuffer.allocateDirect(capacity + shift), shift, capacity) :
                new UnsafeBuffer(new byte[capacity + shift], shift, capacity);
            buffer.setMemory(0, capacity, GUARD);
        }

        void assertHolds(final byte[] content, final int from, final String what)
        {
            final byte[] got = new byte[length];
            buffer.getBytes(offset, got);
            assertArrayEquals(Arrays.copyOfRange(content, from, from + length), got, what);
            for (int i = 0; i < offset; i++)
            {
                assertEquals(GUARD, buffer.getByte(i), what + ": byte " + i + " before the destination");
            }
            for (int i = offset + length; i < buffer.capacity(); i++)
            {
                assertEquals(GUARD, buffer.getByte(i), what + ": byte " + i + " after the destination");
            }
        }
    }
}
