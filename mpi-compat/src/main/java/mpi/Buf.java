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
 * The data of an MPI call: {@code count} items of a committed datatype in a Java array (from byte
 * {@code byteOffset}) or in direct memory (from {@code address}), resolved from a call's buffer
 * argument (a primitive array from its start, a heap {@link Buffer} from its position over its
 * backing array, a direct {@link Buffer} from its position). {@code bytes} is the packed size,
 * {@code count * size}, what travels.
 *
 * <p>Construction checks that every byte the type touches lies inside the buffer
 * ({@link MPI#ERR_BUFFER} otherwise), so the copy plan, which does no checks, never reads or
 * writes outside it. A dense type's items are {@code bytes} contiguous bytes from the start, used
 * in place where Rankwire takes that memory; any type is copied out with {@link #copyTo} (pack)
 * and in with {@link #copyFrom} (unpack, which may stop early for a short message).
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

    private static final long BYTE_BASE = UnsafeApi.arrayBaseOffset(byte[].class);
    private static final Buf EMPTY = new Buf(BYTE, new byte[0], 1, 0, 0, 0, 0, null, true, 0);

    final int kind;
    final Object array;
    final int elemSize;
    final long byteOffset;
    final long address;
    final int bytes;
    final int count;
    final CopyPlan plan;
    final boolean dense;
    private final long extent;

    private Buf(final int kind, final Object array, final int elemSize, final long byteOffset, final long address, final int bytes,
        final int count, final CopyPlan plan, final boolean dense, final long extent)
    {
        this.kind = kind;
        this.array = array;
        this.elemSize = elemSize;
        this.byteOffset = byteOffset;
        this.address = address;
        this.bytes = bytes;
        this.count = count;
        this.plan = plan;
        this.dense = dense;
        this.extent = extent;
    }

    /** The first {@code count} items of {@code type} in {@code buf}. */
    static Buf of(final Object buf, final int count, final Datatype type)
    {
        return of(buf, 0, count, type);
    }

    /** {@code count} items of {@code type} in {@code buf} from item {@code first} (one extent per item). */
    static Buf of(final Object buf, final int first, final int count, final Datatype type)
    {
        return of(buf, 0, first, count, type);
    }

    /** {@code count} items of {@code type} in {@code buf} from byte {@code displ} (the displacements of MPI_ALLTOALLW). */
    static Buf atByte(final Object buf, final long displ, final int count, final Datatype type)
    {
        return of(buf, displ, 0, count, type);
    }

    private static Buf of(final Object buf, final long displ, final int first, final int count, final Datatype type)
    {
        final long n = type.bytes(count);
        if (n > Integer.MAX_VALUE - 64)
        {
            throw new MPIException(MPI.ERR_COUNT, "count : " + count + " of " + type.getName() + " (expected: at most 2 GiB of data)");
        }
        final CopyPlan plan = type.plan();
        if (buf == null)
        {
            if (n == 0)
            {
                return EMPTY;
            }
            throw new MPIException(MPI.ERR_BUFFER, "buf : null (expected: an array or a buffer for " + count + " items)");
        }
        if (buf instanceof Buffer)
        {
            return ofBuffer((Buffer)buf, displ, first, count, type, (int)n, plan);
        }
        final int kind = arrayKind(buf);
        final int es = elemSize(kind);
        return make(kind, buf, es, displ, 0, 0, (long)java.lang.reflect.Array.getLength(buf) * es, first, count, type, (int)n, plan);
    }

    private static Buf ofBuffer(final Buffer b, final long displ, final int first, final int count, final Datatype type, final int n,
        final CopyPlan plan)
    {
        final int es = bufferElemSize(b);
        if (b.isDirect())
        {
            final long start = (long)b.position() * es + displ;
            final long addr = UnsafeApi.getLong(b, BufferUtil.BYTE_BUFFER_ADDRESS_FIELD_OFFSET) + start;
            return make(DIRECT, null, es, start, addr, 0, (long)b.capacity() * es, first, count, type, n, plan);
        }
        if (!b.hasArray())
        {
            throw new MPIException(MPI.ERR_BUFFER, "buf : " + b + " (expected: a direct buffer or one backed by an array)");
        }
        final Object array = b.array();
        final long windowLo = (long)b.arrayOffset() * es;
        return make(arrayKind(array), array, es, windowLo + (long)b.position() * es + displ, 0, windowLo,
            windowLo + (long)b.capacity() * es, first, count, type, n, plan);
    }

    /** Items from {@code start} plus {@code first} extents, after checking they lie in {@code [windowLo, windowHi)}. */
    private static Buf make(final int kind, final Object array, final int es, final long start, final long addr,
        final long windowLo, final long windowHi, final int first, final int count, final Datatype type, final int n,
        final CopyPlan plan)
    {
        final Layout l = type.layout();
        final long skip = first * l.extent();
        checkFootprint(l, count, start + skip, windowLo, windowHi, type);
        return new Buf(kind, array, es, start + skip, addr == 0 ? 0 : addr + skip, n, count, plan, plan.dense(), l.extent());
    }

    /** Checks that the bytes {@code count} items touch from {@code start} lie in {@code [windowLo, windowHi)}. */
    private static void checkFootprint(final Layout l, final int count, final long start, final long windowLo, final long windowHi,
        final Datatype type)
    {
        if (count == 0 || l.size == 0)
        {
            return;
        }
        final long span = (long)(count - 1) * l.extent();
        final long lo = l.trueLb + Math.min(0, span);
        final long hi = l.trueUb + Math.max(0, span);
        if (start + lo < windowLo || start + hi > windowHi)
        {
            throw new MPIException(MPI.ERR_BUFFER, "buf : " + (windowHi - start) + " bytes from its start (expected: bytes [" + lo +
                ", " + hi + ") for " + count + " x " + type.describe() + ")");
        }
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

    /**
     * Above this size a typed array (other than {@code byte[]}) is staged here rather than by
     * Rankwire, which pools its own typed-array staging buffers only up to 1 MiB and allocates a
     * new one for every larger message; the pooled staging here costs the same one copy.
     */
    static final int RUNTIME_STAGE_MAX = 1 << 20;

    /**
     * True when the bytes can go to Rankwire as they are (dense items; direct memory, a
     * {@code byte[]}, or whole elements of another primitive array up to
     * {@link #RUNTIME_STAGE_MAX} bytes, which Rankwire stages itself).
     */
    boolean inPlace()
    {
        if (!dense)
        {
            return false;
        }
        if (kind == DIRECT || kind == BYTE)
        {
            return true;
        }
        return kind != BOOLEAN && byteOffset % elemSize == 0 && bytes % elemSize == 0 && bytes <= RUNTIME_STAGE_MAX;
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

    /** The bytes of {@code count} items laid out as in memory, one extent apart. */
    int layoutBytes()
    {
        return (int)(count * extent);
    }

    /** The Unsafe base object of the memory (null for direct memory). */
    private Object base()
    {
        return kind == DIRECT ? null : array;
    }

    /** The Unsafe offset of the first item. */
    private long origin()
    {
        return kind == DIRECT ? address : UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset;
    }

    /** Packs the items into {@code dst[dstOff..]}. */
    void copyTo(final byte[] dst, final int dstOff)
    {
        plan.pack(base(), origin(), count, dst, BYTE_BASE + dstOff);
    }

    /** Packs the items to the start of primitive array {@code dst}. */
    void copyToArray(final Object dst)
    {
        plan.pack(base(), origin(), count, dst, UnsafeApi.arrayBaseOffset(dst.getClass()));
    }

    /** Unpacks the first {@code length} packed bytes at the start of primitive array {@code src} into the items. */
    void copyFromArray(final Object src, final int length)
    {
        plan.unpack(src, UnsafeApi.arrayBaseOffset(src.getClass()), length, base(), origin(), count);
    }

    /** Unpacks {@code length} packed bytes from {@code src[srcOff..]} into the items. */
    void copyFrom(final byte[] src, final int srcOff, final int length)
    {
        plan.unpack(src, BYTE_BASE + srcOff, length, base(), origin(), count);
    }

    /** Packs items {@code [first, first + n)} into primitive array {@code dst} from byte {@code dstByte}. */
    void packItems(final int first, final int n, final Object dst, final long dstByte)
    {
        plan.pack(base(), origin() + first * extent, n, dst, UnsafeApi.arrayBaseOffset(dst.getClass()) + dstByte);
    }

    /** Unpacks items {@code [first, first + n)} from primitive array {@code src} at byte {@code srcByte}. */
    void unpackItems(final int first, final int n, final Object src, final long srcByte)
    {
        plan.unpack(src, UnsafeApi.arrayBaseOffset(src.getClass()) + srcByte, Long.MAX_VALUE, base(), origin() + first * extent, n);
    }
}
