package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.rankwire.Op;

class KernelsTest
{
    @Test
    void shouldCombineIntsElementWiseIntoTheRightOperand()
    {
        final int[] in = {1, -2, 6, 0b1100};
        final int[][] expected = {
            {4, 3, 6, 0b1100 + 0b1010}, {3, -10, 0, 0b1100 * 0b1010}, {1, -2, 0, 0b1010}, {3, 5, 6, 0b1100},
            {1, 1, 0, 1}, {1, 1, 1, 1}, {0, 0, 1, 0}, {1, 5 & -2, 0, 0b1000}, {3, -2 | 5, 6, 0b1110}, {2, -2 ^ 5, 6, 0b0110}};
        final Op[] ops = {Op.SUM, Op.PROD, Op.MIN, Op.MAX, Op.LAND, Op.LOR, Op.LXOR, Op.BAND, Op.BOR, Op.BXOR};
        for (int k = 0; k < ops.length; k++)
        {
            final int[] io = {3, 5, 0, 0b1010};
            ops[k].apply(in, 0, io, 0, 4);
            assertArrayEquals(expected[k], io, ops[k].toString());
        }
    }

    @Test
    void shouldKeepTheSmallerIndexOnTiesInMinlocAndMaxloc()
    {
        final double[] in = {1.0, 7, 5.0, 2, 3.0, 4};
        final double[] io = {1.0, 3, 6.0, 0, 2.0, 9};
        Op.MINLOC.apply(in, 0, io, 0, 6);
        assertArrayEquals(new double[] {1.0, 3, 5.0, 2, 2.0, 9}, io);
        final long[] a = {4, 8, 2, 1};
        final long[] b = {4, 5, 3, 0};
        Op.MAXLOC.apply(a, 0, b, 0, 4);
        assertArrayEquals(new long[] {4, 5, 3, 0}, b);
    }

    @Test
    void shouldWrapNarrowTypesLikeJavaArithmetic()
    {
        final byte[] in = {100, -128};
        final byte[] io = {100, -1};
        Op.SUM.apply(in, 0, io, 0, 2);
        assertArrayEquals(new byte[] {(byte)200, 127}, io);
        final char[] c = {65535};
        final char[] d = {2};
        Op.SUM.apply(c, 0, d, 0, 1);
        assertArrayEquals(new char[] {1}, d);
    }

    @Test
    void shouldApplyOffsetsAndUserOpsInOperandOrder()
    {
        final long[] in = {9, 10, 20};
        final long[] io = {9, 9, 3, 4};
        Op.ofLong((x, y) -> x * 100 + y, false).apply(in, 1, io, 2, 2);
        assertArrayEquals(new long[] {9, 9, 1003, 2004}, io);
    }

    @Test
    void shouldRejectBitwiseOpsOnFloatingPointAndOddPairCounts()
    {
        assertThrows(IllegalArgumentException.class, () -> Op.BAND.apply(new float[1], 0, new float[1], 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Op.MINLOC.apply(new int[3], 0, new int[3], 0, 3));
        assertThrows(IllegalArgumentException.class, () -> Op.SUM.apply(new Object(), 0, new Object(), 0, 1));
    }

    @Test
    void shouldNameTheOpAndTheTypeABitwiseOpDoesNotApplyTo()
    {
        for (final Op op : new Op[] {Op.BAND, Op.BOR, Op.BXOR})
        {
            for (final Object a : new Object[] {new float[2], new double[2]})
            {
                final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> op.apply(a, 0, a, 0, 2));
                assertEquals("op : " + op.toString().substring(3) + " on " + a.getClass().getSimpleName() +
                    " (expected: an integer array type)", e.getMessage());
            }
        }
    }

    /**
     * Every built-in on every element type against a reference that computes each element in
     * {@code long} (integer types, narrowed to the type afterwards) or {@code double} (floating
     * types, rounded to the type afterwards): extreme values, NaN, infinities and signed zeros,
     * offsets on both sides, and the elements around the range left untouched.
     */
    @Test
    void shouldMatchAWideReferenceForEveryBuiltInOnEveryElementType()
    {
        final SplittableRandom random = new SplittableRandom(20240611);
        for (final Class<?> type : Data.TYPES)
        {
            for (final Op op : Data.BUILT_INS)
            {
                if (!Data.supports(op, type))
                {
                    continue;
                }
                for (int round = 0; round < 40; round++)
                {
                    final int n = (op == Op.MINLOC || op == Op.MAXLOC ? 2 : 1) * random.nextInt(0, 24);
                    final int inOff = random.nextInt(0, 3);
                    final int ioOff = random.nextInt(0, 3);
                    final boolean narrow = op == Op.MINLOC || op == Op.MAXLOC || random.nextBoolean();
                    final Object in = values(type, inOff + n + 2, random, narrow);
                    final Object io = values(type, ioOff + n + 2, random, narrow);
                    final Object expected = copy(io);
                    reference(op, in, inOff, expected, ioOff, n);
                    op.apply(in, inOff, io, ioOff, n);
                    final String what = op + " on " + type.getSimpleName() + " x" + n + " in " + Arrays.deepToString(new Object[] {in});
                    assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {io}),
                        () -> what + ": expected " + Arrays.deepToString(new Object[] {expected}) + " got " + Arrays.deepToString(new Object[] {io}));
                }
            }
        }
    }

    /** {@code n} values: with {@code narrow} a few small ones (ties, zeros), otherwise any, extremes and NaN included. */
    private static Object values(final Class<?> type, final int n, final SplittableRandom random, final boolean narrow)
    {
        final Object a = Array.newInstance(type.getComponentType(), n);
        final boolean floating = type == float[].class || type == double[].class;
        final double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, 1e300, -3.5};
        final long[] extreme = {Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, 0xFFFF, 0x8000, 0x80, -1, 0, 1};
        for (int i = 0; i < n; i++)
        {
            if (narrow)
            {
                set(a, i, random.nextInt(-2, 3), random.nextInt(-2, 3));
            }
            else if (floating)
            {
                final double v = random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : random.nextDouble(-1e6, 1e6);
                set(a, i, (long)v, v);
            }
            else
            {
                final long v = random.nextInt(4) == 0 ? extreme[random.nextInt(extreme.length)] : random.nextLong();
                set(a, i, v, v);
            }
        }
        return a;
    }

    /** The reference: element by element in {@code long} or {@code double}, MINLOC/MAXLOC pair by pair. */
    private static void reference(final Op op, final Object in, final int inOff, final Object io, final int ioOff, final int n)
    {
        final boolean floating = in instanceof float[] || in instanceof double[];
        if (op == Op.MINLOC || op == Op.MAXLOC)
        {
            for (int i = 0; i < n; i += 2)
            {
                final int cmp = floating
                    ? compare(real(in, inOff + i), real(io, ioOff + i))
                    : Long.compare(whole(in, inOff + i), whole(io, ioOff + i));
                final boolean better = op == Op.MINLOC ? cmp == -1 : cmp == 1;
                final boolean earlier = cmp == 0 && (floating
                    ? real(in, inOff + i + 1) < real(io, ioOff + i + 1)
                    : whole(in, inOff + i + 1) < whole(io, ioOff + i + 1));
                if (better || earlier)
                {
                    System.arraycopy(in, inOff + i, io, ioOff + i, 2);
                }
            }
            return;
        }
        for (int i = 0; i < n; i++)
        {
            if (floating)
            {
                final double a = real(in, inOff + i);
                final double b = real(io, ioOff + i);
                final double r;
                if (op == Op.SUM)
                {
                    r = a + b;
                }
                else if (op == Op.PROD)
                {
                    r = a * b;
                }
                else if (op == Op.MIN)
                {
                    r = Math.min(a, b);
                }
                else if (op == Op.MAX)
                {
                    r = Math.max(a, b);
                }
                else
                {
                    r = logical(op, a != 0, b != 0);
                }
                set(io, ioOff + i, 0, r);
            }
            else
            {
                final long a = whole(in, inOff + i);
                final long b = whole(io, ioOff + i);
                final long r;
                if (op == Op.SUM)
                {
                    r = a + b;
                }
                else if (op == Op.PROD)
                {
                    r = a * b;
                }
                else if (op == Op.MIN)
                {
                    r = Math.min(a, b);
                }
                else if (op == Op.MAX)
                {
                    r = Math.max(a, b);
                }
                else if (op == Op.BAND)
                {
                    r = a & b;
                }
                else if (op == Op.BOR)
                {
                    r = a | b;
                }
                else if (op == Op.BXOR)
                {
                    r = a ^ b;
                }
                else
                {
                    r = logical(op, a != 0, b != 0);
                }
                set(io, ioOff + i, r, 0);
            }
        }
    }

    /** Like {@code <}, {@code ==}, {@code >} on doubles: 2 when unordered (a NaN). */
    private static int compare(final double a, final double b)
    {
        return a < b ? -1 : a > b ? 1 : a == b ? 0 : 2;
    }

    private static int logical(final Op op, final boolean a, final boolean b)
    {
        final boolean r = op == Op.LAND ? a && b : op == Op.LOR ? a || b : a ^ b;
        return r ? 1 : 0;
    }

    /** Element {@code i} of an integer array, as Java widens it to long (char without sign). */
    private static long whole(final Object a, final int i)
    {
        if (a instanceof char[])
        {
            return ((char[])a)[i];
        }
        return ((Number)Array.get(a, i)).longValue();
    }

    private static double real(final Object a, final int i)
    {
        return ((Number)Array.get(a, i)).doubleValue();
    }

    /** Stores {@code whole} narrowed to an integer array's type, or {@code real} rounded to a floating one's. */
    private static void set(final Object a, final int i, final long whole, final double real)
    {
        if (a instanceof byte[])
        {
            ((byte[])a)[i] = (byte)whole;
        }
        else if (a instanceof short[])
        {
            ((short[])a)[i] = (short)whole;
        }
        else if (a instanceof char[])
        {
            ((char[])a)[i] = (char)whole;
        }
        else if (a instanceof int[])
        {
            ((int[])a)[i] = (int)whole;
        }
        else if (a instanceof long[])
        {
            ((long[])a)[i] = whole;
        }
        else if (a instanceof float[])
        {
            ((float[])a)[i] = (float)real;
        }
        else
        {
            ((double[])a)[i] = real;
        }
    }

    private static Object copy(final Object a)
    {
        final Object c = Array.newInstance(a.getClass().getComponentType(), Array.getLength(a));
        System.arraycopy(a, 0, c, 0, Array.getLength(a));
        return c;
    }
}
