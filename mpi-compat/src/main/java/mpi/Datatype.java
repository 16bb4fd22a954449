package mpi;

/**
 * An MPI datatype: the predefined element types, the pair types used by {@code MAXLOC} and
 * {@code MINLOC}, and contiguous types built from them. Data travels as raw bytes in the
 * platform's native order; a count of {@code n} elements of a type moves {@code n * getExtent()}
 * bytes whatever the Java element type of the buffer.
 */
public final class Datatype implements Cloneable
{
    static final int K_BYTE = 1;
    static final int K_CHAR = 2;
    static final int K_SHORT = 3;
    static final int K_BOOLEAN = 4;
    static final int K_INT = 5;
    static final int K_LONG = 6;
    static final int K_FLOAT = 7;
    static final int K_DOUBLE = 8;
    static final int K_PACKED = 9;
    static final int K_PAIR = 10;
    static final int K_DERIVED = 11;

    private final int kind;
    private final int size;
    private final int extent;
    private final int baseSize;
    private final Datatype base;
    private String name;
    private boolean freed;

    Datatype(final int kind, final int size, final int extent, final int baseSize, final Datatype base, final String name)
    {
        this.kind = kind;
        this.size = size;
        this.extent = extent;
        this.baseSize = baseSize;
        this.base = base;
        this.name = name;
    }

    static Datatype basic(final int kind, final int size, final String name)
    {
        return new Datatype(kind, size, size, size, null, name);
    }

    static Datatype pair(final int size, final int extent, final int baseSize, final String name)
    {
        return new Datatype(K_PAIR, size, extent, baseSize, null, name);
    }

    /** A type of {@code count} contiguous copies of {@code oldType}. */
    public static Datatype createContiguous(final int count, final Datatype oldType)
    {
        if (count < 0)
        {
            throw new MPIException(MPI.ERR_COUNT, "count : " + count + " (expected: >= 0)");
        }
        oldType.check();
        return new Datatype(K_DERIVED, count * oldType.size, count * oldType.extent, oldType.baseSize,
            oldType.root(), "contiguous(" + count + ", " + oldType.name + ")");
    }

    /** Commits the type for use in communication (a no-op: every type here is usable at once). */
    public void commit()
    {
        check();
    }

    /** Frees a derived type; predefined types cannot be freed. */
    public void free()
    {
        if (kind != K_DERIVED)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + name + " (expected: a derived type; predefined types cannot be freed)");
        }
        freed = true;
    }

    /**
     * A copy of this type ({@code MPI_TYPE_DUP}): a user type, also when this one is predefined,
     * which the caller may and should {@link #free}.
     */
    public Datatype dup()
    {
        check();
        return new Datatype(K_DERIVED, size, extent, baseSize, root(), name);
    }

    @Override
    public Datatype clone()
    {
        return dup();
    }

    /** The number of bytes of data in one element. */
    public int getSize()
    {
        return size;
    }

    /** The distance in bytes between consecutive elements. */
    public int getExtent()
    {
        return extent;
    }

    /** The lower bound, always 0 here. */
    public int getLb()
    {
        return 0;
    }

    /** The true extent (the extent here: every type is contiguous). */
    public int getTrueExtent()
    {
        return extent;
    }

    /** The type's name. */
    public String getName()
    {
        return name;
    }

    /** Sets the type's name. */
    public void setName(final String name)
    {
        this.name = name;
    }

    /** True after {@link #free()}. */
    public boolean isNull()
    {
        return freed;
    }

    /** The size in bytes. */
    long sizeBytes()
    {
        return size;
    }

    /** The basic elements in {@code bytes} bytes of packed data of this type, or -1 when they end inside one. */
    long elementsIn(final long bytes)
    {
        if (kind == K_PAIR)
        {
            return bytes % size == 0 ? 2 * (bytes / size) : -1;
        }
        return bytes % baseSize == 0 ? bytes / baseSize : -1;
    }

    /** The bytes of packed data that hold {@code elements} basic elements of this type. */
    long bytesOfElements(final long elements)
    {
        return kind == K_PAIR ? elements / 2 * size : elements * baseSize;
    }

    /** The extent in bytes. */
    int extentBytes()
    {
        return extent;
    }

    int kind()
    {
        return kind;
    }

    int baseSize()
    {
        return baseSize;
    }

    Datatype root()
    {
        return base == null ? this : base;
    }

    long bytes(final int count)
    {
        check();
        if (count < 0)
        {
            throw new MPIException(MPI.ERR_COUNT, "count : " + count + " (expected: >= 0)");
        }
        return (long)count * extent;
    }

    void check()
    {
        if (freed)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + name + " was freed (expected: a valid datatype)");
        }
    }

    @Override
    public String toString()
    {
        return "Datatype{" + name + ", size=" + size + ", extent=" + extent + '}';
    }
}
