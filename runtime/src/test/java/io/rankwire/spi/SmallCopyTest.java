package io.rankwire.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class SmallCopyTest
{
    private static final byte GUARD = (byte)0xA5;

    @Test
    void shouldCopyEveryShortLengthAtOddOffsetsBetweenHeapAndDirectWithoutTouchingTheRest()
    {
        for (final boolean srcDirect : new boolean[] {false, true})
        {
            for (final boolean dstDirect : new boolean[] {false, true})
            {
                for (int length = 0; length <= SmallCopy.MAX_INLINE + 9; length++)
                {
                    for (int srcOffset = 0; srcOffset < 3; srcOffset++)
                    {
                        final int dstOffset = 5 - srcOffset;
                        final MutableDirectBuffer src = buffer(srcDirect, 100);
                        final MutableDirectBuffer dst = buffer(dstDirect, 100);
                        for (int i = 0; i < 100; i++)
                        {
                            src.putByte(i, (byte)(i * 7 + 1));
                            dst.putByte(i, GUARD);
                        }
                        SmallCopy.copy(dst, dstOffset, src, srcOffset, length);
                        final String at = "length " + length + ", src " + srcOffset + (srcDirect ? " direct" : " heap") +
                            ", dst " + dstOffset + (dstDirect ? " direct" : " heap");
                        for (int i = 0; i < 100; i++)
                        {
                            final boolean inside = i >= dstOffset && i < dstOffset + length;
                            assertEquals(inside ? (byte)((i - dstOffset + srcOffset) * 7 + 1) : GUARD, dst.getByte(i), at + ", byte " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void shouldRefuseRangesOutsideEitherBufferAndWriteNothing()
    {
        final UnsafeBuffer src = new UnsafeBuffer(new byte[16]);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[16]);
        dst.setMemory(0, 16, GUARD);
        assertThrows(IndexOutOfBoundsException.class, () -> SmallCopy.copy(dst, 10, src, 0, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> SmallCopy.copy(dst, 0, src, 12, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> SmallCopy.copy(dst, -1, src, 0, 4));
        for (int i = 0; i < 16; i++)
        {
            assertEquals(GUARD, dst.getByte(i));
        }
    }

    private static MutableDirectBuffer buffer(final boolean direct, final int size)
    {
        return direct ? new UnsafeBuffer(ByteBuffer.allocateDirect(size)) : new UnsafeBuffer(new byte[size]);
    }
}
