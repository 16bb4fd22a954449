package io.rankwire.spi;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Copies short byte ranges between Agrona buffers (heap or direct) with inline 8-byte moves after
 * one bounds check per side, instead of {@code putBytes}, whose {@code Unsafe.copyMemory} calls an
 * array-copy stub: for the 8 to 40-byte messages of a latency-bound exchange that call is most
 * of the copy. Ranges longer than {@link #MAX_INLINE} go to {@code putBytes}. The two ranges must
 * not overlap.
 */
public final class SmallCopy
{
    /** Longest range copied inline. */
    public static final int MAX_INLINE = 64;

    private SmallCopy()
    {
    }

    /**
     * Copies {@code src[srcIndex, srcIndex + length)} to {@code dst[dstIndex, dstIndex + length)}.
     *
     * @throws IndexOutOfBoundsException when either range leaves its buffer (nothing is written)
     */
    public static void copy(
        final MutableDirectBuffer dst, final int dstIndex, final DirectBuffer src, final int srcIndex, final int length)
    {
        if (length > MAX_INLINE)
        {
            dst.putBytes(dstIndex, src, srcIndex, length);
            return;
        }
        dst.boundsCheck(dstIndex, length);
        src.boundsCheck(srcIndex, length);
        final Object srcBase = src.byteArray();
        final long srcAddress = src.addressOffset() + srcIndex;
        final Object dstBase = dst.byteArray();
        final long dstAddress = dst.addressOffset() + dstIndex;
        int i = 0;
        for (; i <= length - Long.BYTES; i += Long.BYTES)
        {
            UnsafeApi.putLong(dstBase, dstAddress + i, UnsafeApi.getLong(srcBase, srcAddress + i));
        }
        for (; i < length; i++)
        {
            UnsafeApi.putByte(dstBase, dstAddress + i, UnsafeApi.getByte(srcBase, srcAddress + i));
        }
    }
}
