package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

/**
 * Splits the byte stream into frames ({@link Frames}) and emits each as a retained slice that
 * starts at its length field. A length of 0 or above {@code maxFrame}, an unknown type or a body
 * length invalid for its type closes the connection with a logged error. Nothing is allocated
 * from a length field before it is checked; a frame is emitted only once it is complete, so
 * memory per connection stays below {@code maxFrame} plus one socket read.
 */
final class FrameDecoder extends ByteToMessageDecoder
{
    private static final System.Logger LOG = System.getLogger(FrameDecoder.class.getName());

    private final int maxFrame;
    private boolean failed;

    FrameDecoder(final int maxFrame)
    {
        this.maxFrame = maxFrame;
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
        if (length < 1 || length > maxFrame)
        {
            reject(ctx, in, "frame length " + length + " (expected: 1.." + maxFrame + ")");
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
        LOG.log(Level.WARNING, "rankwire-tcp: closing connection from {0}: malformed {1}",
            ctx.channel().remoteAddress(), what);
        ctx.close();
    }
}
