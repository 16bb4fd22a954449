package io.rankwire;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.coll.Collectives;

/**
 * Collective arguments resolved to what the collectives work on, without allocating: the array
 * behind a {@link MessageBuffer.Bytes} or {@link MessageBuffer.Typed} descriptor (reductions work
 * on arrays element by element), its first element and its count; {@link Comm#IN_PLACE} becomes
 * the collectives' in-place marker and a null descriptor (a buffer not significant at this rank)
 * a null array. Any other kind of descriptor is refused naming it.
 */
final class CollectiveArrays
{
    /** {@link Comm#IN_PLACE}: a marker, never a buffer of a point-to-point call. */
    static final MessageBuffer IN_PLACE = new InPlace();

    private CollectiveArrays()
    {
    }

    /** The array behind {@code buf}, {@link Collectives#IN_PLACE} for {@link Comm#IN_PLACE}, null for null. */
    static Object array(final MessageBuffer buf, final String name)
    {
        if (buf == null)
        {
            return null;
        }
        if (buf == IN_PLACE)
        {
            return Collectives.IN_PLACE;
        }
        if (buf instanceof MessageBuffer.Typed)
        {
            return ((MessageBuffer.Typed)buf).array();
        }
        if (buf instanceof MessageBuffer.Bytes)
        {
            return ((MessageBuffer.Bytes)buf).array();
        }
        throw new IllegalArgumentException(name + " : " + buf.getClass().getName() +
            " (expected: a MessageBuffer of a byte[] or of a primitive array, from MessageBuffer.of)");
    }

    /** True for {@link Comm#IN_PLACE}. */
    static boolean inPlace(final MessageBuffer buf)
    {
        return buf == IN_PLACE;
    }

    /** The first element; 0 for in place or null. */
    static int offset(final MessageBuffer buf)
    {
        if (buf instanceof MessageBuffer.Typed)
        {
            return ((MessageBuffer.Typed)buf).offset();
        }
        return buf instanceof MessageBuffer.Bytes ? ((MessageBuffer.Bytes)buf).offset() : 0;
    }

    /** Elements (bytes for a {@code byte[]}); 0 for in place or null. */
    static int count(final MessageBuffer buf)
    {
        if (buf instanceof MessageBuffer.Typed)
        {
            return ((MessageBuffer.Typed)buf).count();
        }
        return buf instanceof MessageBuffer.Bytes ? buf.byteLength() : 0;
    }

    /** The count of one of {@code members} equal blocks {@code buf} holds; 0 for in place or null. */
    static int block(final MessageBuffer buf, final int members, final String name)
    {
        final int count = count(buf);
        if (count % members != 0)
        {
            throw new IllegalArgumentException(name + " : " + count + " elements (expected: a multiple of " + members +
                ", one equal block per member)");
        }
        return count / members;
    }

    /** Displacements relative to {@code buf}'s first element, as the collectives take them (relative to the array). */
    static int[] displacements(final MessageBuffer buf, final int[] displs)
    {
        final int offset = offset(buf);
        if (displs == null || offset == 0)
        {
            return displs;
        }
        final int[] shifted = new int[displs.length];
        for (int i = 0; i < displs.length; i++)
        {
            shifted[i] = displs[i] + offset;
        }
        return shifted;
    }

    /** The in-place marker: it describes no memory, so a point-to-point call that is given it fails naming it. */
    private static final class InPlace extends MessageBuffer
    {
        @Override
        public int byteLength()
        {
            throw new IllegalArgumentException("buffer : IN_PLACE (expected: a buffer; IN_PLACE stands for one in collectives only)");
        }

        @Override
        protected void pack(final MutableDirectBuffer dst, final int dstOffset)
        {
            byteLength();
        }

        @Override
        protected void unpack(final DirectBuffer src, final int srcOffset, final int length)
        {
            byteLength();
        }

        @Override
        public String toString()
        {
            return "IN_PLACE";
        }
    }
}
