package io.rankwire.coll;

/**
 * What a reduction applies, as the collectives see it: the API's {@code Op} implements it. The
 * collectives combine typed arrays ({@code int[]}, {@code double[]}, ...) element by element.
 */
public interface Reduction
{
    /** {@code inout[ioOff + i] = in[inOff + i] (op) inout[ioOff + i]} for {@code i < count}. */
    void apply(Object in, int inOff, Object inout, int ioOff, int count);

    /** True when operands may be combined in any order. */
    boolean isCommutative();

    /**
     * True for MINLOC and MAXLOC, whose elements are (value, index) pairs: algorithms that split
     * a vector must not cut a pair, so they are not used for these.
     */
    boolean isPairwise();

    /**
     * Throws {@link IllegalArgumentException} when this op cannot combine {@code count} elements
     * of arrays like {@code like} (an unsupported element type, an odd count of pairs), so a
     * nonblocking call fails when it starts rather than in the middle. Nothing by default.
     */
    default void check(final Object like, final int count)
    {
    }
}
