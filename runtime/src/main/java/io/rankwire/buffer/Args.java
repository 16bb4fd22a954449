package io.rankwire.buffer;

/** Argument checks at the API edge; messages name the value and the limit. */
public final class Args
{
    private Args()
    {
    }

    /** Checks that {@code [offset, offset + count)} lies within {@code [0, capacity)}. */
    public static void checkRange(final int capacity, final int offset, final int count, final String countName)
    {
        if (count < 0)
        {
            throw new IllegalArgumentException(countName + " : " + count + " (expected: >= 0)");
        }
        if (offset < 0)
        {
            throw new IllegalArgumentException("offset : " + offset + " (expected: >= 0)");
        }
        if ((long)offset + count > capacity)
        {
            throw new IllegalArgumentException(
                "offset + " + countName + " : " + ((long)offset + count) + " (expected: <= " + capacity + ")");
        }
    }

    /** {@code value}, or an {@link IllegalArgumentException} naming it when it is null. */
    public static <T> T notNull(final T value, final String name)
    {
        if (value == null)
        {
            throw new IllegalArgumentException(name + " : null (expected: a buffer)");
        }
        return value;
    }
    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final boolean[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final byte[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final short[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final char[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final int[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final long[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final float[] array)
    {
        return notNull(array, "buf").length;
    }

    /** {@code array.length}; a null array is refused naming the argument, as every bad argument is. */
    public static int length(final double[] array)
    {
        return notNull(array, "buf").length;
    }
}
