package io.rankwire.coll;

/**
 * Built-in reduction kernels over primitive arrays. {@link #apply} computes
 * {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]}: {@code in} is the left operand
 * (the lower ranks' partial result), {@code inout} the right one and the destination.
 *
 * <p>MINLOC and MAXLOC work on interleaved (value, index) pairs of the array's own type; the
 * count is in elements and must be even; a tie keeps the smaller index.
 */
public final class Kernels
{
    public static final int SUM = 0;
    public static final int PROD = 1;
    public static final int MIN = 2;
    public static final int MAX = 3;
    public static final int LAND = 4;
    public static final int LOR = 5;
    public static final int LXOR = 6;
    public static final int BAND = 7;
    public static final int BOR = 8;
    public static final int BXOR = 9;
    public static final int MINLOC = 10;
    public static final int MAXLOC = 11;

    private static final String[] NAMES = {
        "SUM", "PROD", "MIN", "MAX", "LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR", "MINLOC", "MAXLOC"};

    private Kernels()
    {
    }

    /** The name of built-in {@code kind}. */
    public static String name(final int kind)
    {
        return NAMES[kind];
    }

    /** Applies built-in {@code kind} to {@code n} elements (see the class comment). */
    public static void apply(final int kind, final Object in, final int inOff, final Object inout, final int ioOff, final int n)
    {
        if ((kind == MINLOC || kind == MAXLOC) && (n & 1) != 0)
        {
            throw new IllegalArgumentException("count : " + n + " (expected: even, (value, index) pairs for " + name(kind) + ")");
        }
        if (inout instanceof double[])
        {
            DoubleKernels.apply(kind, (double[])in, inOff, (double[])inout, ioOff, n);
        }
        else if (inout instanceof long[])
        {
            LongKernels.apply(kind, (long[])in, inOff, (long[])inout, ioOff, n);
        }
        else if (inout instanceof int[])
        {
            IntKernels.apply(kind, (int[])in, inOff, (int[])inout, ioOff, n);
        }
        else if (inout instanceof float[])
        {
            FloatKernels.apply(kind, (float[])in, inOff, (float[])inout, ioOff, n);
        }
        else if (inout instanceof short[])
        {
            ShortKernels.apply(kind, (short[])in, inOff, (short[])inout, ioOff, n);
        }
        else if (inout instanceof char[])
        {
            CharKernels.apply(kind, (char[])in, inOff, (char[])inout, ioOff, n);
        }
        else if (inout instanceof byte[])
        {
            ByteKernels.apply(kind, (byte[])in, inOff, (byte[])inout, ioOff, n);
        }
        else
        {
            throw new IllegalArgumentException("buffer : " + Bufs.typeName(inout) + " (expected: " + Bufs.EXPECTED + ")");
        }
    }

    static IllegalArgumentException unsupported(final int kind, final String type)
    {
        return new IllegalArgumentException("op : " + name(kind) + " on " + type + "[] (expected: an integer array type)");
    }
}
