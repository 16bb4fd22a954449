package mpi;

/**
 * The record of {@link MPI#LONG_INT} (C's struct of a long value and an int index), for {@code MINLOC}/{@code MAXLOC} buffers:
 * {@code MPI.longInt.getData(buffer, i)} reads and writes pair {@code i} of a byte buffer holding
 * such pairs, {@link #getExtent()} bytes apart.
 */
public final class LongInt extends Struct
{
    private final int vSize;
    private final int iOff;
    private final int iSize;

    /** Made once, for {@link MPI#longInt}. */
    protected LongInt(final int longSize, final int intOff, final int intSize)
    {
        vSize = longSize;
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
        setOffset(MPI.LONG_INT.extentBytes());
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
        public long getValue()
        {
            switch (vSize)
            {
                case 4: return getInt(0);
                case 8: return getLong(0);
                default: throw new IllegalStateException();
            }
        }

        /** The index. */
        public int getIndex()
        {
            return iSize == 4 ? getInt(iOff) : (int)getLong(iOff);
        }

        /** Sets the value. */
        public void putValue(final long v)
        {
            switch (vSize)
            {
                case 4: putInt(0, (int)v); break;
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
