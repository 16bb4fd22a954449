package io.rankwire;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.coll.Collectives;

/**
 * One collective argument resolved to what the collectives work on: the array behind a
 * {@link MessageBuffer.Bytes} or {@link MessageBuffer.Typed} descriptor (reductions work on arrays
 * element by element), its first element and its count; {@link Comm#IN_PLACE} becomes the
 * collectives' in-place marker and a null descriptor (a buffer not significant at this rank) a
 * null array. Any other kind of descriptor is refused naming it.
 */
final class CollectiveArrays
{
    /** {@link Comm#IN_PLACE}: a marker, never a buffer of a point-to-point call. */
    static final MessageBuffer IN_PLACE = new InPlace();

    /** The array, {@link Collectives#IN_PLACE}, or null. */
    final Object array;
    /** The first element. */
    final int offset;
    /** Elements (bytes for a {@code byte[]}); 0 for in place or null. */
    final int count;
    /** True for {@link Comm#IN_PLACE}. */
    final boolean inPlace;

    private CollectiveArrays(final Object array, final int offset, final int count, final boolean inPlace)
    {
        this.array = array;
        this.offset = offset;
        this.count = count;
        this.inPlace = inPlace;
    }

    static CollectiveArrays of(final MessageBuffer buf, final String name)
    {
        if (buf == null)
        {
            return new CollectiveArrays(null, 0, 0, false);
        }
        if (buf == IN_PLACE)
        {
            return new CollectiveArrays(Collectives.IN_PLACE, 0, 0, true);
        }
        if (buf instanceof MessageBuffer.Typed)
        {
            final MessageBuffer.Typed t = (MessageBuffer.Typed)buf;
            return new CollectiveArrays(t.array(), t.offset(), t.count(), false);
        }
        if (buf instanceof MessageBuffer.Bytes)
        {
            final MessageBuffer.Bytes b = (MessageBuffer.Bytes)buf;
            return new CollectiveArrays(b.array(), b.offset(), b.byteLength(), false);
        }
        throw new IllegalArgumentException(name + " : " + buf.getClass().getName() +
            " (expected: a MessageBuffer of a byte[] or of a primitive array, from MessageBuffer.of)");
    }

    /** The count of one of {@code members} equal blocks this buffer holds. */
    int block(final int members, final String name)
    {
        if (array == null || inPlace)
        {
            return 0;
        }
        if (count % members != 0)
        {
            throw new IllegalArgumentException(name + " : " + count + " elements (expected: a multiple of " + members +
                ", one equal block per member)");
        }
        return count / members;
    }

    /** Displacements relative to this buffer's first element, as the collectives take them (relative to the array). */
    int[] displacements(final int[] displs)
    {
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
