package io.rankwire.coll;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandles;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * The loops of the built-in reduction kernels, one per shape (element-wise, (value, index) pairs)
 * and arithmetic domain ({@link Steps}). The loops are templates and never run as they stand:
 * {@link Kernels} defines a hidden copy of one per (op, element type), with the {@link Steps.Step}
 * as the copy's class data, so in each copy the op and the lanes are constants of the loop's own
 * code and the JIT compiles the loop with them inlined, as it compiles a loop written out for one
 * op and one type. The only code kernels share is the ops and lanes themselves, a few bytes each.
 *
 * <p>Why copies: a loop shared by several kernels has one profile and one compiled body for all
 * of them; the JIT then inlines the ops it saw first and calls the others once per element, and
 * declines to inline a shared method already compiled big into a kernel's loop. Measured against
 * loops written out per (op, type), shared loops took up to 3x their time on some pairs; the
 * copies, which share nothing bigger than an op or a lane accessor, took the same time once
 * compiled. The price: each (op, type) in use is compiled on its own, so its first calls run
 * slower until the JIT has compiled its copy.
 */
final class KernelLoops
{
    private KernelLoops()
    {
    }

    /** The step a copy was made with (its class data); {@code lookup} is the copy's own. */
    static <S extends Steps.Step> S step(final MethodHandles.Lookup lookup, final Class<S> type)
    {
        try
        {
            return MethodHandles.classData(lookup, ConstantDescs.DEFAULT_NAME, type);
        }
        catch (final IllegalAccessException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    static final class IntEach implements Kernels.Kernel
    {
        private static final Steps.IntEach STEP = step(MethodHandles.lookup(), Steps.IntEach.class);
        private static final Steps.IntLanes T = STEP.t();
        private static final IntBinaryOperator F = STEP.f();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            for (int i = 0; i < n; i++)
            {
                T.set(io, ioOff + i, F.applyAsInt(T.get(in, inOff + i), T.get(io, ioOff + i)));
            }
        }
    }

    static final class LongEach implements Kernels.Kernel
    {
        private static final LongBinaryOperator F = step(MethodHandles.lookup(), Steps.LongEach.class).f();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final long[] a = (long[])in;
            final long[] b = (long[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = F.applyAsLong(a[inOff + i], b[ioOff + i]);
            }
        }
    }

    static final class FloatEach implements Kernels.Kernel
    {
        private static final Steps.FloatOp F = step(MethodHandles.lookup(), Steps.FloatEach.class).f();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final float[] a = (float[])in;
            final float[] b = (float[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = F.apply(a[inOff + i], b[ioOff + i]);
            }
        }
    }

    static final class DoubleEach implements Kernels.Kernel
    {
        private static final DoubleBinaryOperator F = step(MethodHandles.lookup(), Steps.DoubleEach.class).f();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final double[] a = (double[])in;
            final double[] b = (double[])io;
            for (int i = 0; i < n; i++)
            {
                b[ioOff + i] = F.applyAsDouble(a[inOff + i], b[ioOff + i]);
            }
        }
    }

    static final class IntPairs implements Kernels.Kernel
    {
        private static final Steps.IntPairs STEP = step(MethodHandles.lookup(), Steps.IntPairs.class);
        private static final Steps.IntLanes T = STEP.t();
        private static final boolean MAX = STEP.max();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            for (int i = 0; i < n; i += 2)
            {
                final int a = T.get(in, inOff + i);
                final int b = T.get(io, ioOff + i);
                final int ai = T.get(in, inOff + i + 1);
                if ((MAX ? a > b : a < b) || (a == b && ai < T.get(io, ioOff + i + 1)))
                {
                    T.set(io, ioOff + i, a);
                    T.set(io, ioOff + i + 1, ai);
                }
            }
        }
    }

    static final class LongPairs implements Kernels.Kernel
    {
        private static final boolean MAX = step(MethodHandles.lookup(), Steps.LongPairs.class).max();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final long[] x = (long[])in;
            final long[] y = (long[])io;
            for (int i = 0; i < n; i += 2)
            {
                final long a = x[inOff + i];
                final long b = y[ioOff + i];
                if ((MAX ? a > b : a < b) || (a == b && x[inOff + i + 1] < y[ioOff + i + 1]))
                {
                    y[ioOff + i] = a;
                    y[ioOff + i + 1] = x[inOff + i + 1];
                }
            }
        }
    }

    static final class FloatPairs implements Kernels.Kernel
    {
        private static final boolean MAX = step(MethodHandles.lookup(), Steps.FloatPairs.class).max();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final float[] x = (float[])in;
            final float[] y = (float[])io;
            for (int i = 0; i < n; i += 2)
            {
                final float a = x[inOff + i];
                final float b = y[ioOff + i];
                if ((MAX ? a > b : a < b) || (a == b && x[inOff + i + 1] < y[ioOff + i + 1]))
                {
                    y[ioOff + i] = a;
                    y[ioOff + i + 1] = x[inOff + i + 1];
                }
            }
        }
    }

    static final class DoublePairs implements Kernels.Kernel
    {
        private static final boolean MAX = step(MethodHandles.lookup(), Steps.DoublePairs.class).max();

        @Override
        public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
        {
            final double[] x = (double[])in;
            final double[] y = (double[])io;
            for (int i = 0; i < n; i += 2)
            {
                final double a = x[inOff + i];
                final double b = y[ioOff + i];
                if ((MAX ? a > b : a < b) || (a == b && x[inOff + i + 1] < y[ioOff + i + 1]))
                {
                    y[ioOff + i] = a;
                    y[ioOff + i + 1] = x[inOff + i + 1];
                }
            }
        }
    }
}
