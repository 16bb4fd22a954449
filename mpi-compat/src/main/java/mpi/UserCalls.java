package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * How a user reduction runs on Rankwire: the items are laid out in a byte staging array as in
 * their datatype (item i at {@code i * extent}, gaps zeroed), Rankwire reduces that array with a
 * non-commutative user operation (whole vectors, in rank order), and each application wraps the
 * two byte ranges as native-order buffers for {@link UserFunction}. Also the array conversions of
 * {@link UserFunction}'s default buffer form.
 */
final class UserCalls
{
    private UserCalls()
    {
    }

    /** The Rankwire operation that applies {@code function} to items of {@code type}. */
    static io.rankwire.Op of(final UserFunction function, final Datatype type)
    {
        final int extent = type.extentBytes();
        final boolean bool = type.baseKind() == Datatype.K_BOOLEAN;
        return io.rankwire.Op.user((in, inOff, io, ioOff, n) ->
        {
            final int count = extent == 0 ? 0 : n / extent;
            final ByteBuffer a = ByteBuffer.wrap((byte[])in, inOff, n).slice().order(ByteOrder.nativeOrder());
            final ByteBuffer b = ByteBuffer.wrap((byte[])io, ioOff, n).slice().order(ByteOrder.nativeOrder());
            if (bool)
            {
                final boolean[] x = booleans(a, n);
                final boolean[] y = booleans(b, n);
                function.call(x, y, count, type);
                for (int i = 0; i < n; i++)
                {
                    b.put(i, (byte)(y[i] ? 1 : 0));
                }
            }
            else
            {
                function.call(a, b, count, type);
            }
        }, false);
    }

    private static boolean[] booleans(final ByteBuffer b, final int n)
    {
        final boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++)
        {
            out[i] = b.get(i) != 0;
        }
        return out;
    }

    /** The content of {@code b} as an array of {@code type}'s base type. */
    static Object toArray(final ByteBuffer b, final Datatype type)
    {
        final ByteBuffer v = b.duplicate().order(ByteOrder.nativeOrder());
        v.clear();
        switch (type.baseKind())
        {
            case Datatype.K_CHAR: { final char[] a = new char[v.capacity() / 2]; v.asCharBuffer().get(a); return a; }
            case Datatype.K_SHORT: { final short[] a = new short[v.capacity() / 2]; v.asShortBuffer().get(a); return a; }
            case Datatype.K_INT: { final int[] a = new int[v.capacity() / 4]; v.asIntBuffer().get(a); return a; }
            case Datatype.K_LONG: { final long[] a = new long[v.capacity() / 8]; v.asLongBuffer().get(a); return a; }
            case Datatype.K_FLOAT: { final float[] a = new float[v.capacity() / 4]; v.asFloatBuffer().get(a); return a; }
            case Datatype.K_DOUBLE: { final double[] a = new double[v.capacity() / 8]; v.asDoubleBuffer().get(a); return a; }
            default: { final byte[] a = new byte[v.capacity()]; v.get(a); return a; }
        }
    }

    /** Writes array {@code a} (of {@code type}'s base type) back into {@code b}. */
    static void fromArray(final Object a, final ByteBuffer b, final Datatype type)
    {
        final ByteBuffer v = b.duplicate().order(ByteOrder.nativeOrder());
        v.clear();
        switch (type.baseKind())
        {
            case Datatype.K_CHAR: v.asCharBuffer().put((char[])a); break;
            case Datatype.K_SHORT: v.asShortBuffer().put((short[])a); break;
            case Datatype.K_INT: v.asIntBuffer().put((int[])a); break;
            case Datatype.K_LONG: v.asLongBuffer().put((long[])a); break;
            case Datatype.K_FLOAT: v.asFloatBuffer().put((float[])a); break;
            case Datatype.K_DOUBLE: v.asDoubleBuffer().put((double[])a); break;
            default: v.put((byte[])a); break;
        }
    }
}
