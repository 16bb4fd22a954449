package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import org.agrona.BufferUtil;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The bytes an MPI call reads or writes: {@code bytes} bytes of a Java array (from byte
 * {@code byteOffset}) or of direct memory (from {@code address}). Resolved from a call's buffer
 * argument: a primitive array (from its start), a heap {@link Buffer} (from its position, over
 * its backing array) or a direct {@link Buffer} (from its position).
 */
final class Buf
{
    static final int BYTE = 1;
    static final int SHORT = 2;
    static final int CHAR = 3;
    static final int INT = 4;
    static final int LONG = 5;
    static final int FLOAT = 6;
    static final int DOUBLE = 7;
    static final int BOOLEAN = 8;
    static final int DIRECT = 9;

    final int kind;
    final Object array;
    final int elemSize;
    final long byteOffset;
    final long address;
    final int bytes;

    private Buf(final int kind, final Object array, final int elemSize, final long byteOffset, final long address, final int bytes)
    {
        this.kind = kind;
        this.array = array;
        this.elemSize = elemSize;
        this.byteOffset = byteOffset;
        this.address = address;
        this.bytes = bytes;
    }

    /** The first {@code count} elements of {@code type} in {@code buf}. */
    static Buf of(final Object buf, final int count, final Datatype type)
    {
        final long n = type.bytes(count);
        if (n > Integer.MAX_VALUE - 64)
        {
            throw new MPIException(MPI.ERR_COUNT, "count : " + count + " of " + type.getName() + " (expected: at most 2 GiB)");
        }
        final int bytes = (int)n;
        if (buf == null)
        {
            if (bytes == 0)
            {
                return new Buf(BYTE, new byte[0], 1, 0, 0, 0);
            }
            throw new MPIException(MPI.ERR_BUFFER, "buf : null (expected: an array or a buffer for " + count + " elements)");
        }
        if (buf instanceof Buffer)
        {
            return ofBuffer((Buffer)buf, bytes, count, type);
        }
        final int kind = arrayKind(buf);
        return checked(new Buf(kind, buf, elemSize(kind), 0, 0, bytes), java.lang.reflect.Array.getLength(buf), count, type);
    }

    private static Buf ofBuffer(final Buffer b, final int bytes, final int count, final Datatype type)
    {
        final int es = bufferElemSize(b);
        if (b.isDirect())
        {
            final long addr = UnsafeApi.getLong(b, BufferUtil.BYTE_BUFFER_ADDRESS_FIELD_OFFSET);
            final long avail = (long)(b.capacity() - b.position()) * es;
            if (bytes > avail)
            {
                throw tooSmall(avail, count, type);
            }
            return new Buf(DIRECT, null, 1, 0, addr + (long)b.position() * es, bytes);
        }
        if (!b.hasArray())
        {
            throw new MPIException(MPI.ERR_BUFFER, "buf : " + b + " (expected: a direct buffer or one backed by an array)");
        }
        final Object array = b.array();
        final int kind = arrayKind(array);
        final long off = (long)(b.arrayOffset() + b.position()) * es;
        final long avail = (long)(b.capacity() - b.position()) * es;
        if (bytes > avail)
        {
            throw tooSmall(avail, count, type);
        }
        return new Buf(kind, array, es, off, 0, bytes);
    }

    private static Buf checked(final Buf b, final int length, final int count, final Datatype type)
    {
        final long avail = (long)length * b.elemSize;
        if (b.bytes > avail)
        {
            throw tooSmall(avail, count, type);
        }
        return b;
    }

    private static MPIException tooSmall(final long avail, final int count, final Datatype type)
    {
        return new MPIException(MPI.ERR_BUFFER, "buf : " + avail + " bytes (expected: >= " + count + " x " +
            type.getName() + " = " + type.bytes(count) + " bytes)");
    }

    static int arrayKind(final Object a)
    {
        if (a instanceof byte[]) return BYTE;
        if (a instanceof int[]) return INT;
        if (a instanceof double[]) return DOUBLE;
        if (a instanceof long[]) return LONG;
        if (a instanceof float[]) return FLOAT;
        if (a instanceof short[]) return SHORT;
        if (a instanceof char[]) return CHAR;
        if (a instanceof boolean[]) return BOOLEAN;
        throw new MPIException(MPI.ERR_BUFFER, "buf : " + a.getClass().getName() +
            " (expected: a primitive array or a java.nio buffer)");
    }

    static int elemSize(final int kind)
    {
        switch (kind)
        {
            case SHORT: case CHAR: return 2;
            case INT: case FLOAT: return 4;
            case LONG: case DOUBLE: return 8;
            default: return 1;
        }
    }

    private static int bufferElemSize(final Buffer b)
    {
        if (b instanceof ByteBuffer) return 1;
        if (b instanceof IntBuffer || b instanceof FloatBuffer) return 4;
        if (b instanceof LongBuffer || b instanceof DoubleBuffer) return 8;
        if (b instanceof ShortBuffer || b instanceof CharBuffer) return 2;
        throw new MPIException(MPI.ERR_BUFFER, "buf : " + b.getClass().getName() + " (expected: a java.nio buffer of primitives)");
    }

    /** True when Rankwire can move these bytes in place (no staging copy). */
    boolean inPlace()
    {
        return kind == DIRECT || (kind != BOOLEAN && byteOffset % elemSize == 0 && bytes % elemSize == 0);
    }

    int elemOffset()
    {
        return (int)(byteOffset / elemSize);
    }

    int elemCount()
    {
        return bytes / elemSize;
    }

    UnsafeBuffer direct()
    {
        return new UnsafeBuffer(address, bytes);
    }

    /** Copies these bytes into {@code dst[dstOff..]}. */
    void copyTo(final byte[] dst, final int dstOff)
    {
        copyTo(dst, dstOff, bytes);
    }

    void copyTo(final byte[] dst, final int dstOff, final int length)
    {
        final long to = UnsafeApi.arrayBaseOffset(byte[].class) + dstOff;
        if (kind == DIRECT)
        {
            UnsafeApi.copyMemory(null, address, dst, to, length);
        }
        else
        {
            UnsafeApi.copyMemory(array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, dst, to, length);
        }
    }

    /** Copies the first {@code length} of these bytes to the start of primitive array {@code dst}. */
    void copyToArray(final Object dst, final int length)
    {
        final long to = UnsafeApi.arrayBaseOffset(dst.getClass());
        if (kind == DIRECT)
        {
            UnsafeApi.copyMemory(null, address, dst, to, length);
        }
        else
        {
            UnsafeApi.copyMemory(array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, dst, to, length);
        }
    }

    /** Copies {@code length} bytes from the start of primitive array {@code src} into these bytes. */
    void copyFromArray(final Object src, final int length)
    {
        final long from = UnsafeApi.arrayBaseOffset(src.getClass());
        if (kind == DIRECT)
        {
            UnsafeApi.copyMemory(src, from, null, address, length);
        }
        else
        {
            UnsafeApi.copyMemory(src, from, array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, length);
        }
    }

    /** Copies {@code length} bytes from {@code src[srcOff..]} into these bytes. */
    void copyFrom(final byte[] src, final int srcOff, final int length)
    {
        final long from = UnsafeApi.arrayBaseOffset(byte[].class) + srcOff;
        if (kind == DIRECT)
        {
            UnsafeApi.copyMemory(src, from, null, address, length);
        }
        else
        {
            UnsafeApi.copyMemory(src, from, array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, length);
        }
    }
}
