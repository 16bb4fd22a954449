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
    private DataSink sink;
    private MessageSink messages;
    private int streamRemaining;
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

    /**
     * Lifts the frame limit from the handshake's to {@code maxFrame} and, when {@code sink} is not
     * null, streams READ_DATA bodies to it; called once authenticated.
     */
    void open(final DataSink sink)
    {
        open(sink, null);
    }

    /** Like {@link #open(DataSink)}, and offers complete MESSAGE frames to {@code messages} first. */
    void open(final DataSink sink, final MessageSink messages)
    {
        limit = maxFrame;
        this.sink = sink;
        this.messages = messages;
    }

    /**
     * Takes complete MESSAGE frames straight from the read buffer, so a frame the sink copies
     * needs no slice (one pooled object per frame, and leak tracking of it when Netty samples the
     * read buffer). A frame the sink declines is emitted as a retained slice as usual.
     */
    interface MessageSink
    {
        /** Whether the frame at {@code in[index, index + length)} was taken (copied). */
        boolean onMessage(ByteBuf in, int index, int length);
    }

    /**
     * Takes READ_DATA bodies piece by piece as they arrive, so a chunk goes from the socket's read
     * buffer straight to its destination without being gathered into one frame first.
     */
    interface DataSink
    {
        /** A READ_DATA frame starts; returns null to accept it, otherwise why it is a violation. */
        String onDataStart(long requestId, long offset, int length);

        /** The next {@code length} bytes of the current READ_DATA body, at {@code in}'s reader index. */
        void onData(ByteBuf in, int length);
    }

    @Override
    protected void decode(final ChannelHandlerContext ctx, final ByteBuf in, final List<Object> out)
    {
        if (failed)
        {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (streamRemaining > 0)
        {
            final int n = Math.min(in.readableBytes(), streamRemaining);
            sink.onData(in, n);
            in.skipBytes(n);
            streamRemaining -= n;
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
        if (type == Frames.READ_DATA && sink != null)
        {
            startStream(ctx, in, bodyLength);
            return;
        }
        final int frameLength = Frames.LENGTH_FIELD + (int)length;
        if (readable < frameLength)
        {
            return;
        }
        if (type != Frames.MESSAGE || messages == null || !messages.onMessage(in, readerIndex, frameLength))
        {
            out.add(in.retainedSlice(readerIndex, frameLength));
        }
        in.skipBytes(frameLength);
    }

    private void startStream(final ChannelHandlerContext ctx, final ByteBuf in, final int bodyLength)
    {
        final int fixed = Frames.HEADER + Frames.READ_DATA_FIXED;
        if (in.readableBytes() < fixed)
        {
            return;
        }
        final int readerIndex = in.readerIndex();
        final long requestId = in.getLong(readerIndex + Frames.BODY_OFFSET);
        final long offset = in.getUnsignedInt(readerIndex + Frames.BODY_OFFSET + 8);
        final int dataLength = bodyLength - Frames.READ_DATA_FIXED;
        final String violation = sink.onDataStart(requestId, offset, dataLength);
        if (violation != null)
        {
            reject(ctx, in, violation);
            return;
        }
        in.skipBytes(fixed);
        streamRemaining = dataLength;
    }

    private void reject(final ChannelHandlerContext ctx, final ByteBuf in, final String what)
    {
        failed = true;
        in.skipBytes(in.readableBytes());
        refusals.log("rankwire-tcp: closing connection with " + ctx.channel().remoteAddress() + ": malformed " + what);
        ctx.close();
    }
}
