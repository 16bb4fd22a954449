package mpi;

/**
 * A buffer as the collective API takes it: a primitive array and an element offset. Either the
 * caller's own array, or a staging array the caller's bytes are copied into (before the call)
 * and out of (after it) when the caller's buffer is direct memory, a boolean array, of another
 * element type than the call needs, or split elements.
 */
final class Region
{
    final Buf buf;
    final Object array;
    final int offset;
    private final boolean staged;

    private Region(final Buf buf, final Object array, final int offset, final boolean staged)
    {
        this.buf = buf;
        this.array = array;
        this.offset = offset;
        this.staged = staged;
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
        if (buf.kind == kind && buf.byteOffset % s == 0)
        {
            return new Region(buf, buf.array, (int)(buf.byteOffset / s), false);
        }
        final Object a = newArray(kind, (buf.bytes + s - 1) / s);
        if (copyIn)
        {
            buf.copyToArray(a, buf.bytes);
        }
        return new Region(buf, a, 0, true);
    }

    /** Copies a staged array's bytes back into the caller's buffer. */
    void copyBack()
    {
        if (staged)
        {
            buf.copyFromArray(array, buf.bytes);
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
            if (b.kind == Buf.DIRECT || b.kind == Buf.BOOLEAN || (kind != -1 && kind != b.kind))
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
