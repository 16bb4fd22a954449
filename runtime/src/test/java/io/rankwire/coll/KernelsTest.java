package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
