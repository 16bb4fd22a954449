package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FrameDecoderTest
{
    private static final int MAX_FRAME = 1000;

    private final FrameDecoder decoder = new FrameDecoder(MAX_FRAME, new Refusals());
    private final EmbeddedChannel channel = new EmbeddedChannel(decoder);

    @AfterEach
    void finish()
    {
        channel.finishAndReleaseAll();
    }

    /** length u32 | type u8 | body, built by hand. */
    private static byte[] frame(final int type, final byte[] body)
    {
        final byte[] bytes = new byte[5 + body.length];
        final int length = 1 + body.length;
        bytes[0] = (byte)(length >>> 24);
        bytes[1] = (byte)(length >>> 16);
        bytes[2] = (byte)(length >>> 8);
        bytes[3] = (byte)length;
        bytes[4] = (byte)type;
        System.arraycopy(body, 0, bytes, 5, body.length);
        return bytes;
    }

    /** A MESSAGE body (a TMH and 4 bytes) whose first byte is {@code marker}. */
    private static byte[] marked(final int marker)
    {
        final byte[] body = new byte[20];
        body[0] = (byte)marker;
        return body;
    }

    private static byte[] concat(final byte[] a, final byte[] b)
    {
        final byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static byte[] bytesOf(final ByteBuf buf)
    {
        try
        {
            return ByteBufUtil.getBytes(buf);
        }
        finally
        {
            buf.release();
        }
    }

    @Test
    void shouldDecodeWholeFramesFromOneWrite()
    {
        decoder.open(null);
        final byte[] first = frame(Frames.MESSAGE, new byte[20]);
        final byte[] second = frame(Frames.READ_ERROR, new byte[] {0, 0, 0, 0, 0, 0, 0, 7, 3});
        channel.writeInbound(Unpooled.wrappedBuffer(concat(first, second)));

        assertArrayEquals(first, bytesOf(channel.readInbound()));
        assertArrayEquals(second, bytesOf(channel.readInbound()));
        assertNull(channel.readInbound());
        assertTrue(channel.isOpen());
    }

    @Test
    void shouldGiveMessageFramesToTheMessageSinkAndEmitTheOnesItDeclines()
    {
        final List<String> events = new ArrayList<>();
        final int[] calls = {0};
        decoder.open(null, (in, index, length) ->
        {
            final byte[] bytes = new byte[length];
            in.getBytes(index, bytes);
            calls[0]++;
            if (calls[0] == 2)
            {
                return false; // declined: must come out of the pipeline as a frame instead
            }
            events.add("sink:" + bytes[5]);
            return true;
        });
        final byte[] first = frame(Frames.MESSAGE, marked(1));
        final byte[] second = frame(Frames.MESSAGE, marked(2));
        final byte[] error = frame(Frames.READ_ERROR, new byte[] {0, 0, 0, 0, 0, 0, 0, 7, 3});
        final byte[] third = frame(Frames.MESSAGE, marked(3));
        final byte[] all = concat(concat(first, second), concat(error, third));
        for (final byte b : all)
        {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }

        assertEquals(List.of("sink:1", "sink:3"), events);
        assertEquals(3, calls[0], "each complete MESSAGE frame offered once");
        assertArrayEquals(second, bytesOf(channel.readInbound()));
        assertArrayEquals(error, bytesOf(channel.readInbound()));
        assertNull(channel.readInbound());
        assertTrue(channel.isOpen());
    }

    @Test
    void shouldReassembleAFrameArrivingByteByByte()
    {
        decoder.open(null);
        final byte[] body = new byte[100];
        for (int i = 0; i < body.length; i++)
        {
            body[i] = (byte)i;
        }
        final byte[] message = frame(Frames.MESSAGE, body);
        for (int i = 0; i < message.length - 1; i++)
        {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {message[i]}));
            assertNull(channel.readInbound());
        }
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {message[message.length - 1]}));
        assertArrayEquals(message, bytesOf(channel.readInbound()));
    }

    @Test
    void shouldCloseOnZeroLength()
    {
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 0, 1, 2, 3}));
        assertRejected();
    }

    @Test
    void shouldCloseOnOversizedLengthBeforeReadingTheBody()
    {
        decoder.open(null);
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte)0x7F, (byte)0xFF, (byte)0xFF, (byte)0xFF}));
        assertRejected();
    }

    @Test
    void shouldCloseOnFrameAboveTheLimitByOne()
    {
        decoder.open(null);
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.MESSAGE, new byte[MAX_FRAME])));
        assertRejected();
    }

    @Test
    void shouldApplyTheHandshakeLimitUntilOpened()
    {
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.MESSAGE, new byte[FrameDecoder.HANDSHAKE_MAX_FRAME])));
        assertRejected();
    }

    @Test
    void shouldCloseOnUnknownType()
    {
        channel.writeInbound(Unpooled.wrappedBuffer(frame(42, new byte[8])));
        assertRejected();
    }

    @Test
    void shouldCloseOnBodyTooShortForItsType()
    {
        decoder.open(null);
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.MESSAGE, new byte[15])));
        assertRejected();
    }

    @Test
    void shouldCloseOnHandshakeFrameWithWrongSize()
    {
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.AUTH, new byte[31])));
        assertRejected();
    }

    @Test
    void shouldIgnoreBytesAfterARejectedFrame()
    {
        decoder.open(null);
        final byte[] bad = frame(Frames.GOODBYE, new byte[1]);
        channel.writeInbound(Unpooled.wrappedBuffer(concat(bad, frame(Frames.MESSAGE, new byte[16]))));
        assertRejected();
    }

    @Test
    void shouldEmitNothingForATruncatedFrame()
    {
        decoder.open(null);
        final byte[] message = frame(Frames.MESSAGE, new byte[50]);
        final byte[] truncated = new byte[30];
        System.arraycopy(message, 0, truncated, 0, truncated.length);
        channel.writeInbound(Unpooled.wrappedBuffer(truncated));
        assertFalse(channel.finish());
        assertNull(channel.readInbound());
    }

    @Test
    void shouldEncodeFramesWithTheDocumentedLayout()
    {
        final ByteBuf request = Frames.readRequest(Unpooled.buffer().alloc(), 0x0102030405060708L,
            0x1112131415161718L, 0x21222324, 0x31323334);
        final byte[] expected = frame(Frames.READ_REQUEST, new byte[] {
            1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x21, 0x22, 0x23, 0x24,
            0x31, 0x32, 0x33, 0x34});
        assertArrayEquals(expected, bytesOf(request));

        final ByteBuf header = Frames.readDataHeader(Unpooled.buffer().alloc(), 9, 0x100, 3);
        assertArrayEquals(new byte[] {0, 0, 0, 16, Frames.READ_DATA, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 1, 0},
            bytesOf(header));

        final byte[] nonce = new byte[32];
        nonce[0] = 1;
        final ByteBuf hello = Frames.hello(Unpooled.buffer().alloc(), 3, 4, nonce, "j");
        final byte[] helloBytes = bytesOf(hello);
        assertEquals(5 + Frames.HELLO_FIXED + 1, helloBytes.length);
        assertEquals(Frames.HELLO, helloBytes[4]);
        assertArrayEquals(new byte[] {'R', 'W', 'T', 'C', 0, 1, 0, 0, 0, 3, 0, 0, 0, 4, 1},
            java.util.Arrays.copyOfRange(helloBytes, 5, 20));
        assertArrayEquals(new byte[] {0, 1, 'j'}, java.util.Arrays.copyOfRange(helloBytes, 51, 54));

        channel.writeInbound(Unpooled.wrappedBuffer(helloBytes));
        assertArrayEquals(helloBytes, bytesOf(channel.readInbound()));
    }

    @Test
    void shouldStreamReadDataBodiesToTheSinkInOrderWithOtherFrames()
    {
        final java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
        final List<String> events = new ArrayList<>();
        decoder.open(new FrameDecoder.DataSink()
        {
            @Override
            public String onDataStart(final long requestId, final long offset, final int length)
            {
                events.add("start " + requestId + " " + offset + " " + length);
                return requestId == 7 ? null : "unknown request " + requestId;
            }

            @Override
            public void onData(final ByteBuf in, final int length)
            {
                final byte[] piece = new byte[length];
                in.getBytes(in.readerIndex(), piece);
                data.writeBytes(piece);
            }
        });
        final byte[] payload = new byte[600];
        for (int i = 0; i < payload.length; i++)
        {
            payload[i] = (byte)(i * 7);
        }
        final byte[] body = new byte[12 + payload.length];
        body[7] = 7;
        body[11] = 3;
        System.arraycopy(payload, 0, body, 12, payload.length);
        final byte[] before = frame(Frames.MESSAGE, new byte[16]);
        final byte[] after = frame(Frames.MESSAGE, new byte[17]);
        final byte[] all = concat(concat(before, frame(Frames.READ_DATA, body)), after);
        for (int i = 0; i < all.length; i += 100)
        {
            channel.writeInbound(Unpooled.wrappedBuffer(all, i, Math.min(100, all.length - i)));
        }
        assertArrayEquals(before, bytesOf(channel.readInbound()));
        assertArrayEquals(after, bytesOf(channel.readInbound()));
        assertNull(channel.readInbound());
        assertEquals(java.util.List.of("start 7 3 600"), events);
        assertArrayEquals(payload, data.toByteArray());

        body[7] = 8;
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.READ_DATA, body)));
        assertRejected();
    }

    private void assertRejected()
    {
        assertNull(channel.readInbound());
        assertFalse(channel.isOpen());
    }
}
