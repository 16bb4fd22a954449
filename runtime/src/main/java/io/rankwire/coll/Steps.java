package io.rankwire.coll;

import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * The built-in reductions' ops, {@code io[j] = in[i] op io[j]}, written once per arithmetic
 * domain: {@code int}, {@code long}, {@code float}, {@code double}; MINLOC and MAXLOC compare
 * (value, index) pairs. Arrays of {@code byte}, {@code short}, {@code char} and {@code int} share
 * the {@code int} domain through {@link IntLanes}, which widen on reading and narrow on writing
 * exactly as Java's own arithmetic does ({@code (byte)(a + b)}); each other type is its own
 * domain, so every op runs in the type's own arithmetic. A step names an op (or which of MINLOC
 * and MAXLOC) and its lanes, and the loop of its shape and domain ({@link KernelLoops}), which
 * runs it.
 */
final class Steps
{
    private Steps()
    {
    }

    /** A built-in op on one type: its op and lanes, run by a copy of its {@link #loop()}. */
    interface Step
    {
        /** The template of the loop that runs this step ({@link KernelLoops}). */
        Class<?> loop();
    }

    /** {@code op(a, b)} on floats (the JDK has no float operator). */
    @FunctionalInterface
    interface FloatOp
    {
        float apply(float a, float b);
    }

    /** The step of built-in {@code kind} on arrays like {@code like}, or null when {@code kind} does not apply to them. */
    static Step of(final int kind, final Object like)
    {
        if (like instanceof double[])
        {
            return doubles(kind);
        }
        if (like instanceof long[])
        {
            return longs(kind);
        }
        if (like instanceof float[])
        {
            return floats(kind);
        }
        if (like instanceof int[])
        {
            return ints(IntLanes.INT, kind);
        }
        if (like instanceof short[])
        {
            return ints(IntLanes.SHORT, kind);
        }
        if (like instanceof char[])
        {
            return ints(IntLanes.CHAR, kind);
        }
        return ints(IntLanes.BYTE, kind);
    }

    private static Step ints(final IntLanes t, final int kind)
    {
        switch (kind)
        {
            case Kernels.SUM:
                return new IntEach(t, (a, b) -> a + b);
            case Kernels.PROD:
                return new IntEach(t, (a, b) -> a * b);
            case Kernels.MIN:
                return new IntEach(t, Math::min);
            case Kernels.MAX:
                return new IntEach(t, Math::max);
            case Kernels.LAND:
                return new IntEach(t, (a, b) -> a != 0 && b != 0 ? 1 : 0);
            case Kernels.LOR:
                return new IntEach(t, (a, b) -> a != 0 || b != 0 ? 1 : 0);
            case Kernels.LXOR:
                return new IntEach(t, (a, b) -> (a != 0) != (b != 0) ? 1 : 0);
            case Kernels.BAND:
                return new IntEach(t, (a, b) -> a & b);
            case Kernels.BOR:
                return new IntEach(t, (a, b) -> a | b);
            case Kernels.BXOR:
                return new IntEach(t, (a, b) -> a ^ b);
            case Kernels.MINLOC:
            case Kernels.MAXLOC:
                return new IntPairs(t, kind == Kernels.MAXLOC);
            default:
                return null;
        }
    }

    private static Step longs(final int kind)
    {
        switch (kind)
        {
            case Kernels.SUM:
                return new LongEach((a, b) -> a + b);
            case Kernels.PROD:
                return new LongEach((a, b) -> a * b);
            case Kernels.MIN:
                return new LongEach(Math::min);
            case Kernels.MAX:
                return new LongEach(Math::max);
            case Kernels.LAND:
                return new LongEach((a, b) -> a != 0 && b != 0 ? 1 : 0);
            case Kernels.LOR:
                return new LongEach((a, b) -> a != 0 || b != 0 ? 1 : 0);
            case Kernels.LXOR:
                return new LongEach((a, b) -> (a != 0) != (b != 0) ? 1 : 0);
            case Kernels.BAND:
                return new LongEach((a, b) -> a & b);
            case Kernels.BOR:
                return new LongEach((a, b) -> a | b);
            case Kernels.BXOR:
                return new LongEach((a, b) -> a ^ b);
            case Kernels.MINLOC:
            case Kernels.MAXLOC:
                return new LongPairs(kind == Kernels.MAXLOC);
            default:
                return null;
        }
    }

    private static Step floats(final int kind)
    {
        switch (kind)
        {
            case Kernels.SUM:
                return new FloatEach((a, b) -> a + b);
            case Kernels.PROD:
                return new FloatEach((a, b) -> a * b);
            case Kernels.MIN:
                return new FloatEach(Math::min);
            case Kernels.MAX:
                return new FloatEach(Math::max);
            case Kernels.LAND:
                return new FloatEach((a, b) -> a != 0f && b != 0f ? 1f : 0f);
            case Kernels.LOR:
                return new FloatEach((a, b) -> a != 0f || b != 0f ? 1f : 0f);
            case Kernels.LXOR:
                return new FloatEach((a, b) -> (a != 0f) != (b != 0f) ? 1f : 0f);
            case Kernels.MINLOC:
            case Kernels.MAXLOC:
                return new FloatPairs(kind == Kernels.MAXLOC);
            default:
                return null;
        }
    }

    private static Step doubles(final int kind)
    {
        switch (kind)
        {
            case Kernels.SUM:
                return new DoubleEach((a, b) -> a + b);
            case Kernels.PROD:
                return new DoubleEach((a, b) -> a * b);
            case Kernels.MIN:
                return new DoubleEach(Math::min);
            case Kernels.MAX:
                return new DoubleEach(Math::max);
            case Kernels.LAND:
                return new DoubleEach((a, b) -> a != 0d && b != 0d ? 1d : 0d);
            case Kernels.LOR:
                return new DoubleEach((a, b) -> a != 0d || b != 0d ? 1d : 0d);
            case Kernels.LXOR:
                return new DoubleEach((a, b) -> (a != 0d) != (b != 0d) ? 1d : 0d);
            case Kernels.MINLOC:
            case Kernels.MAXLOC:
                return new DoublePairs(kind == Kernels.MAXLOC);
            default:
                return null;
        }
    }

    /** The arrays of the {@code int} domain: elements read as int, written back narrowed to the array's type. */
    enum IntLanes
    {
        BYTE
        {
            @Override
            int get(final Object a, final int i)
            {
                return ((byte[])a)[i];
            }

            @Override
            void set(final Object a, final int i, final int v)
            {
                ((byte[])a)[i] = (byte)v;
            }
        },
        SHORT
        {
            @Override
            int get(final Object a, final int i)
            {
                return ((short[])a)[i];
            }

            @Override
            void set(final Object a, final int i, final int v)
            {
                ((short[])a)[i] = (short)v;
            }
        },
        CHAR
        {
            @Override
            int get(final Object a, final int i)
            {
                return ((char[])a)[i];
            }

            @Override
            void set(final Object a, final int i, final int v)
            {
                ((char[])a)[i] = (char)v;
            }
        },
        INT
        {
            @Override
            int get(final Object a, final int i)
            {
                return ((int[])a)[i];
            }

            @Override
            void set(final Object a, final int i, final int v)
            {
                ((int[])a)[i] = v;
            }
        };

        abstract int get(Object a, int i);

        abstract void set(Object a, int i, int v);
    }

    // ---- element-wise, io[j] = f(in[i], io[j]); and (value, index) pairs, which replace io's pair
    // when in's value is smaller (MINLOC) or larger (MAXLOC), or equal with a smaller index

    record IntEach(IntLanes t, IntBinaryOperator f) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.IntEach.class;
        }
    }

    record LongEach(LongBinaryOperator f) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.LongEach.class;
        }
    }

    record FloatEach(FloatOp f) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.FloatEach.class;
        }
    }

    record DoubleEach(DoubleBinaryOperator f) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.DoubleEach.class;
        }
    }

    record IntPairs(IntLanes t, boolean max) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.IntPairs.class;
        }
    }

    record LongPairs(boolean max) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.LongPairs.class;
        }
    }

    record FloatPairs(boolean max) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.FloatPairs.class;
        }
    }

    record DoublePairs(boolean max) implements Step
    {
        @Override
        public Class<?> loop()
        {
            return KernelLoops.DoublePairs.class;
        }
    }
}
