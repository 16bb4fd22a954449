package io.rankwire.buffer;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One operation's buffer, whatever the user gave: a byte range of a {@link DirectBuffer} the
 * transport can read or write. {@code byte[]} and {@code ByteBuffer} are wrapped in place (an
 * {@link UnsafeBuffer} made on first use and reused by every later wrap, no copy); Agrona buffers
 * are used as they are, so they need no wrapper at all; typed arrays are
 * staged through a pooled byte buffer in native byte order ({@link #stageIn()} before a send,
 * {@link #stageOut(int)} after a receive). A read-only {@code ByteBuffer} is staged too.
 *
 * <p>Owned by one operation; filled by the calling thread before submission. An
 * {@code core.Operation} is its own buffer view (it extends this class), so a request is one object.
 */
public class BufView
{
    private static final long BYTE_BASE = UnsafeApi.arrayBaseOffset(byte[].class);
    public static final long SHORT_BASE = UnsafeApi.arrayBaseOffset(short[].class);
    public static final long CHAR_BASE = UnsafeApi.arrayBaseOffset(char[].class);
    public static final long INT_BASE = UnsafeApi.arrayBaseOffset(int[].class);
    public static final long LONG_BASE = UnsafeApi.arrayBaseOffset(long[].class);
    public static final long FLOAT_BASE = UnsafeApi.arrayBaseOffset(float[].class);
    public static final long DOUBLE_BASE = UnsafeApi.arrayBaseOffset(double[].class);

    private UnsafeBuffer wrapper;
    private DirectBuffer buffer;
    private int offset;
    private int length;

    // typed-array staging
    private Object array;
    private long arrayAddress;
    private ByteBuffer readOnlySource;
    private int readOnlyPosition;
    private MessageBuffer custom;
    private Stage stage;

    /** Resets to an empty view. */
    public BufView clear()
    {
        buffer = null;
        offset = 0;
        length = 0;
        array = null;
        arrayAddress = 0;
        readOnlySource = null;
        custom = null;
        stage = null;
        return this;
    }

    /** {@code bytes[offset, offset + length)}. */
    public BufView bytes(final byte[] bytes, final int offset, final int length)
    {
        Args.checkRange(Args.notNull(bytes, "buf").length, offset, length, "length");
        clear();
        final UnsafeBuffer w = wrapper();
        w.wrap(bytes);
        this.buffer = w;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /** {@code [position, limit)} of a heap or direct buffer; the position is not moved. */
    public BufView byteBuffer(final ByteBuffer bb, final boolean forWrite)
    {
        Args.notNull(bb, "buf");
        clear();
        if (bb.isReadOnly())
        {
            if (forWrite)
            {
                throw new IllegalArgumentException("buffer : read-only (expected: a writable ByteBuffer)");
            }
            readOnlySource = bb;
            readOnlyPosition = bb.position();
            length = bb.remaining();
            return this;
        }
        final UnsafeBuffer w = wrapper();
        w.wrap(bb);
        this.buffer = w;
        this.offset = bb.position();
        this.length = bb.remaining();
        return this;
    }

    /** {@code buffer[offset, offset + length)} of an Agrona buffer. */
    public BufView direct(final DirectBuffer buffer, final int offset, final int length)
    {
        Args.checkRange(Args.notNull(buffer, "buf").capacity(), offset, length, "length");
        clear();
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /**
     * {@code count} elements of a primitive array starting at element {@code offset}.
     *
     * @param elemSize   element size in bytes
     * @param baseOffset {@code UnsafeApi.arrayBaseOffset} of the array class
     */
    public BufView typed(
        final Object array, final int arrayLength, final int offset, final int count, final int elemSize, final long baseOffset)
    {
        Args.notNull(array, "buf");
        Args.checkRange(arrayLength, offset, count, "count");
        final long bytes = (long)count * elemSize;
        if (bytes > Integer.MAX_VALUE - 64)
        {
            throw new IllegalArgumentException("count : " + count + " (expected: <= " + ((Integer.MAX_VALUE - 64) / elemSize) + ")");
        }
        clear();
        this.array = array;
        this.arrayAddress = baseOffset + (long)offset * elemSize;
        this.length = (int)bytes;
        return this;
    }

    /**
     * {@code count} elements of the primitive array {@code a} ({@code byte[]} .. {@code double[]})
     * from element {@code offset}: a {@code byte[]} as {@link #bytes}, the others as {@link #typed}.
     */
    public BufView array(final Object a, final int offset, final int count)
    {
        if (a instanceof byte[])
        {
            return bytes((byte[])a, offset, count);
        }
        if (a instanceof int[])
        {
            return typed(a, ((int[])a).length, offset, count, Integer.BYTES, INT_BASE);
        }
        if (a instanceof long[])
        {
            return typed(a, ((long[])a).length, offset, count, Long.BYTES, LONG_BASE);
        }
        if (a instanceof double[])
        {
            return typed(a, ((double[])a).length, offset, count, Double.BYTES, DOUBLE_BASE);
        }
        if (a instanceof float[])
        {
            return typed(a, ((float[])a).length, offset, count, Float.BYTES, FLOAT_BASE);
        }
        if (a instanceof short[])
        {
            return typed(a, ((short[])a).length, offset, count, Short.BYTES, SHORT_BASE);
        }
        if (a instanceof char[])
        {
            return typed(a, ((char[])a).length, offset, count, Character.BYTES, CHAR_BASE);
        }
        throw new IllegalArgumentException("buffer : " + (a == null ? "null" : a.getClass().getSimpleName()) +
            " (expected: byte[], short[], char[], int[], long[], float[] or double[])");
    }

    /**
     * The memory {@code buffer} describes: built-in kinds as the matching method here would,
     * others staged through their {@code pack}/{@code unpack}. {@code forWrite} for receives.
     */
    public BufView describe(final MessageBuffer buffer, final boolean forWrite)
    {
        Args.notNull(buffer, "buffer").describeTo(this, forWrite);
        return this;
    }

    /** A kind of memory moved through a staging buffer by its own {@code pack} and {@code unpack}. */
    void custom(final MessageBuffer buffer)
    {
        final int bytes = buffer.byteLength();
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 64)
        {
            throw new IllegalArgumentException("byteLength : " + bytes + " (expected: 0.." + (Integer.MAX_VALUE - 64) + ")");
        }
        clear();
        this.custom = buffer;
        this.length = bytes;
    }

    private UnsafeBuffer wrapper()
    {
        UnsafeBuffer w = wrapper;
        if (w == null)
        {
            w = newWrapper();
            wrapper = w;
        }
        return w;
    }

    /** A wrapper for {@code byte[]} and {@code ByteBuffer}s: a new one (operations may lend one instead). */
    protected UnsafeBuffer newWrapper()
    {
        return new UnsafeBuffer(0, 0);
    }

    /** Gives up the wrapper (to return it to a pool); the view must not be used until filled again. */
    public UnsafeBuffer takeWrapper()
    {
        final UnsafeBuffer w = wrapper;
        wrapper = null;
        if (buffer == w)
        {
            buffer = null;
        }
        return w;
    }

    /** True when the data must go through a staging buffer. */
    public boolean needsStage()
    {
        return array != null || readOnlySource != null || custom != null;
    }

    /** Attaches a staging buffer (at least {@link #length()} bytes) and points the view at it. */
    public void attachStage(final Stage stage)
    {
        this.stage = stage;
        this.buffer = stage.buffer;
        this.offset = 0;
    }

    public Stage detachStage()
    {
        final Stage s = stage;
        stage = null;
        return s;
    }

    /** Copies the user's data into the staging buffer (sends). */
    public void stageIn()
    {
        if (array != null)
        {
            UnsafeApi.copyMemory(array, arrayAddress, stage.bytes, BYTE_BASE, length);
        }
        else if (readOnlySource != null)
        {
            readOnlySource.get(readOnlyPosition, stage.bytes, 0, length);
        }
        else if (custom != null)
        {
            custom.pack(stage.buffer, 0);
        }
    }

    /** Copies {@code bytes} received bytes from the staging buffer to the user's array (receives). */
    public void stageOut(final int bytes)
    {
        if (array != null && bytes > 0)
        {
            UnsafeApi.copyMemory(stage.bytes, BYTE_BASE, array, arrayAddress, Math.min(bytes, length));
        }
        else if (custom != null && bytes > 0)
        {
            custom.unpack(stage.buffer, 0, Math.min(bytes, length));
        }
    }

    /** The buffer the transport reads or writes. */
    public DirectBuffer buffer()
    {
        return buffer;
    }

    /** The buffer as writable (receives). */
    public MutableDirectBuffer mutableBuffer()
    {
        return (MutableDirectBuffer)buffer;
    }

    /** True when a receive can hand this buffer to the NIC (not staged, writable). */
    public boolean offloadable()
    {
        return stage == null && buffer instanceof MutableDirectBuffer;
    }

    public int offset()
    {
        return offset;
    }

    /** Length in bytes. */
    public int length()
    {
        return length;
    }
}
