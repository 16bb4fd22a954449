package mpi;

/**
 * A buffer as the collective API takes it: a primitive array and an element offset. Either the
 * caller's own array, or a staging array the caller's items are packed into (before the call)
 * and unpacked from (after it) when the caller's buffer is direct memory, a boolean array, of
 * another element type than the call needs, split elements, or its datatype is not dense. In a
 * staged region of a type that is not dense, item i starts at byte {@code i * size} (packed),
 * not {@code i * extent}.
 */
final class Region
{
    private static final long BYTE_BASE = org.agrona.UnsafeApi.arrayBaseOffset(byte[].class);

    final Buf buf;
    final Object array;
    final int offset;
    private final boolean staged;
    private final PairCodec codec;
    private final boolean laidOut;

    private Region(final Buf buf, final Object array, final int offset, final boolean staged, final PairCodec codec)
    {
        this(buf, array, offset, staged, codec, false);
    }

    private Region(final Buf buf, final Object array, final int offset, final boolean staged, final PairCodec codec,
        final boolean laidOut)
    {
        this.buf = buf;
        this.array = array;
        this.offset = offset;
        this.staged = staged;
        this.codec = codec;
        this.laidOut = laidOut;
    }

    /**
     * {@code buf}'s items laid out as in their datatype in a byte array (item i at
     * {@code i * extent}, gaps zeroed), for user operations; copying back writes only the typemap.
     */
    static Region laidOut(final Buf buf)
    {
        final byte[] packed = new byte[buf.bytes];
        buf.copyTo(packed, 0);
        final byte[] items = new byte[Math.max(buf.bytes, buf.layoutBytes())];
        buf.plan.unpack(packed, BYTE_BASE, buf.bytes, items, BYTE_BASE, buf.count);
        return new Region(buf, items, 0, true, null, true);
    }

    /** {@code buf}'s pairs as the interleaved array {@code codec} converts them to (always staged). */
    static Region converted(final Buf buf, final PairCodec codec)
    {
        final byte[] packed = new byte[buf.bytes];
        buf.copyTo(packed, 0);
        return new Region(buf, codec.decode(packed, buf.bytes / codec.pairBytes()), 0, true, codec);
    }

    /** {@code buf} as an array of {@code kind} (a {@link Buf} kind), staged when it is not one. */
    static Region of(final Buf buf, final int kind)
    {
        return of(buf, kind, true);
    }

    static Region of(final Buf buf, final int kind, final boolean copyIn)
    {
        if (buf == null)
        {
            return null;
        }
        final int s = Buf.elemSize(kind);
        if (buf.dense && buf.kind == kind && buf.byteOffset % s == 0)
        {
            return new Region(buf, buf.array, (int)(buf.byteOffset / s), false, null);
        }
        final Object a = newArray(kind, (buf.bytes + s - 1) / s);
        if (copyIn)
        {
            buf.copyToArray(a);
        }
        return new Region(buf, a, 0, true, null);
    }

    /** Copies a staged array's bytes back into the caller's buffer. */
    void copyBack()
    {
        if (laidOut)
        {
            final byte[] packed = new byte[buf.bytes];
            buf.plan.pack(array, BYTE_BASE, buf.count, packed, BYTE_BASE);
            buf.copyFrom(packed, 0, buf.bytes);
        }
        else if (codec != null)
        {
            final byte[] packed = new byte[buf.bytes];
            codec.encode(array, packed, buf.bytes / codec.pairBytes());
            buf.copyFrom(packed, 0, buf.bytes);
        }
        else if (staged)
        {
            buf.copyFromArray(array, buf.bytes);
        }
    }

    /**
     * Copies back only blocks {@code r} of {@code counts[r]} items at item {@code displs[r]} (a
     * receive of v-collective blocks), so the gaps between blocks are not written; a dense
     * staging is copied back whole, as {@link #copyBack()}.
     */
    void copyBack(final int[] counts, final int[] displs, final long size)
    {
        if (!staged)
        {
            return;
        }
        if (buf.dense)
        {
            copyBack();
            return;
        }
        for (int r = 0; r < counts.length; r++)
        {
            if (counts[r] > 0)
            {
                buf.unpackItems(displs[r], counts[r], array, displs[r] * size);
            }
        }
    }

    /** The common array kind for moving raw bytes between {@code bufs}: theirs when they agree and {@code quantities} split no element, else bytes. */
    static int commonKind(final Buf[] bufs, final long... quantities)
    {
        int kind = -1;
        for (final Buf b : bufs)
        {
            if (b == null)
            {
                continue;
            }
            if (!b.dense || b.kind == Buf.DIRECT || b.kind == Buf.BOOLEAN || (kind != -1 && kind != b.kind))
            {
                return Buf.BYTE;
            }
            kind = b.kind;
        }
        if (kind == -1)
        {
            return Buf.BYTE;
        }
        final int s = Buf.elemSize(kind);
        for (final Buf b : bufs)
        {
            if (b != null && (b.byteOffset % s != 0 || b.bytes % s != 0))
            {
                return Buf.BYTE;
            }
        }
        for (final long q : quantities)
        {
            if (q % s != 0)
            {
                return Buf.BYTE;
            }
        }
        return kind;
    }

    static Object newArray(final int kind, final int n)
    {
        switch (kind)
        {
            case Buf.SHORT: return new short[n];
            case Buf.CHAR: return new char[n];
            case Buf.INT: return new int[n];
            case Buf.LONG: return new long[n];
            case Buf.FLOAT: return new float[n];
            case Buf.DOUBLE: return new double[n];
            default: return new byte[n];
        }
    }
}
