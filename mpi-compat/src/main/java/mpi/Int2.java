package mpi;

/**
 * The record of {@link MPI#INT2} (two ints: value, index), for {@code MINLOC}/{@code MAXLOC} buffers:
 * {@code MPI.int2.getData(buffer, i)} reads and writes pair {@code i} of a byte buffer holding
 * such pairs, {@link #getExtent()} bytes apart.
 */
public final class Int2 extends Struct
{
    private final int vSize;
    private final int iOff;
    private final int iSize;

    /** Made once, for {@link MPI#int2}. */
    protected Int2(final int intOff, final int intSize)
    {
        vSize = intSize;
        iSize = intSize;
        switch (vSize)
        {
            case 4: addInt(); break;
            case 8: addLong(); break;
            default: throw new IllegalArgumentException("value size : " + vSize + " (expected: 4 or 8)");
        }
        setOffset(intOff);
        switch (iSize)
        {
            case 4: iOff = addInt(); break;
            case 8: iOff = addLong(); break;
            default: throw new IllegalArgumentException("int size : " + iSize + " (expected: 4 or 8)");
        }
        setOffset(2 * intOff);
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
        public int getValue()
        {
            switch (vSize)
            {
                case 4: return getInt(0);
                case 8: return (int)getLong(0);
                default: throw new IllegalStateException();
            }
        }

        /** The index. */
        public int getIndex()
        {
            return iSize == 4 ? getInt(iOff) : (int)getLong(iOff);
        }

        /** Sets the value. */
        public void putValue(final int v)
        {
            switch (vSize)
            {
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
