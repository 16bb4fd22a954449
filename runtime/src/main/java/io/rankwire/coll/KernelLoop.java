package io.rankwire.coll;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandles;

/**
 * The loop of every built-in reduction kernel: its {@link Steps.Step} over {@code n} elements,
 * {@link Steps.Step#width()} at a time. This class is a template and never runs as it stands:
 * {@link Kernels} defines a hidden copy of it per (op, element type), with the step as the copy's
 * class data, so in each copy the step is a constant of the loop's own code and the JIT compiles
 * the loop with that step inlined, as it compiles a loop written out for one op and one type.
 *
 * <p>Why copies: a loop shared by every kernel has one profile and one compiled body for all of
 * them; the JIT then inlines the steps it saw first, and calls the others once per element (it
 * also declines to inline a shared loop already compiled big into a kernel's caller). Measured
 * against loops written out per (op, type), shared loops took up to 3x their time on some pairs;
 * the copies took the same time.
 */
final class KernelLoop implements Kernels.Kernel
{
    private static final Steps.Step STEP = step();
    private static final int WIDTH = STEP.width();

    private static Steps.Step step()
    {
        try
        {
            return MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, Steps.Step.class);
        }
        catch (final IllegalAccessException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @Override
    public void apply(final Object in, final int inOff, final Object io, final int ioOff, final int n)
    {
        for (int i = 0; i < n; i += WIDTH)
        {
            STEP.apply(in, inOff + i, io, ioOff + i);
        }
    }
}
