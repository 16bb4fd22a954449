package mpi;

import java.nio.ByteBuffer;

/**
 * The function of a user reduction ({@link Op#Op(UserFunction, boolean)}), as in Open MPI's Java
 * bindings: it combines {@code count} items of {@code datatype}, {@code inOut[i] = in[i] op
 * inOut[i]}, with the items in their datatype's layout (item i at {@code i * extent}). Override
 * one of the two {@code call} methods: the buffer form gets native-order byte buffers; its default
 * copies them into arrays of the datatype's base type ({@code count * getExtent()} elements) and
 * calls the array form, which is also what {@link MPI#BOOLEAN} data gets (as {@code boolean[]}).
 */
public abstract class UserFunction
{
    /**
     * Combines {@code inVec} into {@code inOutVec}: arrays of the datatype's base type holding
     * {@code count} items. Not implemented here: override it or the buffer form.
     */
    public void call(final Object inVec, final Object inOutVec, final int count, final Datatype datatype)
    {
        throw new UnsupportedOperationException("UserFunction.call : not overridden (expected: an override of " +
            "call(Object, Object, int, Datatype) or call(ByteBuffer, ByteBuffer, int, Datatype))");
    }

    /** Combines {@code in} into {@code inOut}: byte buffers in native order holding {@code count} items. */
    public void call(final ByteBuffer in, final ByteBuffer inOut, final int count, final Datatype datatype)
    {
        final Object a = UserCalls.toArray(in, datatype);
        final Object b = UserCalls.toArray(inOut, datatype);
        call(a, b, count, datatype);
        UserCalls.fromArray(b, inOut, datatype);
    }
}
