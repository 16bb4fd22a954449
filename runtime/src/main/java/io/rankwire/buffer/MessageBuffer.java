package io.rankwire.buffer;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Where a message's bytes are: the one buffer descriptor that every point-to-point call,
 * persistent request and collective of {@code Comm} takes. Made by the {@code of} factories, and
 * reusable: each kind's {@code wrap} points it at other memory without allocating, and a call
 * copies what it needs out of the descriptor when it starts, so the descriptor may be re-pointed
 * as soon as the call returns (the memory it described must stay untouched until the request
 * completes, as always).
 *
 * <table>
 *   <caption>Kinds</caption>
 *   <tr><th>kind</th><th>made by</th><th>moved</th></tr>
 *   <tr><td>{@link Bytes}</td><td>{@code of(byte[], offset, length)}</td><td>in place</td></tr>
 *   <tr><td>{@link Buffer}</td><td>{@code of(ByteBuffer)}: {@code [position, limit)}, the
 *       position never moves</td><td>in place (a read-only buffer is copied for sends)</td></tr>
 *   <tr><td>{@link Direct}</td><td>{@code of(DirectBuffer, offset, length)} (Agrona)</td>
 *       <td>in place</td></tr>
 *   <tr><td>{@link Typed}</td><td>{@code of(int[], offset, count)} and the other primitive
 *       arrays: element offset and count, native byte order</td><td>through a pooled staging
 *       buffer</td></tr>
 *   <tr><td>a subclass of yours</td><td>{@link #byteLength()}, {@link #pack} and
 *       {@link #unpack}</td><td>through a pooled staging buffer</td></tr>
 * </table>
 *
 * <p>A new kind of memory (a derived datatype's layout, say) is one subclass: it says how long the
 * message is and how to copy it into and out of a contiguous staging buffer. Collectives take the
 * {@link Bytes} and {@link Typed} kinds (their reductions work on arrays element by element).
 */
public abstract class MessageBuffer
{
    /** For subclasses: a kind whose bytes are copied through a staging buffer. */
    protected MessageBuffer()
    {
    }

    /** The message's length in bytes. */
    public abstract int byteLength();

    /**
     * Copies the message's {@link #byteLength()} bytes into {@code dst} from {@code dstOffset}
     * (sends). The built-in in-place kinds are never asked.
     */
    protected abstract void pack(MutableDirectBuffer dst, int dstOffset);

    /**
     * Copies {@code length} received bytes (at most {@link #byteLength()}) from {@code src} at
     * {@code srcOffset} into the described memory (receives). The built-in in-place kinds are
     * never asked.
     */
    protected abstract void unpack(DirectBuffer src, int srcOffset, int length);

    /** Points {@code view} at the described bytes; a receive passes {@code forWrite}. Staged by default. */
    void describeTo(final BufView view, final boolean forWrite)
    {
        view.custom(this);
    }

    /** {@code bytes[offset, offset + length)}. */
    public static Bytes of(final byte[] bytes, final int offset, final int length)
    {
        return new Bytes().wrap(bytes, offset, length);
    }

    /** The whole of {@code bytes}. */
    public static Bytes of(final byte[] bytes)
    {
        return new Bytes().wrap(bytes, 0, Args.notNull(bytes, "buffer").length);
    }

    /** {@code [position, limit)} of a heap or direct {@code ByteBuffer}; the position never moves. */
    public static Buffer of(final ByteBuffer buffer)
    {
        return new Buffer().wrap(buffer);
    }

    /** {@code buffer[offset, offset + length)} of an Agrona buffer. */
    public static Direct of(final DirectBuffer buffer, final int offset, final int length)
    {
        return new Direct().wrap(buffer, offset, length);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final short[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final char[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final int[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final long[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final float[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** {@code count} elements of {@code array} from element {@code offset}. */
    public static Typed of(final double[] array, final int offset, final int count)
    {
        return new Typed().wrap(array, offset, count);
    }

    /** Every element of {@code array}. */
    public static Typed of(final short[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** Every element of {@code array}. */
    public static Typed of(final char[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** Every element of {@code array}. */
    public static Typed of(final int[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** Every element of {@code array}. */
    public static Typed of(final long[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** Every element of {@code array}. */
    public static Typed of(final float[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** Every element of {@code array}. */
    public static Typed of(final double[] array)
    {
        return new Typed().wrap(array, 0, Args.notNull(array, "buffer").length);
    }

    /** A built-in kind: the operation's view moves it itself, never asking it to pack or unpack. */
    abstract static class BuiltIn extends MessageBuffer
    {
        @Override
        protected final void pack(final MutableDirectBuffer dst, final int dstOffset)
        {
            throw new IllegalStateException("built-in buffer kind : asked to copy (expected: moved by its view)");
        }

        @Override
        protected final void unpack(final DirectBuffer src, final int srcOffset, final int length)
        {
            throw new IllegalStateException("built-in buffer kind : asked to copy (expected: moved by its view)");
        }
    }

    /** A range of a {@code byte[]}, moved in place. */
    public static final class Bytes extends BuiltIn
    {
        private byte[] bytes;
        private int offset;
        private int length;

        Bytes()
        {
        }

        /** Points at {@code bytes[offset, offset + length)}; checks the range. */
        public Bytes wrap(final byte[] bytes, final int offset, final int length)
        {
            Args.checkRange(Args.notNull(bytes, "buffer").length, offset, length, "length");
            this.bytes = bytes;
            this.offset = offset;
            this.length = length;
            return this;
        }

        /** The array. */
        public byte[] array()
        {
            return bytes;
        }

        /** The first byte. */
        public int offset()
        {
            return offset;
        }

        @Override
        public int byteLength()
        {
            return length;
        }

        @Override
        void describeTo(final BufView view, final boolean forWrite)
        {
            view.bytes(bytes, offset, length);
        }
    }

    /** {@code [position, limit)} of a {@code ByteBuffer}, moved in place. */
    public static final class Buffer extends BuiltIn
    {
        private ByteBuffer buffer;

        Buffer()
        {
        }

        /** Points at {@code [position, limit)} of {@code buffer}, as they are when a call starts. */
        public Buffer wrap(final ByteBuffer buffer)
        {
            this.buffer = Args.notNull(buffer, "buffer");
            return this;
        }

        @Override
        public int byteLength()
        {
            return buffer.remaining();
        }

        @Override
        void describeTo(final BufView view, final boolean forWrite)
        {
            view.byteBuffer(buffer, forWrite);
        }
    }

    /** A range of an Agrona buffer, moved in place. */
    public static final class Direct extends BuiltIn
    {
        private DirectBuffer buffer;
        private int offset;
        private int length;

        Direct()
        {
        }

        /** Points at {@code buffer[offset, offset + length)}; checks the range. */
        public Direct wrap(final DirectBuffer buffer, final int offset, final int length)
        {
            Args.checkRange(Args.notNull(buffer, "buffer").capacity(), offset, length, "length");
            this.buffer = buffer;
            this.offset = offset;
            this.length = length;
            return this;
        }

        @Override
        public int byteLength()
        {
            return length;
        }

        @Override
        void describeTo(final BufView view, final boolean forWrite)
        {
            if (forWrite && !(buffer instanceof MutableDirectBuffer))
            {
                throw new IllegalArgumentException("buffer : read-only DirectBuffer (expected: a MutableDirectBuffer)");
            }
            view.direct(buffer, offset, length);
        }
    }

    /**
     * Elements of a primitive array ({@code short[]}, {@code char[]}, {@code int[]},
     * {@code long[]}, {@code float[]}, {@code double[]}), moved through a pooled staging buffer in
     * native byte order (the ranks of a job share one).
     */
    public static final class Typed extends BuiltIn
    {
        private Object array;
        private int arrayLength;
        private int offset;
        private int count;
        private int elemSize;
        private long base;

        Typed()
        {
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final short[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 2, BufView.SHORT_BASE);
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final char[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 2, BufView.CHAR_BASE);
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final int[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 4, BufView.INT_BASE);
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final long[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 8, BufView.LONG_BASE);
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final float[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 4, BufView.FLOAT_BASE);
        }

        /** Points at {@code count} elements of {@code array} from element {@code offset}; checks the range. */
        public Typed wrap(final double[] array, final int offset, final int count)
        {
            return set(array, Args.notNull(array, "buffer").length, offset, count, 8, BufView.DOUBLE_BASE);
        }

        private Typed set(final Object array, final int arrayLength, final int offset, final int count, final int elemSize, final long base)
        {
            Args.checkRange(arrayLength, offset, count, "count");
            this.array = array;
            this.arrayLength = arrayLength;
            this.offset = offset;
            this.count = count;
            this.elemSize = elemSize;
            this.base = base;
            return this;
        }

        /** The array (a {@code short[]}, ... {@code double[]}). */
        public Object array()
        {
            return array;
        }

        /** The first element. */
        public int offset()
        {
            return offset;
        }

        /** The number of elements. */
        public int count()
        {
            return count;
        }

        @Override
        public int byteLength()
        {
            return count * elemSize;
        }

        @Override
        void describeTo(final BufView view, final boolean forWrite)
        {
            view.typed(array, arrayLength, offset, count, elemSize, base);
        }
    }
}
