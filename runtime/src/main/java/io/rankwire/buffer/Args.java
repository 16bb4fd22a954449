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
}
