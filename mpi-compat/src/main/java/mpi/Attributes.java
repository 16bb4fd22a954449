package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.HashMap;
import java.util.Map;

/**
 * The attributes cached on one communicator or datatype. As in Open MPI's Java bindings a value
 * is stored serialized: {@code setAttr} keeps a serialized copy (the value must be
 * {@link java.io.Serializable}) and every {@code getAttr} returns a new copy; {@code dup} copies
 * the attributes to the new object. Thread safe.
 */
final class Attributes
{
    /** A stored value: its serialized form and the class loader that knows its classes. */
    private static final class Value
    {
        final byte[] bytes;
        final ClassLoader loader;

        Value(final byte[] bytes, final ClassLoader loader)
        {
            this.bytes = bytes;
            this.loader = loader;
        }
    }

    private final Map<Integer, Value> values = new HashMap<>();

    synchronized void set(final int keyval, final Object value)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream os = new ObjectOutputStream(out))
        {
            os.writeObject(value);
        }
        catch (final IOException e)
        {
            throw new MPIException(MPI.ERR_ARG, "value : " + value.getClass().getName() +
                " (expected: a java.io.Serializable value; attributes are stored serialized)", e);
        }
        final ClassLoader loader = value == null || value.getClass().getClassLoader() == null ?
            Thread.currentThread().getContextClassLoader() : value.getClass().getClassLoader();
        values.put(keyval, new Value(out.toByteArray(), loader));
    }

    /** A new copy of the value, or null when none is set. */
    Object get(final int keyval)
    {
        final Value v;
        synchronized (this)
        {
            v = values.get(keyval);
        }
        if (v == null)
        {
            return null;
        }
        try (ObjectInputStream in = new LoaderStream(new ByteArrayInputStream(v.bytes), v.loader))
        {
            return in.readObject();
        }
        catch (final IOException | ClassNotFoundException e)
        {
            throw new MPIException(MPI.ERR_OTHER, "attribute " + keyval + " : cannot be read back (" + e + ")", e);
        }
    }

    synchronized void delete(final int keyval)
    {
        values.remove(keyval);
    }

    /** Copies every attribute of {@code from} (what {@code dup} does with Open MPI's Java keys). */
    void copyFrom(final Attributes from)
    {
        final Map<Integer, Value> copy;
        synchronized (from)
        {
            copy = new HashMap<>(from.values);
        }
        synchronized (this)
        {
            values.putAll(copy);
        }
    }

    synchronized void clear()
    {
        values.clear();
    }

    /** Resolves classes with the loader that knew the value's class, then the default way. */
    private static final class LoaderStream extends ObjectInputStream
    {
        private final ClassLoader loader;

        LoaderStream(final InputStream in, final ClassLoader loader) throws IOException
        {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass desc) throws IOException, ClassNotFoundException
        {
            if (loader != null)
            {
                try
                {
                    return Class.forName(desc.getName(), false, loader);
                }
                catch (final ClassNotFoundException e)
                {
                    return super.resolveClass(desc);
                }
            }
            return super.resolveClass(desc);
        }
    }
}
