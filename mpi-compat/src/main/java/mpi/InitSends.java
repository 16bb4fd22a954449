package mpi;

import io.rankwire.Comm;
import io.rankwire.PersistentRequest;

/** Binds persistent sends to in-place buffers by kind (see {@link Transfer#sendInit}). */
final class InitSends
{
    private InitSends()
    {
    }

    static PersistentRequest send(final Comm c, final Buf b, final int dest, final int tag)
    {
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT: return c.sendInit(b.direct(), 0, b.bytes, dest, tag);
            case Buf.BYTE: return c.sendInit((byte[])b.array, off, n, dest, tag);
            case Buf.SHORT: return c.sendInit((short[])b.array, off, n, dest, tag);
            case Buf.CHAR: return c.sendInit((char[])b.array, off, n, dest, tag);
            case Buf.INT: return c.sendInit((int[])b.array, off, n, dest, tag);
            case Buf.LONG: return c.sendInit((long[])b.array, off, n, dest, tag);
            case Buf.FLOAT: return c.sendInit((float[])b.array, off, n, dest, tag);
            default: return c.sendInit((double[])b.array, off, n, dest, tag);
        }
    }

    static PersistentRequest ssend(final Comm c, final Buf b, final int dest, final int tag)
    {
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT: return c.ssendInit(b.direct(), 0, b.bytes, dest, tag);
            case Buf.BYTE: return c.ssendInit((byte[])b.array, off, n, dest, tag);
            case Buf.SHORT: return c.ssendInit((short[])b.array, off, n, dest, tag);
            case Buf.CHAR: return c.ssendInit((char[])b.array, off, n, dest, tag);
            case Buf.INT: return c.ssendInit((int[])b.array, off, n, dest, tag);
            case Buf.LONG: return c.ssendInit((long[])b.array, off, n, dest, tag);
            case Buf.FLOAT: return c.ssendInit((float[])b.array, off, n, dest, tag);
            default: return c.ssendInit((double[])b.array, off, n, dest, tag);
        }
    }
}
