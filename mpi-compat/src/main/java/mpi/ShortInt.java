package mpi;

/**
 * The record of {@link MPI#SHORT_INT} (C's struct of a short value and an int index), for {@code MINLOC}/{@code MAXLOC} buffers:
 * {@code MPI.shortInt.getData(buffer, i)} reads and writes pair {@code i} of a byte buffer holding
 * such pairs, {@link #getExtent()} bytes apart.
 */
public final class ShortInt extends Struct
{
    private final int vSize;
    private final int iOff;
    private final int iSize;

    /** Made once, for {@link MPI#shortInt}. */
    protected ShortInt(final int shortSize, final int intOff, final int intSize)
    {
        vSize = shortSize;
        iSize = intSize;
        switch (vSize)
        {
            case 2: addShort(); break;
            case 4: addInt(); break;
            case 8: addLong(); break;
            default: throw new IllegalArgumentException("value size : " + vSize + " (expected: 2, 4 or 8)");
        }
        setOffset(intOff);
        switch (iSize)
        {
            case 4: iOff = addInt(); break;
            case 8: iOff = addLong(); break;
            default: throw new IllegalArgumentException("int size : " + iSize + " (expected: 4 or 8)");
        }
        setOffset(MPI.SHORT_INT.extentBytes());
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One pair: its value and index. */
    public final class Data extends Struct.Data
    {
        /** The value. */
        public short getValue()
        {
            switch (vSize)
            {
                case 2: return getShort(0);
                case 4: return (short)getInt(0);
                case 8: return (short)getLong(0);
                default: throw new IllegalStateException();
            }
        }

        /** The index. */
        public int getIndex()
        {
            return iSize == 4 ? getInt(iOff) : (int)getLong(iOff);
        }

        /** Sets the value. */
        public void putValue(final short v)
        {
            switch (vSize)
            {
                case 2: putShort(0, v); break;
                case 4: putInt(0, v); break;
                case 8: putLong(0, v); break;
                default: throw new IllegalStateException();
            }
        }

        /** Sets the index. */
        public void putIndex(final int v)
        {
            if (iSize == 4)
            {
                putInt(iOff, v);
            }
            else
            {
                putLong(iOff, v);
            }
        }
    }
}
