package io.rankwire.tcp;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Splits a connection's handshake into frames ({@link Frames}) on its event loop and emits each
 * as a retained slice that starts at its length field. The session after the handshake has its
 * own reader ({@link FrameReader}); both make the same check ({@link Frames#violation}). Frames
 * here may be at most {@link #HANDSHAKE_MAX_FRAME} long, so an unauthenticated client can make
 * the listener hold only a few hundred bytes; a frame that breaks the rules closes the connection
 * with a logged error. {@link HandshakeHandler} removes this decoder once the handshake is done,
 * and takes whatever bytes it still holds for the session.
 */
final class FrameDecoder extends ByteToMessageDecoder
{
    /** The largest frame accepted during the handshake (a HELLO is the largest). */
    static final int HANDSHAKE_MAX_FRAME = 1 + Frames.HELLO_FIXED + Frames.MAX_JOB_ID;

    private final Refusals refusals;
    private boolean failed;

    FrameDecoder(final Refusals refusals)
    {
        this.refusals = refusals;
    }

    /** Stops decoding: everything after the current frame is dropped (the connection is closing). */
    void stop()
    {
        failed = true;
    }

    @Override
    protected void decode(final ChannelHandlerContext ctx, final ByteBuf in, final List<Object> out)
    {
        if (failed)
        {
            in.skipBytes(in.readableBytes());
            return;
        }
        final int readerIndex = in.readerIndex();
        final int readable = in.readableBytes();
        if (readable < Frames.HEADER)
        {
            return;
        }
        final long length = in.getUnsignedInt(readerIndex);
        final String violation = Frames.violation(length, in.getUnsignedByte(readerIndex + Frames.TYPE_OFFSET),
            HANDSHAKE_MAX_FRAME);
        if (violation != null)
        {
            failed = true;
            in.skipBytes(readable);
            refusals.log("rankwire-tcp: closing connection with " + ctx.channel().remoteAddress() + ": " + violation);
            ctx.close();
            return;
        }
        final int frameLength = Frames.LENGTH_FIELD + (int)length;
        if (readable >= frameLength)
        {
            out.add(in.retainedSlice(readerIndex, frameLength));
            in.skipBytes(frameLength);
        }
    }
}
