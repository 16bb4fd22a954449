package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An info object ({@code MPI_Info}): an ordered set of string keys with string values, as in the
 * Open MPI Java bindings. Keys are at most {@link MPI#MAX_INFO_KEY} characters
 * ({@link MPI#ERR_INFO_KEY}), values at most {@link MPI#MAX_INFO_VAL} ({@link MPI#ERR_INFO_VALUE}).
 * {@link MPI#INFO_NULL} is the null info object; {@link MPI#INFO_ENV} describes how this process was
 * started (read-only). Rankwire takes no hints from info objects yet: communicators keep what is
 * set ({@link Comm#setInfo}) and give it back ({@link Comm#getInfo}). Thread safe.
 */
public final class Info implements Freeable, Cloneable
{
    private static final int USER = 0;
    private static final int NULL = 1;
    private static final int ENV = 2;

    private final Map<String, String> entries = new LinkedHashMap<>();
    private final int kind;
    private boolean freed;

    /** A new, empty info object ({@code MPI_INFO_CREATE}). */
    public Info()
    {
        this(USER);
    }

    private Info(final int kind)
    {
        this.kind = kind;
    }

    static Info nullInfo()
    {
        return new Info(NULL);
    }

    static Info environment()
    {
        return new Info(ENV);
    }

    /** Sets {@code key} to {@code value} ({@code MPI_INFO_SET}). */
    public void set(final String key, final String value)
    {
        checkKey(key);
        if (value == null || value.length() > MPI.MAX_INFO_VAL)
        {
            throw new MPIException(MPI.ERR_INFO_VALUE, "value : " + (value == null ? "null" : value.length() + " characters") +
                " (expected: at most MPI.MAX_INFO_VAL = " + MPI.MAX_INFO_VAL + ")");
        }
        synchronized (this)
        {
            writable().put(key, value);
        }
    }

    /** The value of {@code key}, or null when it is not set ({@code MPI_INFO_GET}). */
    public String get(final String key)
    {
        checkKey(key);
        synchronized (this)
        {
            return readable().get(key);
        }
    }

    /** Removes {@code key} ({@code MPI_INFO_DELETE}); {@link MPI#ERR_INFO_NOKEY} when it is not set. */
    public void delete(final String key)
    {
        checkKey(key);
        synchronized (this)
        {
            if (writable().remove(key) == null)
            {
                throw new MPIException(MPI.ERR_INFO_NOKEY, "key : " + key + " (expected: a key that is set)");
            }
        }
    }

    /** The number of keys set ({@code MPI_INFO_GET_NKEYS}). */
    public synchronized int size()
    {
        return readable().size();
    }

    /** The {@code i}-th key, in the order the keys were first set ({@code MPI_INFO_GET_NTHKEY}). */
    public synchronized String getKey(final int i)
    {
        final List<String> keys = new ArrayList<>(readable().keySet());
        if (i < 0 || i >= keys.size())
        {
            throw new MPIException(MPI.ERR_ARG, "i : " + i + " (expected: 0.." + (keys.size() - 1) + ")");
        }
        return keys.get(i);
    }

    /** A copy with the same keys and values ({@code MPI_INFO_DUP}). */
    public synchronized Info dup()
    {
        final Info copy = new Info();
        copy.entries.putAll(readable());
        return copy;
    }

    @Override
    public Info clone()
    {
        return dup();
    }

    /** Frees the info object; it becomes null. {@link MPI#INFO_NULL} and {@link MPI#INFO_ENV} cannot be freed. */
    @Override
    public synchronized void free()
    {
        writable();
        freed = true;
        entries.clear();
    }

    /** True for {@link MPI#INFO_NULL} and for freed info objects. */
    public synchronized boolean isNull()
    {
        return kind == NULL || freed;
    }

    /** A copy to keep as hints: empty for {@link MPI#INFO_NULL}; {@link MPI#ERR_INFO} for null or freed objects. */
    static Info hintsOf(final Info info)
    {
        if (info == null)
        {
            throw new MPIException(MPI.ERR_INFO, "info : null (expected: an info object or MPI.INFO_NULL)");
        }
        return info.kind == NULL ? new Info() : info.dup();
    }

    /** The entries (a copy), empty for {@link MPI#INFO_NULL}. */
    synchronized Map<String, String> entries()
    {
        return kind == NULL ? new LinkedHashMap<>() : new LinkedHashMap<>(readable());
    }

    private Map<String, String> readable()
    {
        if (isNull())
        {
            throw new MPIException(MPI.ERR_INFO, "info : " + (kind == NULL ? "MPI_INFO_NULL" : "freed") +
                " (expected: a valid info object)");
        }
        return kind == ENV ? InfoEnv.entries() : entries;
    }

    private Map<String, String> writable()
    {
        final Map<String, String> m = readable();
        if (kind == ENV)
        {
            throw new MPIException(MPI.ERR_INFO, "info : MPI_INFO_ENV (expected: an info object made with new Info(); " +
                "MPI_INFO_ENV is read-only)");
        }
        return m;
    }

    private static void checkKey(final String key)
    {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY)
        {
            throw new MPIException(MPI.ERR_INFO_KEY, "key : " + (key == null ? "null" : '"' + key + '"') +
                " (expected: 1..MPI.MAX_INFO_KEY = " + MPI.MAX_INFO_KEY + " characters)");
        }
    }

    @Override
    public synchronized String toString()
    {
        return kind == NULL ? "Info{NULL}" : freed ? "Info{freed}" : "Info" + entries;
    }
}
