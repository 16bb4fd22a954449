package mpi;

import java.nio.ByteBuffer;

/**
 * The field accessors of {@link Struct.Data}: reads and writes of the fields of one struct in a
 * byte buffer, at the struct's offset plus the field's. With assertions enabled ({@code -ea})
 * each access checks that the field exists with that type and the index is in range, as Open
 * MPI's do.
 */
abstract class StructAccess
{
    private static final String TYPE_MISMATCH = "field type mismatch";

    ByteBuffer buffer;
    int offset;

    /** True when {@code field} is a field of {@code type} with more than {@code index} elements. */
    abstract boolean valid(int field, int index, Object type);

    protected final byte getByte(final int field)
    {
        assert valid(field, 0, MPI.BYTE) : TYPE_MISMATCH;
        return buffer.get(offset + field);
    }

    protected final byte getByte(final int field, final int index)
    {
        assert valid(field, index, MPI.BYTE) : TYPE_MISMATCH;
        return buffer.get(offset + field + index);
    }

    protected final void putByte(final int field, final byte v)
    {
        assert valid(field, 0, MPI.BYTE) : TYPE_MISMATCH;
        buffer.put(offset + field, v);
    }

    protected final void putByte(final int field, final int index, final byte v)
    {
        assert valid(field, index, MPI.BYTE) : TYPE_MISMATCH;
        buffer.put(offset + field + index, v);
    }

    protected final char getChar(final int field)
    {
        assert valid(field, 0, MPI.CHAR) : TYPE_MISMATCH;
        return buffer.getChar(offset + field);
    }

    protected final char getChar(final int field, final int index)
    {
        assert valid(field, index, MPI.CHAR) : TYPE_MISMATCH;
        return buffer.getChar(offset + field + index * 2);
    }

    protected final void putChar(final int field, final char v)
    {
        assert valid(field, 0, MPI.CHAR) : TYPE_MISMATCH;
        buffer.putChar(offset + field, v);
    }

    protected final void putChar(final int field, final int index, final char v)
    {
        assert valid(field, index, MPI.CHAR) : TYPE_MISMATCH;
        buffer.putChar(offset + field + index * 2, v);
    }

    protected final short getShort(final int field)
    {
        assert valid(field, 0, MPI.SHORT) : TYPE_MISMATCH;
        return buffer.getShort(offset + field);
    }

    protected final short getShort(final int field, final int index)
    {
        assert valid(field, index, MPI.SHORT) : TYPE_MISMATCH;
        return buffer.getShort(offset + field + index * 2);
    }

    protected final void putShort(final int field, final short v)
    {
        assert valid(field, 0, MPI.SHORT) : TYPE_MISMATCH;
        buffer.putShort(offset + field, v);
    }

    protected final void putShort(final int field, final int index, final short v)
    {
        assert valid(field, index, MPI.SHORT) : TYPE_MISMATCH;
        buffer.putShort(offset + field + index * 2, v);
    }

    protected final int getInt(final int field)
    {
        assert valid(field, 0, MPI.INT) : TYPE_MISMATCH;
        return buffer.getInt(offset + field);
    }

    protected final int getInt(final int field, final int index)
    {
        assert valid(field, index, MPI.INT) : TYPE_MISMATCH;
        return buffer.getInt(offset + field + index * 4);
    }

    protected final void putInt(final int field, final int v)
    {
        assert valid(field, 0, MPI.INT) : TYPE_MISMATCH;
        buffer.putInt(offset + field, v);
    }

    protected final void putInt(final int field, final int index, final int v)
    {
        assert valid(field, index, MPI.INT) : TYPE_MISMATCH;
        buffer.putInt(offset + field + index * 4, v);
    }

    protected final long getLong(final int field)
    {
        assert valid(field, 0, MPI.LONG) : TYPE_MISMATCH;
        return buffer.getLong(offset + field);
    }

    protected final long getLong(final int field, final int index)
    {
        assert valid(field, index, MPI.LONG) : TYPE_MISMATCH;
        return buffer.getLong(offset + field + index * 8);
    }

    protected final void putLong(final int field, final long v)
    {
        assert valid(field, 0, MPI.LONG) : TYPE_MISMATCH;
        buffer.putLong(offset + field, v);
    }

    protected final void putLong(final int field, final int index, final long v)
    {
        assert valid(field, index, MPI.LONG) : TYPE_MISMATCH;
        buffer.putLong(offset + field + index * 8, v);
    }

    protected final float getFloat(final int field)
    {
        assert valid(field, 0, MPI.FLOAT) : TYPE_MISMATCH;
        return buffer.getFloat(offset + field);
    }

    protected final float getFloat(final int field, final int index)
    {
        assert valid(field, index, MPI.FLOAT) : TYPE_MISMATCH;
        return buffer.getFloat(offset + field + index * 4);
    }

    protected final void putFloat(final int field, final float v)
    {
        assert valid(field, 0, MPI.FLOAT) : TYPE_MISMATCH;
        buffer.putFloat(offset + field, v);
    }

    protected final void putFloat(final int field, final int index, final float v)
    {
        assert valid(field, index, MPI.FLOAT) : TYPE_MISMATCH;
        buffer.putFloat(offset + field + index * 4, v);
    }

    protected final double getDouble(final int field)
    {
        assert valid(field, 0, MPI.DOUBLE) : TYPE_MISMATCH;
        return buffer.getDouble(offset + field);
    }

    protected final double getDouble(final int field, final int index)
    {
        assert valid(field, index, MPI.DOUBLE) : TYPE_MISMATCH;
        return buffer.getDouble(offset + field + index * 8);
    }

    protected final void putDouble(final int field, final double v)
    {
        assert valid(field, 0, MPI.DOUBLE) : TYPE_MISMATCH;
        buffer.putDouble(offset + field, v);
    }

    protected final void putDouble(final int field, final int index, final double v)
    {
        assert valid(field, index, MPI.DOUBLE) : TYPE_MISMATCH;
        buffer.putDouble(offset + field + index * 8, v);
    }
}
