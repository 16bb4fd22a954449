package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Converts the C pair types whose two halves differ ({@code SHORT_INT}, {@code LONG_INT},
 * {@code FLOAT_INT}, {@code DOUBLE_INT}) between their packed form (value then int index, native
 * order, no padding) and the interleaved {@code (value, index)} array of one Java type that
 * Rankwire's {@code MINLOC}/{@code MAXLOC} reduce: {@code int[]} for {@code SHORT_INT},
 * {@code long[]} for {@code LONG_INT}, {@code double[]} for the floating ones (exact for floats,
 * and for every int index).
 */
final class PairCodec
{
    private final int unit;
    private final int valueSize;
    final int kind;

    private PairCodec(final int unit, final int valueSize, final int kind)
    {
        this.unit = unit;
        this.valueSize = valueSize;
        this.kind = kind;
    }

    /** The codec of a pair unit that needs one, else null. */
    static PairCodec of(final int unit)
    {
        switch (unit)
        {
            case Datatype.K_SHORT_INT: return new PairCodec(unit, 2, Buf.INT);
            case Datatype.K_LONG_INT: return new PairCodec(unit, 8, Buf.LONG);
            case Datatype.K_FLOAT_INT: return new PairCodec(unit, 4, Buf.DOUBLE);
            case Datatype.K_DOUBLE_INT: return new PairCodec(unit, 8, Buf.DOUBLE);
            default: return null;
        }
    }

    /** Bytes of one packed pair. */
    int pairBytes()
    {
        return valueSize + 4;
    }

    /** The interleaved array of the {@code packed.length / pairBytes()} pairs in {@code packed}. */
    Object decode(final byte[] packed, final int pairs)
    {
        final ByteBuffer in = ByteBuffer.wrap(packed).order(ByteOrder.nativeOrder());
        final Object out = Region.newArray(kind, 2 * pairs);
        for (int i = 0; i < pairs; i++)
        {
            final int at = i * pairBytes();
            final int index = in.getInt(at + valueSize);
            switch (unit)
            {
                case Datatype.K_SHORT_INT: ((int[])out)[2 * i] = in.getShort(at); ((int[])out)[2 * i + 1] = index; break;
                case Datatype.K_LONG_INT: ((long[])out)[2 * i] = in.getLong(at); ((long[])out)[2 * i + 1] = index; break;
                case Datatype.K_FLOAT_INT: ((double[])out)[2 * i] = in.getFloat(at); ((double[])out)[2 * i + 1] = index; break;
                default: ((double[])out)[2 * i] = in.getDouble(at); ((double[])out)[2 * i + 1] = index; break;
            }
        }
        return out;
    }

    /** Writes the pairs of interleaved {@code array} back into {@code packed}. */
    void encode(final Object array, final byte[] packed, final int pairs)
    {
        final ByteBuffer out = ByteBuffer.wrap(packed).order(ByteOrder.nativeOrder());
        for (int i = 0; i < pairs; i++)
        {
            final int at = i * pairBytes();
            switch (unit)
            {
                case Datatype.K_SHORT_INT:
                    out.putShort(at, (short)((int[])array)[2 * i]).putInt(at + valueSize, ((int[])array)[2 * i + 1]);
                    break;
                case Datatype.K_LONG_INT:
                    out.putLong(at, ((long[])array)[2 * i]).putInt(at + valueSize, (int)((long[])array)[2 * i + 1]);
                    break;
                case Datatype.K_FLOAT_INT:
                    out.putFloat(at, (float)((double[])array)[2 * i]).putInt(at + valueSize, (int)((double[])array)[2 * i + 1]);
                    break;
                default:
                    out.putDouble(at, ((double[])array)[2 * i]).putInt(at + valueSize, (int)((double[])array)[2 * i + 1]);
                    break;
            }
        }
    }
}
