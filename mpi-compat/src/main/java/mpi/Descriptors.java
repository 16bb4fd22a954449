package mpi;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.buffer.MessageBuffer;

/**
 * The {@link MessageBuffer}s the binding hands Rankwire. For point-to-point calls, one reusable
 * descriptor of each kind per thread, pointed at a {@link Buf}'s memory in place: a call copies
 * what it needs out of its descriptor when it starts, so the thread's next call may re-point it,
 * and the binding allocates no descriptor per message. Collectives work the same way on
 * primitive arrays ({@link #array}), with one descriptor of each kind per side (send, receive),
 * since a call names both: a collective, blocking or not, takes its arrays, offsets and counts
 * out of its descriptors when it is called.
 */
final class Descriptors
{
    private static final ThreadLocal<Descriptors> MINE = ThreadLocal.withInitial(Descriptors::new);

    private final MessageBuffer.Bytes bytes = MessageBuffer.of(new byte[0]);
    private final MessageBuffer.Typed typed = MessageBuffer.of(new int[0]);
    private final MessageBuffer.Direct direct = MessageBuffer.of(new UnsafeBuffer(new byte[0]), 0, 0);
    private final MessageBuffer.Bytes recvBytes = MessageBuffer.of(new byte[0]);
    private final MessageBuffer.Typed recvTyped = MessageBuffer.of(new int[0]);

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
     * The calling thread's descriptor of {@code a[offset, + count)} for one side of a collective
     * ({@code recvSide} picks the receive side's descriptors); {@link Coll#IN_PLACE} and null pass through.
     */
    static MessageBuffer array(final boolean recvSide, final Object a, final int offset, final int count)
    {
        if (a == null || a == Coll.IN_PLACE)
        {
            return (MessageBuffer)a;
        }
        final Descriptors d = MINE.get();
        if (a instanceof byte[])
        {
            return (recvSide ? d.recvBytes : d.bytes).wrap((byte[])a, offset, count);
        }
        final MessageBuffer.Typed t = recvSide ? d.recvTyped : d.typed;
        if (a instanceof int[])
        {
            return t.wrap((int[])a, offset, count);
        }
        if (a instanceof long[])
        {
            return t.wrap((long[])a, offset, count);
        }
        if (a instanceof double[])
        {
            return t.wrap((double[])a, offset, count);
        }
        if (a instanceof float[])
        {
            return t.wrap((float[])a, offset, count);
        }
        if (a instanceof short[])
        {
            return t.wrap((short[])a, offset, count);
        }
        if (a instanceof char[])
        {
            return t.wrap((char[])a, offset, count);
        }
        throw new IllegalArgumentException("buffer : " + a.getClass().getSimpleName() +
            " (expected: byte[], short[], char[], int[], long[], float[] or double[])");
    }
}
