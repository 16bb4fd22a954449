package io.rankwire.tcp;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Splits the byte stream into frames ({@link Frames}) and emits each as a retained slice that
 * starts at its length field. A length of 0 or above {@code maxFrame}, an unknown type or a body
 * length invalid for its type closes the connection with a logged error. Nothing is allocated
 * from a length field before it is checked; a frame is emitted only once it is complete, so
 * memory per connection stays below {@code maxFrame} plus one socket read. Until the handshake
 * has finished the limit is {@link #HANDSHAKE_MAX_FRAME}, so an unauthenticated client can make
 * the listener hold only a few hundred bytes.
 */
final class FrameDecoder extends ByteToMessageDecoder
{
    /** The largest frame accepted before the handshake has finished (a HELLO is the largest). */
    static final int HANDSHAKE_MAX_FRAME = 1 + Frames.HELLO_FIXED + Frames.MAX_JOB_ID;

    private final int maxFrame;
    private final Refusals refusals;
    private int limit = HANDSHAKE_MAX_FRAME;
    private boolean failed;

    FrameDecoder(final int maxFrame, final Refusals refusals)
    {
        this.maxFrame = maxFrame;
        this.refusals = refusals;
    }

    /** Stops decoding: everything after the current frame is dropped (the connection is closing). */
    void stop()
    {
        failed = true;
    }

    /** Lifts the frame limit from the handshake's to {@code maxFrame}; called once authenticated. */
    void open()
    {
        limit = maxFrame;
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
        if (readable < Frames.LENGTH_FIELD)
        {
            return;
        }
        final long length = in.getUnsignedInt(readerIndex);
        if (length < 1 || length > limit)
        {
            reject(ctx, in, "frame length " + length + " (expected: 1.." + limit + ")");
            return;
        }
        if (readable < Frames.HEADER)
        {
            return;
        }
        final int type = in.getUnsignedByte(readerIndex + Frames.TYPE_OFFSET);
        final int bodyLength = (int)length - 1;
        if (!Frames.bodyLengthValid(type, bodyLength))
        {
            reject(ctx, in, "frame " + Frames.name(type) + " with body length " + bodyLength);
            return;
        }
        final int frameLength = Frames.LENGTH_FIELD + (int)length;
        if (readable < frameLength)
        {
            return;
        }
        out.add(in.retainedSlice(readerIndex, frameLength));
        in.skipBytes(frameLength);
    }

    private void reject(final ChannelHandlerContext ctx, final ByteBuf in, final String what)
    {
        failed = true;
        in.skipBytes(in.readableBytes());
        refusals.log("rankwire-tcp: closing connection with " + ctx.channel().remoteAddress() + ": malformed " + what);
        ctx.close();
    }
}
