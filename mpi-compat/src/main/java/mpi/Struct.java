package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Base class for record layouts, as in the Open MPI Java bindings: a subclass adds its fields in
 * its constructor ({@code addInt()}, {@code addDouble(3)}, {@code addStruct(other)}, ...; each
 * returns the field's byte offset) and defines a {@link Data} subclass whose accessors read and
 * write one record in a {@link ByteBuffer}. {@link #getType()} is the matching datatype (a
 * committed {@link Datatype#createStruct struct type}) for sending arrays of records.
 *
 * <pre>
 *   class Particle extends Struct {
 *       final int x = addDouble(3), id = addInt();
 *       protected Data newData() { return new Data(); }
 *       class Data extends Struct.Data {
 *           double x(int i) { return getDouble(x, i); }
 *           void id(int v) { putInt(id, v); }
 *       }
 *   }
 *   record layout: |x0 x1 x2 (24 bytes)|id (4 bytes)|   extent 28
 * </pre>
 *
 * Fields follow each other without padding; {@link #setOffset} moves the next field (or, called
 * last, pads the record's extent). The type is made on first use of {@link #getType()},
 * {@link #getExtent()} or {@code getData}; fields cannot be added after that.
 */
public abstract class Struct
{
    private static final String TYPE_MISMATCH = "field type mismatch";

    private final List<Object> fieldTypes = new ArrayList<>();
    private final List<int[]> fields = new ArrayList<>();
    private int extent;
    private Datatype datatype;
    private Object[] types;
    private int[] offsets;
    private int[] lengths;

    private synchronized void commit()
    {
        if (datatype != null)
        {
            return;
        }
        final int n = fields.size();
        types = fieldTypes.toArray();
        offsets = new int[n];
        lengths = new int[n];
        final Datatype[] dt = new Datatype[n];
        for (int i = 0; i < n; i++)
        {
            offsets[i] = fields.get(i)[0];
            lengths[i] = fields.get(i)[1];
            dt[i] = types[i] instanceof Struct ? ((Struct)types[i]).datatype : (Datatype)types[i];
        }
        Datatype t = Datatype.createStruct(lengths, offsets, dt);
        if (t.extentBytes() != extent)
        {
            t = Datatype.createResized(t, 0, extent);
        }
        t.commit();
        datatype = t;
    }

    /** The bytes of one record, trailing padding from {@link #setOffset} included. */
    public final int getExtent()
    {
        commit();
        return extent;
    }

    /** The committed datatype of one record. */
    public final Datatype getType()
    {
        commit();
        return datatype;
    }

    /** A new, unattached accessor object of this struct's {@link Data} subclass. */
    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    private <T extends Data> T newData(final ByteBuffer buffer, final int offset)
    {
        final Data d = newData();
        d.buffer = buffer;
        d.offset = offset;
        return (T)d;
    }

    /** An accessor of the record at the start of {@code buffer}. */
    public final <T extends Data> T getData(final ByteBuffer buffer)
    {
        commit();
        return newData(buffer, 0);
    }

    /** An accessor of record {@code index} of the array of records in {@code buffer}. */
    public final <T extends Data> T getData(final ByteBuffer buffer, final int index)
    {
        commit();
        return newData(buffer, index * extent);
    }

    /** An accessor of the record at the start of {@code array} (native byte order). */
    public final <T extends Data> T getData(final byte[] array)
    {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()));
    }

    /** An accessor of record {@code index} of the array of records in {@code array} (native byte order). */
    public final <T extends Data> T getData(final byte[] array, final int index)
    {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), index);
    }

    private synchronized int addField(final Object type, final int typeExtent, final int length)
    {
        if (datatype != null)
        {
            throw new IllegalStateException("struct : its datatype was made (expected: fields added before getType, getExtent or getData)");
        }
        Args.nonNegative(length, "length");
        final int at = extent;
        extent += typeExtent * length;
        fieldTypes.add(type);
        fields.add(new int[] {at, length});
        return at;
    }

    /**
     * Puts the next field at byte {@code offset}, which must not be below the fields added so far;
     * called after the last field, it pads the record to {@code offset} bytes.
     */
    public final synchronized Struct setOffset(final int offset)
    {
        if (datatype != null)
        {
            throw new IllegalStateException("struct : its datatype was made (expected: setOffset before getType, getExtent or getData)");
        }
        if (offset < extent)
        {
            throw new IllegalArgumentException("offset : " + offset + " (expected: >= " + extent + ", the end of the fields so far)");
        }
        extent = offset;
        return this;
    }

    /** Adds a byte; returns its offset. */
    public final int addByte()
    {
        return addByte(1);
    }

    /** Adds {@code length} bytes; returns their offset. */
    public final int addByte(final int length)
    {
        return addField(MPI.BYTE, 1, length);
    }

    /** Adds a char; returns its offset. */
    public final int addChar()
    {
        return addChar(1);
    }

    /** Adds {@code length} chars; returns their offset. */
    public final int addChar(final int length)
    {
        return addField(MPI.CHAR, 2, length);
    }

    /** Adds a short; returns its offset. */
    public final int addShort()
    {
        return addShort(1);
    }

    /** Adds {@code length} shorts; returns their offset. */
    public final int addShort(final int length)
    {
        return addField(MPI.SHORT, 2, length);
    }

    /** Adds an int; returns its offset. */
    public final int addInt()
    {
        return addInt(1);
    }

    /** Adds {@code length} ints; returns their offset. */
    public final int addInt(final int length)
    {
        return addField(MPI.INT, 4, length);
    }

    /** Adds a long; returns its offset. */
    public final int addLong()
    {
        return addLong(1);
    }

    /** Adds {@code length} longs; returns their offset. */
    public final int addLong(final int length)
    {
        return addField(MPI.LONG, 8, length);
    }

    /** Adds a float; returns its offset. */
    public final int addFloat()
    {
        return addFloat(1);
    }

    /** Adds {@code length} floats; returns their offset. */
    public final int addFloat(final int length)
    {
        return addField(MPI.FLOAT, 4, length);
    }

    /** Adds a double; returns its offset. */
    public final int addDouble()
    {
        return addDouble(1);
    }

    /** Adds {@code length} doubles; returns their offset. */
    public final int addDouble(final int length)
    {
        return addField(MPI.DOUBLE, 8, length);
    }

    /** Adds a nested record; returns its offset. */
    public final int addStruct(final Struct struct)
    {
        return addStruct(struct, 1);
    }

    /** Adds {@code length} nested records; returns their offset. */
    public final int addStruct(final Struct struct, final int length)
    {
        struct.commit();
        return addField(struct, struct.extent, length);
    }

    /** Adds a field of {@code type}; returns its offset. */
    public final int addData(final Datatype type)
    {
        return addData(type, 1);
    }

    /** Adds {@code length} items of {@code type}; returns their offset. */
    public final int addData(final Datatype type, final int length)
    {
        return addField(type, type.extentBytes(), length);
    }

    private boolean validType(final int fieldOffset, final int index, final Object type)
    {
        final int i = Arrays.binarySearch(offsets, fieldOffset);
        return i >= 0 && index >= 0 && index < lengths[i] &&
            (type == types[i] || types[i] instanceof Struct && type == ((Struct)types[i]).datatype);
    }

    /**
     * Reads and writes one record in a byte buffer. Subclasses (inner classes of the struct's
     * subclass) give the fields names with the protected accessors, which take a field's offset
     * (and an element index for array fields) and read or write the buffer at the record's offset
     * plus the field's. With assertions enabled ({@code -ea}) each access checks that the field
     * exists with that type and the index is in range, as Open MPI's do.
     */
    public abstract class Data
    {
        ByteBuffer buffer;
        int offset;

        /** The buffer holding this record, from the record's start (usable in send and receive calls). */
        public final ByteBuffer getBuffer()
        {
            return offset == 0 ? buffer : MPI.slice(buffer, offset);
        }

        /** An accessor of the nested record at {@code field}. */
        protected final <S extends Struct, D extends Struct.Data> D getData(final S struct, final int field)
        {
            assert validType(field, 0, struct) : TYPE_MISMATCH;
            return ((Struct)struct).newData(buffer, offset + field);
        }

        /** An accessor of nested record {@code index} of the array at {@code field}. */
        protected final <S extends Struct, D extends Struct.Data> D getData(final S struct, final int field, final int index)
        {
            assert validType(field, index, struct) : TYPE_MISMATCH;
            final Struct s = struct;
            return s.newData(buffer, offset + field + index * s.extent);
        }

        /** The buffer from {@code field} on (usable in send and receive calls with {@code type}). */
        protected final ByteBuffer getBuffer(final Datatype type, final int field)
        {
            assert validType(field, 0, type) : TYPE_MISMATCH;
            final int position = offset + field;
            return position == 0 ? buffer : MPI.slice(buffer, position);
        }

        /** The buffer from item {@code index} of the array of {@code type} at {@code field} on. */
        protected final ByteBuffer getBuffer(final Datatype type, final int field, final int index)
        {
            assert validType(field, index, type) : TYPE_MISMATCH;
            final int position = offset + field + index * type.extentBytes();
            return position == 0 ? buffer : MPI.slice(buffer, position);
        }

        // ---- field accessors, by primitive type

        protected final byte getByte(final int field)
        {
            assert validType(field, 0, MPI.BYTE) : TYPE_MISMATCH;
            return buffer.get(offset + field);
        }

        protected final byte getByte(final int field, final int index)
        {
            assert validType(field, index, MPI.BYTE) : TYPE_MISMATCH;
            return buffer.get(offset + field + index);
        }

        protected final void putByte(final int field, final byte v)
        {
            assert validType(field, 0, MPI.BYTE) : TYPE_MISMATCH;
            buffer.put(offset + field, v);
        }

        protected final void putByte(final int field, final int index, final byte v)
        {
            assert validType(field, index, MPI.BYTE) : TYPE_MISMATCH;
            buffer.put(offset + field + index, v);
        }

        protected final char getChar(final int field)
        {
            assert validType(field, 0, MPI.CHAR) : TYPE_MISMATCH;
            return buffer.getChar(offset + field);
        }

        protected final char getChar(final int field, final int index)
        {
            assert validType(field, index, MPI.CHAR) : TYPE_MISMATCH;
            return buffer.getChar(offset + field + index * 2);
        }

        protected final void putChar(final int field, final char v)
        {
            assert validType(field, 0, MPI.CHAR) : TYPE_MISMATCH;
            buffer.putChar(offset + field, v);
        }

        protected final void putChar(final int field, final int index, final char v)
        {
            assert validType(field, index, MPI.CHAR) : TYPE_MISMATCH;
            buffer.putChar(offset + field + index * 2, v);
        }

        protected final short getShort(final int field)
        {
            assert validType(field, 0, MPI.SHORT) : TYPE_MISMATCH;
            return buffer.getShort(offset + field);
        }

        protected final short getShort(final int field, final int index)
        {
            assert validType(field, index, MPI.SHORT) : TYPE_MISMATCH;
            return buffer.getShort(offset + field + index * 2);
        }

        protected final void putShort(final int field, final short v)
        {
            assert validType(field, 0, MPI.SHORT) : TYPE_MISMATCH;
            buffer.putShort(offset + field, v);
        }

        protected final void putShort(final int field, final int index, final short v)
        {
            assert validType(field, index, MPI.SHORT) : TYPE_MISMATCH;
            buffer.putShort(offset + field + index * 2, v);
        }

        protected final int getInt(final int field)
        {
            assert validType(field, 0, MPI.INT) : TYPE_MISMATCH;
            return buffer.getInt(offset + field);
        }

        protected final int getInt(final int field, final int index)
        {
            assert validType(field, index, MPI.INT) : TYPE_MISMATCH;
            return buffer.getInt(offset + field + index * 4);
        }

        protected final void putInt(final int field, final int v)
        {
            assert validType(field, 0, MPI.INT) : TYPE_MISMATCH;
            buffer.putInt(offset + field, v);
        }

        protected final void putInt(final int field, final int index, final int v)
        {
            assert validType(field, index, MPI.INT) : TYPE_MISMATCH;
            buffer.putInt(offset + field + index * 4, v);
        }

        protected final long getLong(final int field)
        {
            assert validType(field, 0, MPI.LONG) : TYPE_MISMATCH;
            return buffer.getLong(offset + field);
        }

        protected final long getLong(final int field, final int index)
        {
            assert validType(field, index, MPI.LONG) : TYPE_MISMATCH;
            return buffer.getLong(offset + field + index * 8);
        }

        protected final void putLong(final int field, final long v)
        {
            assert validType(field, 0, MPI.LONG) : TYPE_MISMATCH;
            buffer.putLong(offset + field, v);
        }

        protected final void putLong(final int field, final int index, final long v)
        {
            assert validType(field, index, MPI.LONG) : TYPE_MISMATCH;
            buffer.putLong(offset + field + index * 8, v);
        }

        protected final float getFloat(final int field)
        {
            assert validType(field, 0, MPI.FLOAT) : TYPE_MISMATCH;
            return buffer.getFloat(offset + field);
        }

        protected final float getFloat(final int field, final int index)
        {
            assert validType(field, index, MPI.FLOAT) : TYPE_MISMATCH;
            return buffer.getFloat(offset + field + index * 4);
        }

        protected final void putFloat(final int field, final float v)
        {
            assert validType(field, 0, MPI.FLOAT) : TYPE_MISMATCH;
            buffer.putFloat(offset + field, v);
        }

        protected final void putFloat(final int field, final int index, final float v)
        {
            assert validType(field, index, MPI.FLOAT) : TYPE_MISMATCH;
            buffer.putFloat(offset + field + index * 4, v);
        }

        protected final double getDouble(final int field)
        {
            assert validType(field, 0, MPI.DOUBLE) : TYPE_MISMATCH;
            return buffer.getDouble(offset + field);
        }

        protected final double getDouble(final int field, final int index)
        {
            assert validType(field, index, MPI.DOUBLE) : TYPE_MISMATCH;
            return buffer.getDouble(offset + field + index * 8);
        }

        protected final void putDouble(final int field, final double v)
        {
            assert validType(field, 0, MPI.DOUBLE) : TYPE_MISMATCH;
            buffer.putDouble(offset + field, v);
        }

        protected final void putDouble(final int field, final int index, final double v)
        {
            assert validType(field, index, MPI.DOUBLE) : TYPE_MISMATCH;
            buffer.putDouble(offset + field + index * 8, v);
        }
    }
}
