package mpi;

/**
 * An MPI datatype, as in the Open MPI Java bindings: the predefined types ({@link MPI#INT}, ...,
 * the pair types for {@code MINLOC}/{@code MAXLOC}, the complex types) and derived types built
 * from them by the {@code create*} constructors.
 *
 * <p>Units follow Open MPI's bindings. Every type has a base type, the Java element type of the
 * buffers it describes: derived types take their old type's, {@link #createStruct} and the pair
 * types have {@link MPI#BYTE}, the complex types have {@link MPI#FLOAT} / {@link MPI#DOUBLE}.
 * {@link #getSize}, {@link #getExtent}, {@link #getLb}, {@link #getTrueLb} and
 * {@link #getTrueExtent} count units of the base type ({@code MPI.DOUBLE.getExtent()} is 1), while
 * the byte-displacement constructors ({@link #createHVector}, {@link #createHIndexed},
 * {@link #createStruct}, {@link #createResized}) take bytes, as Open MPI passes them to C.
 *
 * <p>A derived type must be {@link #commit committed} before it is used in communication
 * ({@link MPI#ERR_TYPE} otherwise); committing compiles its typemap into a copy plan with
 * contiguous runs merged. Types whose items are contiguous memory are sent and received in
 * place; the others are packed into a pooled staging buffer on send and unpacked on receive
 * (see docs/COMPATIBILITY.md). Data travels in the platform's native byte order.
 */
public final class Datatype implements Freeable, Cloneable
{
    static final int K_NULL = 0;
    static final int K_BYTE = 1;
    static final int K_CHAR = 2;
    static final int K_SHORT = 3;
    static final int K_BOOLEAN = 4;
    static final int K_INT = 5;
    static final int K_LONG = 6;
    static final int K_FLOAT = 7;
    static final int K_DOUBLE = 8;
    static final int K_PACKED = 9;
    static final int K_INT2 = 10;
    static final int K_SHORT_INT = 11;
    static final int K_LONG_INT = 12;
    static final int K_FLOAT_INT = 13;
    static final int K_DOUBLE_INT = 14;
    static final int K_FLOAT_COMPLEX = 15;
    static final int K_DOUBLE_COMPLEX = 16;
    static final int K_FLOAT2 = 17;
    static final int K_DOUBLE2 = 18;

    private final int baseType;
    private final int baseSize;
    private final Layout layout;
    private final boolean predefined;
    private final Attributes attributes = new Attributes();
    private volatile CopyPlan plan;
    private volatile boolean freed;
    private volatile String name;

    private Datatype(final int baseType, final int baseSize, final Layout layout, final boolean predefined, final String name)
    {
        this.baseType = baseType;
        this.baseSize = baseSize;
        this.layout = layout;
        this.predefined = predefined;
        this.name = name;
        if (predefined)
        {
            this.plan = new CopyPlan(layout);
        }
    }

    /** A predefined basic type of kind {@code kind} and {@code size} bytes. */
    static Datatype basic(final int kind, final int size, final String name)
    {
        return new Datatype(kind, size, TypeBuilder.basic(size, kind), true, name);
    }

    /** A predefined pair or complex type with its typemap and base type. */
    static Datatype predefined(final Layout layout, final Datatype base, final String name)
    {
        return new Datatype(base.baseType, base.baseSize, layout, true, name);
    }

    /** {@code MPI.DATATYPE_NULL}: null, usable in nothing. */
    static Datatype nullType()
    {
        final Datatype t = new Datatype(K_NULL, 1, TypeBuilder.empty(), true, "MPI_DATATYPE_NULL");
        t.freed = true;
        return t;
    }

    private Datatype derived(final Layout l)
    {
        return new Datatype(baseType, baseSize, l, false, "");
    }

    // ---- constructors

    /** {@code count} copies of {@code oldType} back to back ({@code MPI_TYPE_CONTIGUOUS}). */
    public static Datatype createContiguous(final int count, final Datatype oldType)
    {
        Args.count(count, "count");
        final Layout old = oldType.live().layout;
        return oldType.derived(TypeBuilder.hvector(1, count, old.extent(), old));
    }

    /**
     * {@code count} blocks of {@code blockLength} copies of {@code oldType}, the blocks
     * {@code stride} old extents apart ({@code MPI_TYPE_VECTOR}).
     */
    public static Datatype createVector(final int count, final int blockLength, final int stride, final Datatype oldType)
    {
        Args.count(count, "count");
        Args.nonNegative(blockLength, "blockLength");
        final Layout old = oldType.live().layout;
        return oldType.derived(TypeBuilder.hvector(count, blockLength, (long)stride * old.extent(), old));
    }

    /** Like {@link #createVector} with the stride in bytes ({@code MPI_TYPE_CREATE_HVECTOR}). */
    public static Datatype createHVector(final int count, final int blockLength, final int stride, final Datatype oldType)
    {
        Args.count(count, "count");
        Args.nonNegative(blockLength, "blockLength");
        return oldType.derived(TypeBuilder.hvector(count, blockLength, stride, oldType.live().layout));
    }

    /**
     * Block i of {@code blockLengths[i]} copies of {@code oldType} at {@code displacements[i]} old
     * extents ({@code MPI_TYPE_INDEXED}).
     */
    public static Datatype createIndexed(final int[] blockLengths, final int[] displacements, final Datatype oldType)
    {
        final Layout old = oldType.live().layout;
        return oldType.derived(indexed(blockLengths, displacements, old.extent(), old));
    }

    /** Like {@link #createIndexed} with displacements in bytes ({@code MPI_TYPE_CREATE_HINDEXED}). */
    public static Datatype createHIndexed(final int[] blockLengths, final int[] displacements, final Datatype oldType)
    {
        return oldType.derived(indexed(blockLengths, displacements, 1, oldType.live().layout));
    }

    /**
     * Like {@link #createIndexed} with one block length for every block
     * ({@code MPI_TYPE_CREATE_INDEXED_BLOCK}; not in Open MPI's Java bindings).
     */
    public static Datatype createIndexedBlock(final int blockLength, final int[] displacements, final Datatype oldType)
    {
        Args.nonNegative(blockLength, "blockLength");
        final int[] lengths = new int[Args.notNull(displacements, "displacements").length];
        java.util.Arrays.fill(lengths, blockLength);
        return createIndexed(lengths, displacements, oldType);
    }

    private static Layout indexed(final int[] blockLengths, final int[] displacements, final long unit, final Layout old)
    {
        final int n = Args.sameLength(blockLengths, "blockLengths", displacements, "displacements");
        final long[] disps = new long[n];
        final long[] counts = new long[n];
        final Layout[] olds = new Layout[n];
        for (int i = 0; i < n; i++)
        {
            counts[i] = Args.nonNegative(blockLengths[i], "blockLengths[" + i + "]");
            disps[i] = displacements[i] * unit;
            olds[i] = old;
        }
        return TypeBuilder.blocks(disps, counts, olds);
    }

    /**
     * Block i of {@code blockLengths[i]} copies of {@code types[i]} at {@code displacements[i]}
     * bytes ({@code MPI_TYPE_CREATE_STRUCT}); the base type is {@link MPI#BYTE}. The extent is the
     * span of the blocks, with no alignment padding added (use {@link #createResized} for that).
     */
    public static Datatype createStruct(final int[] blockLengths, final int[] displacements, final Datatype[] types)
    {
        final int n = Args.sameLength(blockLengths, "blockLengths", displacements, "displacements");
        if (Args.notNull(types, "types").length != n)
        {
            throw new MPIException(MPI.ERR_ARG, "types.length : " + types.length + " (expected: " + n + ", one per block)");
        }
        final long[] disps = new long[n];
        final long[] counts = new long[n];
        final Layout[] olds = new Layout[n];
        for (int i = 0; i < n; i++)
        {
            counts[i] = Args.nonNegative(blockLengths[i], "blockLengths[" + i + "]");
            disps[i] = displacements[i];
            olds[i] = Args.notNull(types[i], "types[" + i + "]").live().layout;
        }
        return new Datatype(K_BYTE, 1, TypeBuilder.blocks(disps, counts, olds), false, "");
    }

    /** {@code oldType} with lower bound {@code lb} and extent {@code extent}, both in bytes ({@code MPI_TYPE_CREATE_RESIZED}). */
    public static Datatype createResized(final Datatype oldType, final int lb, final int extent)
    {
        return oldType.derived(oldType.live().layout.resized(lb, extent));
    }

    // ---- life cycle

    /** Compiles the type's copy plan; the type can then be used in communication ({@code MPI_TYPE_COMMIT}). */
    public void commit()
    {
        live();
        if (plan == null)
        {
            plan = new CopyPlan(layout);
        }
    }

    /** Frees a derived type; it becomes null ({@link #isNull()}). Predefined types cannot be freed ({@link MPI#ERR_TYPE}). */
    @Override
    public void free()
    {
        if (predefined)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + name + " (expected: a derived type; predefined types cannot be freed)");
        }
        live();
        freed = true;
        attributes.clear();
    }

    /** True for {@link MPI#DATATYPE_NULL} and for freed types. */
    public boolean isNull()
    {
        return freed;
    }

    /**
     * A copy of this type ({@code MPI_TYPE_DUP}), committed when this one is, with its attributes:
     * a user type also when this one is predefined, which the caller may and should {@link #free}.
     */
    public Datatype dup()
    {
        live();
        final Datatype copy = new Datatype(baseType, baseSize, layout, false, name);
        copy.plan = plan;
        copy.attributes.copyFrom(attributes);
        return copy;
    }

    @Override
    public Datatype clone()
    {
        return dup();
    }

    // ---- bounds, in units of the base type

    /** The lower bound, in units of the base type. */
    public int getLb()
    {
        return (int)(live().layout.lb / baseSize);
    }

    /** The extent (distance between consecutive items), in units of the base type. */
    public int getExtent()
    {
        return (int)(live().layout.extent() / baseSize);
    }

    /** The true lower bound (where the first data lies), in units of the base type. */
    public int getTrueLb()
    {
        return (int)(live().layout.trueLb / baseSize);
    }

    /** The true extent (the span of the data), in units of the base type. */
    public int getTrueExtent()
    {
        final Layout l = live().layout;
        return (int)((l.trueUb - l.trueLb) / baseSize);
    }

    /** The data of one item, in units of the base type ({@code MPI_TYPE_SIZE} over the base size). */
    public int getSize()
    {
        return (int)(live().layout.size / baseSize);
    }

    /** The type's name; predefined types are named as in MPI ({@code "MPI_INT"}). */
    public String getName()
    {
        return name;
    }

    /** Sets the type's name. */
    public void setName(final String name)
    {
        if (name == null || name.length() >= MPI.MAX_OBJECT_NAME)
        {
            throw new MPIException(MPI.ERR_ARG, "name : " + (name == null ? "null" : name.length() + " characters") +
                " (expected: fewer than MPI.MAX_OBJECT_NAME = " + MPI.MAX_OBJECT_NAME + ")");
        }
        this.name = name;
    }

    // ---- attributes

    /** A new attribute key for datatypes ({@code MPI_TYPE_CREATE_KEYVAL}). */
    public static int createKeyval()
    {
        return Keyvals.create(Keyvals.TYPE);
    }

    /** Frees a key made by {@link #createKeyval()}. */
    public static void freeKeyval(final int keyval)
    {
        Keyvals.free(keyval, Keyvals.TYPE);
    }

    /** Caches a serialized copy of {@code value} under {@code keyval} (see {@link Comm#setAttr}). */
    public void setAttr(final int keyval, final Object value)
    {
        live();
        Keyvals.check(keyval, Keyvals.TYPE);
        attributes.set(keyval, value);
    }

    /** A copy of the value cached under {@code keyval}, or null. */
    public Object getAttr(final int keyval)
    {
        live();
        Keyvals.check(keyval, Keyvals.TYPE);
        return attributes.get(keyval);
    }

    /** Removes the value cached under {@code keyval}. */
    public void deleteAttr(final int keyval)
    {
        live();
        Keyvals.check(keyval, Keyvals.TYPE);
        attributes.delete(keyval);
    }

    // ---- for the implementation

    Layout layout()
    {
        return live().layout;
    }

    /** The committed copy plan; {@link MPI#ERR_TYPE} for freed or uncommitted types. */
    CopyPlan plan()
    {
        final CopyPlan p = live().plan;
        if (p == null)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + describe() + " is not committed (expected: commit() before use in communication)");
        }
        return p;
    }

    /** True when items are contiguous memory, {@code size} bytes each, from the buffer's start. */
    boolean dense()
    {
        return plan().dense();
    }

    int baseSize()
    {
        return baseSize;
    }

    /** The kind of the base type (the Java element type of the buffers this type describes). */
    int baseKind()
    {
        return baseType;
    }

    /** The predefined kind every element belongs to, {@link Layout#MIXED} or {@link Layout#EMPTY}. */
    int unit()
    {
        return live().layout.unit;
    }

    long sizeBytes()
    {
        return live().layout.size;
    }

    int extentBytes()
    {
        return (int)live().layout.extent();
    }

    long elementsIn(final long bytes)
    {
        return live().layout.elementsIn(bytes);
    }

    long bytesOfElements(final long elements)
    {
        return live().layout.bytesOfElements(elements);
    }

    /** The packed bytes of {@code count} items, after checking the count and that the type is usable. */
    long bytes(final int count)
    {
        plan();
        Args.count(count, "count");
        return count * layout.size;
    }

    private Datatype live()
    {
        if (freed)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + describe() + " (expected: a valid datatype, not a freed or null one)");
        }
        return this;
    }

    String describe()
    {
        return name.isEmpty() ? "a derived type" : name;
    }

    @Override
    public String toString()
    {
        return "Datatype{" + (name.isEmpty() ? "derived" : name) + ", size=" + layout.size + ", lb=" + layout.lb +
            ", extent=" + layout.extent() + (freed ? ", freed" : plan == null ? ", uncommitted" : ", " + plan) + '}';
    }
}
