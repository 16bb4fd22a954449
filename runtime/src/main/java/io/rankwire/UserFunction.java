package io.rankwire;

/**
 * A user-defined reduction: combines {@code count} elements so that
 * {@code inout[inoutOffset + i] = in[inOffset + i] op inout[inoutOffset + i]}. {@code in} holds the
 * partial result of lower ranks (the left operand). Both arrays have the type the collective was
 * called with ({@code byte[]} .. {@code double[]}); cast them. Must not keep references to them.
 */
@FunctionalInterface
public interface UserFunction
{
    /** Combines {@code in} into {@code inout} (see the interface comment). */
    void apply(Object in, int inOffset, Object inout, int inoutOffset, int count);
}
