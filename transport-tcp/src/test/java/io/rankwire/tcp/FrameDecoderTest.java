package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FrameDecoderTest
{
    private final FrameDecoder decoder = new FrameDecoder(new Refusals());
    private final EmbeddedChannel channel = new EmbeddedChannel(decoder);

    @AfterEach
    void finish()
    {
        channel.finishAndReleaseAll();
    }

    /** length u32 | type u8 | body, built by hand. */
    static byte[] frame(final int type, final byte[] body)
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

    static byte[] concat(final byte[] a, final byte[] b)
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
    void shouldDecodeHandshakeFramesFromOneWrite()
    {
        final byte[] first = frame(Frames.AUTH, new byte[Frames.PROOF]);
        final byte[] second = frame(Frames.VERDICT, new byte[] {Frames.VERDICT_ACCEPT});
        channel.writeInbound(Unpooled.wrappedBuffer(concat(first, second)));

        assertArrayEquals(first, bytesOf(channel.readInbound()));
        assertArrayEquals(second, bytesOf(channel.readInbound()));
        assertNull(channel.readInbound());
        assertTrue(channel.isOpen());
    }

    @Test
    void shouldReassembleAFrameArrivingByteByByte()
    {
        final byte[] body = new byte[Frames.CHALLENGE_BODY];
        for (int i = 0; i < body.length; i++)
        {
            body[i] = (byte)i;
        }
        final byte[] message = frame(Frames.CHALLENGE, body);
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
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte)0x7F, (byte)0xFF, (byte)0xFF, (byte)0xFF, Frames.HELLO}));
        assertRejected();
    }

    @Test
    void shouldApplyTheHandshakeLimitToEveryFrame()
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
    void shouldIgnoreBytesAfterARejectedFrame()
    {
        final byte[] bad = frame(Frames.GOODBYE, new byte[1]);
        channel.writeInbound(Unpooled.wrappedBuffer(concat(bad, frame(Frames.VERDICT, new byte[1]))));
        assertRejected();
    }

    @Test
    void shouldCloseOnHandshakeFrameWithWrongSize()
    {
        channel.writeInbound(Unpooled.wrappedBuffer(frame(Frames.AUTH, new byte[31])));
        assertRejected();
    }

    @Test
    void shouldEmitNothingForATruncatedFrame()
    {
        final byte[] message = frame(Frames.CHALLENGE, new byte[Frames.CHALLENGE_BODY]);
        final byte[] truncated = new byte[30];
        System.arraycopy(message, 0, truncated, 0, truncated.length);
        channel.writeInbound(Unpooled.wrappedBuffer(truncated));
        assertFalse(channel.finish());
        assertNull(channel.readInbound());
    }

    @Test
    void shouldEncodeFramesWithTheDocumentedLayout()
    {
        final ByteBuf request = Frames.readRequest(Unpooled.buffer(), 0x0102030405060708L,
            0x1112131415161718L, 0x21222324, 0x31323334);
        final byte[] expected = frame(Frames.READ_REQUEST, new byte[] {
            1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x21, 0x22, 0x23, 0x24,
            0x31, 0x32, 0x33, 0x34});
        assertArrayEquals(expected, bytesOf(request));

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

    private void assertRejected()
    {
        assertNull(channel.readInbound());
        assertFalse(channel.isOpen());
    }
}
