package io.rankwire;

import io.rankwire.buffer.MessageBuffer;

/**
 * The arrays behind the {@link MessageBuffer}s that collectives take: {@link MessageBuffer.Bytes}
 * and {@link MessageBuffer.Typed}, whose reductions work element by element; any other kind is
 * refused naming it.
 */
final class CollectiveArrays
{
    private CollectiveArrays()
    {
    }

    static Object array(final MessageBuffer buf, final String name)
    {
        if (buf instanceof MessageBuffer.Typed)
        {
            return ((MessageBuffer.Typed)buf).array();
        }
        if (buf instanceof MessageBuffer.Bytes)
        {
            return ((MessageBuffer.Bytes)buf).array();
        }
        throw new IllegalArgumentException(name + " : " + (buf == null ? "null" : buf.getClass().getName()) +
            " (expected: a MessageBuffer of a byte[] or of a primitive array, from MessageBuffer.of)");
    }

    static int offset(final MessageBuffer buf)
    {
        return buf instanceof MessageBuffer.Typed ? ((MessageBuffer.Typed)buf).offset() : ((MessageBuffer.Bytes)buf).offset();
    }

    /** Elements (bytes for a {@code byte[]}). */
    static int count(final MessageBuffer buf)
    {
        return buf instanceof MessageBuffer.Typed ? ((MessageBuffer.Typed)buf).count() : buf.byteLength();
    }
}
