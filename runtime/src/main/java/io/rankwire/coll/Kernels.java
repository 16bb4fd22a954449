package io.rankwire.coll;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Built-in reduction kernels over primitive arrays. {@link #apply} computes
 * {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]}: {@code in} is the left operand
 * (the lower ranks' partial result), {@code inout} the right one and the destination.
 *
 * <p>MINLOC and MAXLOC work on interleaved (value, index) pairs of the array's own type; the
 * count is in elements and must be even; a tie keeps the smaller index.
 *
 * <p>A kernel is one (op, element type): its step ({@link Steps}) run by its own copy of its
 * shape's and domain's loop ({@link KernelLoops}), made the first time the pair is used.
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
    /** The element types, in the order of {@link #type}. */
    private static final String[] TYPES = {"double", "long", "int", "float", "short", "char", "byte"};
    private static final AtomicReferenceArray<Kernel> KERNELS = new AtomicReferenceArray<>(TYPES.length * NAMES.length);
    /** The class files of the {@link KernelLoops} templates, read once each. */
    private static final java.util.Map<Class<?>, byte[]> LOOPS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A built-in reduction of one (op, element type) over {@code n} elements: a copy of a {@link KernelLoops} template. */
    interface Kernel
    {
        void apply(Object in, int inOff, Object io, int ioOff, int n);
    }

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
        kernel(kind, inout).apply(in, inOff, inout, ioOff, n);
    }

    private static Kernel kernel(final int kind, final Object like)
    {
        if (kind < 0 || kind >= NAMES.length)
        {
            throw new IllegalArgumentException("op : " + kind + " (expected: a built-in, 0.." + (NAMES.length - 1) + ")");
        }
        final int type = type(like);
        final int slot = type * NAMES.length + kind;
        final Kernel known = KERNELS.get(slot);
        if (known != null)
        {
            return known;
        }
        final Steps.Step step = Steps.of(kind, like);
        if (step == null)
        {
            throw unsupported(kind, TYPES[type]);
        }
        KERNELS.compareAndSet(slot, null, copyOfLoop(step));
        return KERNELS.get(slot);
    }

    /** The index of {@code a}'s type in {@link #TYPES}; throws for anything but a primitive array collectives accept. */
    private static int type(final Object a)
    {
        if (a instanceof double[])
        {
            return 0;
        }
        if (a instanceof long[])
        {
            return 1;
        }
        if (a instanceof int[])
        {
            return 2;
        }
        if (a instanceof float[])
        {
            return 3;
        }
        if (a instanceof short[])
        {
            return 4;
        }
        if (a instanceof char[])
        {
            return 5;
        }
        if (a instanceof byte[])
        {
            return 6;
        }
        throw new IllegalArgumentException("buffer : " + Bufs.typeName(a) + " (expected: " + Bufs.EXPECTED + ")");
    }

    /** A hidden class made from the class file of {@code step}'s loop with {@code step} as its class data, and an instance of it. */
    private static Kernel copyOfLoop(final Steps.Step step)
    {
        try
        {
            final byte[] template = LOOPS.computeIfAbsent(step.loop(), Kernels::classFile);
            final MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClassWithClassData(template, step, true);
            return (Kernel)copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class)).invoke();
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("kernel loop : " + step + " (expected: a copy of " + step.loop().getName() + ")", ex);
        }
    }

    private static byte[] classFile(final Class<?> c)
    {
        final String name = c.getName().substring(c.getPackageName().length() + 1) + ".class";
        try (InputStream in = c.getResourceAsStream(name))
        {
            if (in == null)
            {
                throw new IllegalStateException("class file : " + name + " (expected: beside " + c.getName() + ")");
            }
            return in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(name, ex);
        }
    }

    static IllegalArgumentException unsupported(final int kind, final String type)
    {
        return new IllegalArgumentException("op : " + name(kind) + " on " + type + "[] (expected: an integer array type)");
    }
}
