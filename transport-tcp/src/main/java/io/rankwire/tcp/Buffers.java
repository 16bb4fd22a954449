package io.rankwire.tcp;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** Copies between Agrona buffers and Netty buffers without allocating on the common paths. */
final class Buffers
{
    private Buffers()
    {
    }

    /**
     * Appends {@code src[offset, offset + length)} to {@code dst}. {@code dst} must be owned by the
     * calling thread (its cached NIO view is used).
     */
    static void append(final ByteBuf dst, final DirectBuffer src, final int offset, final int length)
    {
        if (length == 0)
        {
            return;
        }
        final int writerIndex = dst.writerIndex();
        dst.ensureWritable(length);
        final byte[] array = src.byteArray();
        if (array != null)
        {
            dst.writeBytes(array, src.wrapAdjustment() + offset, length);
            return;
        }
        final ByteBuffer nio = dst.internalNioBuffer(writerIndex, length);
        src.getBytes(offset, nio, nio.position(), length);
        dst.writerIndex(writerIndex + length);
    }

    /**
     * Points {@code view} at {@code src[index, index + length)} without copying when the buffer
     * exposes its memory; otherwise wraps a fresh NIO view (never the shared cached one, since
     * another thread may own {@code src}'s parent).
     */
    static void view(final UnsafeBuffer view, final ByteBuf src, final int index, final int length)
    {
        if (src.hasMemoryAddress())
        {
            view.wrap(src.memoryAddress() + index, length);
        }
        else if (src.hasArray())
        {
            view.wrap(src.array(), src.arrayOffset() + index, length);
        }
        else
        {
            final ByteBuffer nio = src.nioBuffer(index, length);
            view.wrap(nio, nio.position(), length);
        }
    }
}
