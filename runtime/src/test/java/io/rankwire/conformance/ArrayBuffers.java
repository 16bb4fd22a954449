package io.rankwire.conformance;

import java.lang.reflect.Array;

import io.rankwire.Comm;
import io.rankwire.buffer.MessageBuffer;

/**
 * Test code that is generic over the element type (it holds its arrays as {@code Object}) names
 * a region of one with {@link #of}: the {@link MessageBuffer} of the array's kind. Null and
 * descriptors ({@link Comm#IN_PLACE} among them) pass through.
 */
public final class ArrayBuffers
{
    private ArrayBuffers()
    {
    }

    /** {@code count} elements of the primitive array {@code array} from element {@code offset}. */
    public static MessageBuffer of(final Object array, final int offset, final int count)
    {
        if (array == null || array instanceof MessageBuffer)
        {
            return (MessageBuffer)array;
        }
        if (array instanceof byte[])
        {
            return MessageBuffer.of((byte[])array, offset, count);
        }
        if (array instanceof short[])
        {
            return MessageBuffer.of((short[])array, offset, count);
        }
        if (array instanceof char[])
        {
            return MessageBuffer.of((char[])array, offset, count);
        }
        if (array instanceof int[])
        {
            return MessageBuffer.of((int[])array, offset, count);
        }
        if (array instanceof long[])
        {
            return MessageBuffer.of((long[])array, offset, count);
        }
        if (array instanceof float[])
        {
            return MessageBuffer.of((float[])array, offset, count);
        }
        if (array instanceof double[])
        {
            return MessageBuffer.of((double[])array, offset, count);
        }
        throw new IllegalArgumentException("array : " + array.getClass().getName() + " (expected: a primitive array)");
    }

    /** The whole of {@code array} (null and a {@code MessageBuffer}, {@code IN_PLACE} among them, pass through). */
    public static MessageBuffer whole(final Object array)
    {
        return array == null || array instanceof MessageBuffer ? (MessageBuffer)array : of(array, 0, Array.getLength(array));
    }

    /** {@code array} from element {@code offset} to its end. */
    public static MessageBuffer tail(final Object array, final int offset)
    {
        return array == null || array instanceof MessageBuffer ? (MessageBuffer)array : of(array, offset, Array.getLength(array) - offset);
    }

    /**
     * {@code blocks} blocks of {@code count} elements from element {@code offset}, or as many of
     * them as the array holds (a buffer that is not significant at a rank may be shorter).
     */
    public static MessageBuffer blocks(final Object array, final int offset, final int count, final int blocks)
    {
        if (array == null || array instanceof MessageBuffer)
        {
            return (MessageBuffer)array;
        }
        final long wanted = (long)count * blocks;
        return of(array, offset, (int)Math.max(0, Math.min(wanted, Array.getLength(array) - (long)offset)));
    }
}
