package io.rankwire;

/**
 * Element types of typed-array buffers, used to turn a byte count into an element count
 * ({@link Status#count(Datatype)}). Typed arrays travel in the platform's native byte order.
 */
public enum Datatype
{
    BYTE(1),
    SHORT(2),
    CHAR(2),
    INT(4),
    FLOAT(4),
    LONG(8),
    DOUBLE(8);

    private final int size;

    Datatype(final int size)
    {
        this.size = size;
    }

    /** The size of one element in bytes. */
    public int size()
    {
        return size;
    }
}
