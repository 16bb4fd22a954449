package io.rankwire;

import java.util.Objects;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

import io.rankwire.coll.Kernels;
import io.rankwire.coll.Reduction;

/**
 * A reduction operation for {@link Comm#reduce}, {@link Comm#allReduce}, {@link Comm#scan} and
 * friends: one of the built-ins or a user function.
 *
 * <p>Built-ins work on every array type except that bitwise ops (BAND, BOR, BXOR) reject
 * {@code float[]} and {@code double[]}. Logical ops treat non-zero as true and produce 1 or 0.
 * Arithmetic wraps like Java arithmetic. MINLOC and MAXLOC reduce interleaved
 * {@code (value, index)} pairs held in one array of the value's type (e.g.
 * {@code double[] {v0, i0, v1, i1}}; indexes in a {@code float[]} are exact up to 2^24, in a
 * {@code double[]} up to 2^53); the count is in elements and must be even; a tie keeps the
 * smaller index.
 *
 * <p>Results of a commutative op may be combined in any order (so floating-point sums may differ
 * in the last bits between algorithms); a non-commutative op is always applied in rank order.
 */
public final class Op implements Reduction
{
    public static final Op SUM = new Op(Kernels.SUM, null);
    public static final Op PROD = new Op(Kernels.PROD, null);
    public static final Op MIN = new Op(Kernels.MIN, null);
    public static final Op MAX = new Op(Kernels.MAX, null);
    public static final Op LAND = new Op(Kernels.LAND, null);
    public static final Op LOR = new Op(Kernels.LOR, null);
    public static final Op LXOR = new Op(Kernels.LXOR, null);
    public static final Op BAND = new Op(Kernels.BAND, null);
    public static final Op BOR = new Op(Kernels.BOR, null);
    public static final Op BXOR = new Op(Kernels.BXOR, null);
    public static final Op MINLOC = new Op(Kernels.MINLOC, null);
    public static final Op MAXLOC = new Op(Kernels.MAXLOC, null);

    private final int kind;
    private final UserFunction function;
    private final boolean commutative;

    private Op(final int kind, final UserFunction function)
    {
        this(kind, function, true);
    }

    private Op(final int kind, final UserFunction function, final boolean commutative)
    {
        this.kind = kind;
        this.function = function;
        this.commutative = commutative;
    }

    /** A user op; {@code commutative = false} makes every collective apply it in rank order. */
    public static Op user(final UserFunction function, final boolean commutative)
    {
        return new Op(-1, Objects.requireNonNull(function, "function"), commutative);
    }

    /** A user op on {@code int[]} buffers applying {@code f(left, right)} element-wise. */
    public static Op ofInt(final IntBinaryOperator f, final boolean commutative)
    {
        Objects.requireNonNull(f, "f");
        return user((in, inOff, io, ioOff, n) ->
        {
            final int[] a = (int[])in;
            final int[] b = (int[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = f.applyAsInt(a[inOff + i], b[ioOff + i]);
            }
        }, commutative);
    }

    /** A user op on {@code long[]} buffers applying {@code f(left, right)} element-wise. */
    public static Op ofLong(final LongBinaryOperator f, final boolean commutative)
    {
        Objects.requireNonNull(f, "f");
        return user((in, inOff, io, ioOff, n) ->
        {
            final long[] a = (long[])in;
            final long[] b = (long[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = f.applyAsLong(a[inOff + i], b[ioOff + i]);
            }
        }, commutative);
    }

    /** A user op on {@code double[]} buffers applying {@code f(left, right)} element-wise. */
    public static Op ofDouble(final DoubleBinaryOperator f, final boolean commutative)
    {
        Objects.requireNonNull(f, "f");
        return user((in, inOff, io, ioOff, n) ->
        {
            final double[] a = (double[])in;
            final double[] b = (double[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = f.applyAsDouble(a[inOff + i], b[ioOff + i]);
            }
        }, commutative);
    }

    /** True when operands may be combined in any order. Built-ins are commutative. */
    @Override
    public boolean isCommutative()
    {
        return commutative;
    }

    /** Computes {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]} for {@code count} elements. */
    @Override
    public void apply(final Object in, final int inOff, final Object inout, final int ioOff, final int count)
    {
        if (function != null)
        {
            function.apply(in, inOff, inout, ioOff, count);
        }
        else
        {
            Kernels.apply(kind, in, inOff, inout, ioOff, count);
        }
    }

    /** Checks a built-in op supports {@code count} elements of {@code like}'s type (see {@link Reduction#check}). */
    @Override
    public void check(final Object like, final int count)
    {
        if (function == null)
        {
            if (isPairwise() && (count & 1) != 0)
            {
                throw new IllegalArgumentException("count : " + count + " (expected: even, (value, index) pairs for " + this + ")");
            }
            Kernels.apply(kind, like, 0, like, 0, 0);   // no elements: finds (or refuses) the kernel, touches nothing
        }
    }

    /** True for {@link #MINLOC} and {@link #MAXLOC}, whose elements are (value, index) pairs. */
    @Override
    public boolean isPairwise()
    {
        return this == MINLOC || this == MAXLOC;
    }

    @Override
    public String toString()
    {
        return function == null ? "Op." + Kernels.name(kind) : "Op{user, commutative=" + commutative + '}';
    }
}
