package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

import io.rankwire.Op;

/**
 * Deterministic test data: every rank can compute every other rank's input, so each rank checks
 * its collective results against a serial computation of its own.
 */
public final class Data
{
    /** Element types under test. */
    public static final List<Class<?>> TYPES = List.of(
        byte[].class, short[].class, char[].class, int[].class, long[].class, float[].class, double[].class);

    /** Every built-in op. */
    public static final List<Op> BUILT_INS = List.of(
        Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.LAND, Op.LOR, Op.LXOR, Op.BAND, Op.BOR, Op.BXOR, Op.MINLOC, Op.MAXLOC);

    /**
     * 2x2 matrix product over groups of four {@code long}s (wrapping): associative, not
     * commutative, so any ordering mistake shows.
     */
    public static final Op MATMUL = Op.user((in, inOff, io, ioOff, n) ->
    {
        final long[] a = (long[])in;
        final long[] b = (long[])io;
        for (int i = 0; i < n; i += 4)
        {
            final int x = inOff + i;
            final int y = ioOff + i;
            final long c0 = a[x] * b[y] + a[x + 1] * b[y + 2];
            final long c1 = a[x] * b[y + 1] + a[x + 1] * b[y + 3];
            final long c2 = a[x + 2] * b[y] + a[x + 3] * b[y + 2];
            final long c3 = a[x + 2] * b[y + 1] + a[x + 3] * b[y + 3];
            b[y] = c0;
            b[y + 1] = c1;
            b[y + 2] = c2;
            b[y + 3] = c3;
        }
    }, false);

    private Data()
    {
    }

    /** True when {@code op} is defined on arrays of {@code type}. */
    public static boolean supports(final Op op, final Class<?> type)
    {
        final boolean floating = type == float[].class || type == double[].class;
        return !(floating && (op == Op.BAND || op == Op.BOR || op == Op.BXOR));
    }

    /**
     * Rank {@code rank}'s input of {@code count} elements for case {@code seed}: small values
     * (so float sums and products stay exact), odd positions hold the rank (MINLOC/MAXLOC
     * indexes).
     */
    public static Object input(final Class<?> type, final int rank, final int count, final int seed)
    {
        final Object a = Array.newInstance(type.getComponentType(), count);
        for (int i = 0; i < count; i++)
        {
            final int v = (i & 1) == 1 ? rank : Math.floorMod(rank * 31 + i * 7 + seed * 13, 9) - 3;
            set(a, i, type == char[].class ? Math.abs(v) : v);
        }
        return a;
    }

    /** A buffer of {@code count} elements filled with a marker value that no result has. */
    public static Object marked(final Class<?> type, final int count)
    {
        final Object a = Array.newInstance(type.getComponentType(), count);
        for (int i = 0; i < count; i++)
        {
            set(a, i, 101);
        }
        return a;
    }

    /** The reduction of inputs of ranks {@code from..to-1} in rank order (null when empty). */
    public static Object reduce(final Op op, final Class<?> type, final int from, final int to, final int count, final int seed)
    {
        Object acc = null;
        for (int r = from; r < to; r++)
        {
            final Object x = input(type, r, count, seed);
            if (acc != null)
            {
                op.apply(acc, 0, x, 0, count);
            }
            acc = x;
        }
        return acc;
    }

    static void set(final Object a, final int i, final int v)
    {
        if (a instanceof byte[])
        {
            ((byte[])a)[i] = (byte)v;
        }
        else if (a instanceof short[])
        {
            ((short[])a)[i] = (short)v;
        }
        else if (a instanceof char[])
        {
            ((char[])a)[i] = (char)v;
        }
        else if (a instanceof int[])
        {
            ((int[])a)[i] = v;
        }
        else if (a instanceof long[])
        {
            ((long[])a)[i] = v;
        }
        else if (a instanceof float[])
        {
            ((float[])a)[i] = v;
        }
        else
        {
            ((double[])a)[i] = v;
        }
    }

    /** {@code a[aOff, + n)} as a new array. */
    public static Object slice(final Object a, final int aOff, final int n)
    {
        final Object s = Array.newInstance(a.getClass().getComponentType(), n);
        System.arraycopy(a, aOff, s, 0, n);
        return s;
    }

    /** Asserts {@code actual[off, + expected.length)} equals {@code expected}. */
    public static void assertSlice(final Object expected, final Object actual, final int off, final String what)
    {
        final int n = Array.getLength(expected);
        final Object got = slice(actual, off, n);
        assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {got}),
            () -> what + ": expected " + Arrays.deepToString(new Object[] {expected}) + " got " + Arrays.deepToString(new Object[] {got}));
    }
}
