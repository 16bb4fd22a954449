package io.rankwire.tcp;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
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
     * Copies {@code length} readable bytes of {@code src} into {@code dst[dstIndex...)}. Called on
     * the event loop that owns {@code src}.
     */
    static void copyInto(final ByteBuf src, final int length, final MutableDirectBuffer dst, final int dstIndex)
    {
        final int readerIndex = src.readerIndex();
        if (src.hasArray())
        {
            dst.putBytes(dstIndex, src.array(), src.arrayOffset() + readerIndex, length);
        }
        else if (src.nioBufferCount() == 1)
        {
            final ByteBuffer nio = src.internalNioBuffer(readerIndex, length);
            dst.putBytes(dstIndex, nio, nio.position(), length);
        }
        else
        {
            final ByteBuffer nio = src.nioBuffer(readerIndex, length);
            dst.putBytes(dstIndex, nio, nio.position(), length);
        }
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

    /**
     * A buffer over {@code src[offset, offset + length)} that shares its memory when the buffer
     * wraps an array or a {@link ByteBuffer} (zero-copy sends of registered regions); a buffer
     * over a raw address is copied.
     */
    static ByteBuf wrap(final DirectBuffer src, final int offset, final int length)
    {
        final byte[] array = src.byteArray();
        if (array != null)
        {
            return Unpooled.wrappedBuffer(array, src.wrapAdjustment() + offset, length);
        }
        final ByteBuffer nio = src.byteBuffer();
        if (nio != null)
        {
            final int start = src.wrapAdjustment() + offset;
            return Unpooled.wrappedBuffer(nio.duplicate().limit(start + length).position(start));
        }
        final ByteBuf copy = PooledByteBufAllocator.DEFAULT.directBuffer(length);
        append(copy, src, offset, length);
        return copy;
    }
}
