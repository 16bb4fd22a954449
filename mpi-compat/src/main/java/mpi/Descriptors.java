package mpi;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.buffer.MessageBuffer;

/**
 * The {@link MessageBuffer}s the binding hands Rankwire. For point-to-point calls, one reusable
 * descriptor of each kind per thread, pointed at a {@link Buf}'s memory in place: a call copies
 * what it needs out of its descriptor when it starts, so the thread's next call may re-point it,
 * and the binding allocates no descriptor per message. For collectives, a new descriptor per
 * buffer of a primitive array ({@link #array}).
 */
final class Descriptors
{
    private static final ThreadLocal<Descriptors> MINE = ThreadLocal.withInitial(Descriptors::new);

    private final MessageBuffer.Bytes bytes = MessageBuffer.of(new byte[0]);
    private final MessageBuffer.Typed typed = MessageBuffer.of(new int[0]);
    private final MessageBuffer.Direct direct = MessageBuffer.of(new UnsafeBuffer(new byte[0]), 0, 0);

    private Descriptors()
    {
    }

    /** The calling thread's descriptor of {@code b}'s memory, which must be dense ({@link Buf#inPlace()}). */
    static MessageBuffer inPlace(final Buf b)
    {
        final Descriptors d = MINE.get();
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT: return d.direct.wrap(b.direct(), 0, b.bytes);
            case Buf.BYTE: return d.bytes.wrap((byte[])b.array, off, n);
            case Buf.SHORT: return d.typed.wrap((short[])b.array, off, n);
            case Buf.CHAR: return d.typed.wrap((char[])b.array, off, n);
            case Buf.INT: return d.typed.wrap((int[])b.array, off, n);
            case Buf.LONG: return d.typed.wrap((long[])b.array, off, n);
            case Buf.FLOAT: return d.typed.wrap((float[])b.array, off, n);
            default: return d.typed.wrap((double[])b.array, off, n);
        }
    }

    /** The calling thread's descriptor of {@code stage[0, length)}, a staging array. */
    static MessageBuffer staged(final byte[] stage, final int length)
    {
        return MINE.get().bytes.wrap(stage, 0, length);
    }

    /**
     * A new descriptor of {@code count} elements of the primitive array {@code a} from element
     * {@code offset}; {@link Coll#IN_PLACE} stays the in-place marker and null (a buffer not
     * significant at this rank) stays null.
     */
    static MessageBuffer array(final Object a, final int offset, final int count)
    {
        if (a == null || a == Coll.IN_PLACE)
        {
            return (MessageBuffer)a;
        }
        if (a instanceof byte[])
        {
            return MessageBuffer.of((byte[])a, offset, count);
        }
        if (a instanceof int[])
        {
            return MessageBuffer.of((int[])a, offset, count);
        }
        if (a instanceof long[])
        {
            return MessageBuffer.of((long[])a, offset, count);
        }
        if (a instanceof double[])
        {
            return MessageBuffer.of((double[])a, offset, count);
        }
        if (a instanceof float[])
        {
            return MessageBuffer.of((float[])a, offset, count);
        }
        if (a instanceof short[])
        {
            return MessageBuffer.of((short[])a, offset, count);
        }
        if (a instanceof char[])
        {
            return MessageBuffer.of((char[])a, offset, count);
        }
        throw new IllegalArgumentException("buffer : " + a.getClass().getSimpleName() +
            " (expected: byte[], short[], char[], int[], long[], float[] or double[])");
    }
}
