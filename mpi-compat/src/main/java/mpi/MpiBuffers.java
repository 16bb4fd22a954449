package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The buffer helpers of {@link MPI} ({@code MPI.newIntBuffer}, {@code MPI.slice}, ...): direct
 * buffers in native byte order, and slices that share memory. Usable before {@code MPI.Init}.
 */
abstract class MpiBuffers extends MpiConstants
{
    MpiBuffers()
    {
    }

    /** A direct buffer of {@code capacity} bytes. */
    public static ByteBuffer newByteBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    /** A direct buffer of {@code capacity} chars, in native order. */
    public static CharBuffer newCharBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 2).asCharBuffer();
    }

    /** A direct buffer of {@code capacity} shorts, in native order. */
    public static ShortBuffer newShortBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 2).asShortBuffer();
    }

    /** A direct buffer of {@code capacity} ints, in native order. */
    public static IntBuffer newIntBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 4).asIntBuffer();
    }

    /** A direct buffer of {@code capacity} longs, in native order. */
    public static LongBuffer newLongBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 8).asLongBuffer();
    }

    /** A direct buffer of {@code capacity} floats, in native order. */
    public static FloatBuffer newFloatBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 4).asFloatBuffer();
    }

    /** A direct buffer of {@code capacity} doubles, in native order. */
    public static DoubleBuffer newDoubleBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 8).asDoubleBuffer();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory and order. */
    public static ByteBuffer slice(final ByteBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice().order(buf.order());
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static CharBuffer slice(final CharBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static ShortBuffer slice(final ShortBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static IntBuffer slice(final IntBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static LongBuffer slice(final LongBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static FloatBuffer slice(final FloatBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static DoubleBuffer slice(final DoubleBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static ByteBuffer slice(final byte[] buf, final int offset)
    {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(ByteOrder.nativeOrder());
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static CharBuffer slice(final char[] buf, final int offset)
    {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static ShortBuffer slice(final short[] buf, final int offset)
    {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static IntBuffer slice(final int[] buf, final int offset)
    {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static LongBuffer slice(final long[] buf, final int offset)
    {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static FloatBuffer slice(final float[] buf, final int offset)
    {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static DoubleBuffer slice(final double[] buf, final int offset)
    {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }
}
