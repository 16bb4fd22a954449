package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.TransportContext;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The session's frame reader driven with bytes of our own, fed through a wire in pieces of a chosen size. */
class FrameReaderTest
{
    private static final int MAX_FRAME = 1000;
    private static final int PEER = 3;

    private final PendingReads reads = new PendingReads(new InboundQueue(16, new TransportContext(
        0, 2, "reader", new byte[16], new InMemoryBootstrap(2).forRank(0), Map.of(), () -> { })));
    private final FrameReader reader = new FrameReader(PEER, MAX_FRAME, reads);
    private final List<String> events = new ArrayList<>();
    private final FrameReader.Sink sink = new FrameReader.Sink()
    {
        @Override
        public void onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            events.add("message " + length + " " + buffer.getByte(offset));
        }

        @Override
        public void onReadRequest(final DirectBuffer buffer, final int body)
        {
            events.add("request " + buffer.getLong(body, java.nio.ByteOrder.BIG_ENDIAN));
        }

        @Override
        public void onGoodbye()
        {
            events.add("goodbye");
        }

        @Override
        public void onViolation(final String why)
        {
            events.add("violation " + why);
        }
    };

    /** A wire that gives {@code bytes} at most {@code piece} at a time, then reports no more (or the end). */
    private static final class PieceWire implements WireChannel
    {
        private final byte[] bytes;
        private final int piece;
        private final boolean endAfter;
        private int at;

        PieceWire(final byte[] bytes, final int piece, final boolean endAfter)
        {
            this.bytes = bytes;
            this.piece = piece;
            this.endAfter = endAfter;
        }

        @Override
        public int read(final ByteBuffer dst)
        {
            if (at == bytes.length)
            {
                return endAfter ? -1 : 0;
            }
            final int n = Math.min(Math.min(piece, dst.remaining()), bytes.length - at);
            dst.put(bytes, at, n);
            at += n;
            return n;
        }

        @Override
        public int write(final ByteBuffer src)
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public long write(final ByteBuffer[] srcs, final int offset, final int length)
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public long write(final ByteBuffer[] srcs)
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isOpen()
        {
            return true;
        }

        @Override
        public void close()
        {
        }
    }

    /** Fills and decodes until the wire has nothing more: the MESSAGE frames delivered, or -1 at the end of the stream. */
    private int drain(final WireChannel wire) throws IOException
    {
        return drain(reader, wire);
    }

    private int drain(final FrameReader reader, final WireChannel wire) throws IOException
    {
        int count = reader.decode(sink, Integer.MAX_VALUE);
        while (true)
        {
            final int n = reader.wantsTarget() ? reader.readIntoTarget(wire) : reader.fill(wire);
            if (n < 0)
            {
                return -1;
            }
            count += reader.decode(sink, Integer.MAX_VALUE);
            if (n == 0)
            {
                return count;
            }
        }
    }

    private static byte[] message(final int marker, final int bodyLength)
    {
        final byte[] body = new byte[bodyLength];
        body[0] = (byte)marker;
        return FrameDecoderTest.frame(Frames.MESSAGE, body);
    }

    private static byte[] readData(final long id, final int offset, final byte[] data)
    {
        final ByteBuffer body = ByteBuffer.allocate(Frames.READ_DATA_FIXED + data.length);
        body.putLong(id).putInt(offset).put(data);
        return FrameDecoderTest.frame(Frames.READ_DATA, body.array());
    }

    @Test
    void shouldDeliverFramesInOrderWhateverPiecesTheyArriveIn() throws IOException
    {
        final byte[] request = FrameDecoderTest.frame(Frames.READ_REQUEST, ByteBuffer.allocate(Frames.READ_REQUEST_BODY).putLong(9).array());
        final byte[] all = FrameDecoderTest.concat(FrameDecoderTest.concat(message(1, 16), request), message(2, 600));
        for (final int piece : new int[] {1, 7, 100, all.length})
        {
            events.clear();
            final FrameReader fresh = new FrameReader(PEER, MAX_FRAME, reads);
            final PieceWire wire = new PieceWire(all, piece, false);
            int count = fresh.decode(sink, 100);
            for (int n = fresh.fill(wire); n > 0; n = fresh.fill(wire))
            {
                count += fresh.decode(sink, 100);
            }
            assertEquals(2, count, "piece " + piece);
            assertEquals(List.of("message 16 1", "request 9", "message 600 2"), events, "piece " + piece);
        }
    }

    @Test
    void shouldStopAtTheMaximumAndKeepTheRestAsBacklog() throws IOException
    {
        final byte[] all = FrameDecoderTest.concat(message(1, 16), message(2, 16));
        reader.fill(new PieceWire(all, all.length, false));
        assertEquals(1, reader.decode(sink, 1));
        assertTrue(reader.hasBacklog());
        assertEquals(1, reader.decode(sink, 1));
        assertFalse(reader.hasBacklog());
        assertEquals(List.of("message 16 1", "message 16 2"), events);
    }

    @Test
    void shouldRefuseAFrameAboveTheLimitByOneAndDecodeNothingAfterIt() throws IOException
    {
        final byte[] all = FrameDecoderTest.concat(message(1, MAX_FRAME), message(2, 16));
        assertEquals(0, drain(new PieceWire(all, 64, false)));
        assertEquals(List.of("violation malformed frame length " + (MAX_FRAME + 1) + " (expected: 1.." + MAX_FRAME + ")"), events);
    }

    @Test
    void shouldRefuseZeroLengthUnknownTypesAndBodiesWrongForTheirType() throws IOException
    {
        final byte[][] bad = {
            {0, 0, 0, 0, Frames.MESSAGE},
            FrameDecoderTest.frame(42, new byte[8]),
            FrameDecoderTest.frame(Frames.MESSAGE, new byte[Frames.TMH - 1]),
            FrameDecoderTest.frame(Frames.GOODBYE, new byte[1]),
            FrameDecoderTest.frame(Frames.HELLO, new byte[Frames.HELLO_FIXED + 1]),
        };
        for (final byte[] frame : bad)
        {
            events.clear();
            final FrameReader fresh = new FrameReader(PEER, MAX_FRAME, reads);
            fresh.fill(new PieceWire(FrameDecoderTest.concat(frame, message(1, 16)), 1000, false));
            assertEquals(0, fresh.decode(sink, 10));
            assertEquals(1, events.size(), events.toString());
            assertTrue(events.get(0).startsWith("violation "), events.toString());
        }
    }

    @Test
    void shouldStreamReadDataIntoItsDestinationBetweenMessagesAndCompleteTheRead() throws IOException
    {
        for (final int length : new int[] {600, FrameReader.DIRECT_READ_MIN + 5})
        {
            events.clear();
            final FrameReader reader = new FrameReader(PEER, 1 << 20, reads);
            final byte[] payload = new byte[length];
            for (int i = 0; i < payload.length; i++)
            {
                payload[i] = (byte)(i * 7 + 1);
            }
            final byte[] dstBytes = new byte[length + 8];
            final PendingReads.Read read = reads.add(PEER, new UnsafeBuffer(dstBytes), 4, length, 77);
            reader.expectRead(length);
            final byte[] half1 = java.util.Arrays.copyOfRange(payload, 0, length / 2);
            final byte[] half2 = java.util.Arrays.copyOfRange(payload, length / 2, length);
            final byte[] all = FrameDecoderTest.concat(
                FrameDecoderTest.concat(message(1, 16), readData(read.id, 0, half1)),
                FrameDecoderTest.concat(message(2, 17), FrameDecoderTest.concat(readData(read.id, length / 2, half2), message(3, 18))));
            assertEquals(3, drain(reader, new PieceWire(all, 333, false)), events.toString());
            assertEquals(List.of("message 16 1", "message 17 2", "message 18 3"), events);
            assertArrayEquals(payload, java.util.Arrays.copyOfRange(dstBytes, 4, 4 + length), "length " + length);
            assertEquals(0, dstBytes[0] | dstBytes[1] | dstBytes[2] | dstBytes[3] | dstBytes[length + 4] | dstBytes[length + 7]);
            assertEquals(null, reads.get(read.id), "the read completed");
        }
    }

    @Test
    void shouldRefuseReadDataOutsideItsReadOrForAnUnknownOne() throws IOException
    {
        final PendingReads.Read read = reads.add(PEER, new UnsafeBuffer(new byte[100]), 0, 100, 1);
        reader.fill(new PieceWire(readData(read.id, 10, new byte[5]), 1000, false));
        assertEquals(0, reader.decode(sink, 10));
        assertTrue(events.get(0).startsWith("violation READ_DATA at offset 10"), events.toString());

        events.clear();
        final FrameReader fresh = new FrameReader(PEER, MAX_FRAME, reads);
        fresh.fill(new PieceWire(readData(read.id + 1000, 0, new byte[5]), 1000, false));
        fresh.decode(sink, 10);
        assertEquals(List.of("violation READ_DATA for unknown request " + (read.id + 1000)), events);
    }

    @Test
    void shouldNotStreamIntoAReadReusedAfterItsReadFailedMidChunk() throws IOException
    {
        final byte[] first = new byte[100];
        final PendingReads.Read read = reads.add(PEER, new UnsafeBuffer(first), 0, 100, 1);
        final long failedId = read.id;
        reader.expectRead(100);
        final byte[] payload = new byte[100];
        java.util.Arrays.fill(payload, (byte)9);
        final byte[] frame = readData(failedId, 0, payload);
        final int split = frame.length - 60;
        reader.fill(new PieceWire(java.util.Arrays.copyOfRange(frame, 0, split), 1000, false));
        assertEquals(0, reader.decode(sink, 10));
        assertEquals(9, first[39], "the first 40 bytes went to the read");

        reads.failPeer(PEER); // as an event loop does when the connection is lost
        final byte[] second = new byte[100];
        final PendingReads.Read reused = reads.add(PEER, new UnsafeBuffer(second), 0, 100, 2);
        assertSame(read, reused, "the pool hands the failed read out again");
        assertNotEquals(failedId, reused.id);

        reader.fill(new PieceWire(java.util.Arrays.copyOfRange(frame, split, frame.length), 1000, false));
        reader.decode(sink, 10);
        assertEquals(List.of("violation READ_DATA for request " + failedId + ", which failed meanwhile"), events);
        assertArrayEquals(new byte[100], second, "nothing of the old stream in the new read's destination");
        assertSame(reused, reads.get(reused.id), "the new read is still pending");
    }

    @Test
    void shouldDecodeNothingAfterGoodbyeAndReportTheEndOfTheStream() throws IOException
    {
        final byte[] all = FrameDecoderTest.concat(
            FrameDecoderTest.concat(message(1, 16), FrameDecoderTest.frame(Frames.GOODBYE, new byte[0])), message(2, 16));
        assertEquals(-1, drain(new PieceWire(all, 5, true)));
        assertEquals(List.of("message 16 1", "goodbye"), events);
    }
}
