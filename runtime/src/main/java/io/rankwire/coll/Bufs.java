package io.rankwire.coll;

import java.lang.reflect.Array;

import io.rankwire.buffer.BufView;

/** Helpers over the primitive arrays collectives accept ({@code byte[] .. double[]}). */
public final class Bufs
{
    static final String EXPECTED = "byte[], short[], char[], int[], long[], float[] or double[]";

    private Bufs()
    {
    }

    /** The element size of primitive array {@code a}; throws for anything else. */
    public static int elemSize(final Object a)
    {
        if (a instanceof byte[])
        {
            return 1;
        }
        if (a instanceof short[] || a instanceof char[])
        {
            return 2;
        }
        if (a instanceof int[] || a instanceof float[])
        {
            return 4;
        }
        if (a instanceof long[] || a instanceof double[])
        {
            return 8;
        }
        throw new IllegalArgumentException("buffer : " + typeName(a) + " (expected: " + EXPECTED + ")");
    }

    /** Points {@code view} at {@code count} elements of {@code a} from {@code offset}. */
    static void view(final BufView view, final Object a, final int offset, final int count)
    {
        view.array(a, offset, count);
    }

    /** A new array of the same type as {@code like} with {@code n} elements. */
    static Object alloc(final Object like, final int n)
    {
        return Array.newInstance(like.getClass().getComponentType(), n);
    }

    static void copy(final Object src, final int srcOff, final Object dst, final int dstOff, final int n)
    {
        if (n > 0 && (src != dst || srcOff != dstOff))
        {
            System.arraycopy(src, srcOff, dst, dstOff, n);
        }
    }

    static String typeName(final Object a)
    {
        return a == null ? "null" : a.getClass().getSimpleName();
    }

    /** Checks {@code a} is a supported array holding {@code [offset, offset + count)}. */
    public static void check(final Object a, final int offset, final long count, final String name)
    {
        elemSize(a);
        final int length = Array.getLength(a);
        if (count < 0)
        {
            throw new IllegalArgumentException("count : " + count + " (expected: >= 0)");
        }
        if (offset < 0 || offset + count > length)
        {
            throw new IllegalArgumentException(name + " range : [" + offset + ", " + (offset + count) + ") (expected: within [0, " + length + "))");
        }
    }

    /** Checks two buffers have the same element type. */
    public static void sameType(final Object a, final Object b)
    {
        if (a.getClass() != b.getClass())
        {
            throw new IllegalArgumentException("buffer types : " + typeName(a) + " and " + typeName(b) + " (expected: the same type)");
        }
    }
}
