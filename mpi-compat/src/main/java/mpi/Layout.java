package mpi;

/**
 * A datatype's typemap, in bytes: the tree of basic elements ({@link TypeNode}), the data size of
 * one item, its bounds ({@code lb}/{@code ub}, whose difference is the extent, the stride between
 * consecutive items) and true bounds (where data actually lies), the basic elements per item, and
 * the predefined type every element belongs to ({@code unit}, a {@code Datatype.K_*} kind, or
 * {@link #MIXED}), which decides whether and how reductions apply. Immutable.
 *
 * <pre>
 *   resized(vector(2, 1, 2, INT), lb 0, extent 16)
 *   item:   |I...I...........|      I = 4 data bytes, . = gap
 *           0   4   8       16
 *   size 8, lb 0, ub 16 (extent 16), trueLb 0, trueUb 12, 2 elements
 * </pre>
 */
final class Layout
{
    /** The unit of a type whose elements come from different predefined types. */
    static final int MIXED = -1;
    /** The unit of a type without elements. */
    static final int EMPTY = 0;

    final TypeNode[] nodes;
    final long size;
    final long lb;
    final long ub;
    final long trueLb;
    final long trueUb;
    final long elements;
    final int unit;

    Layout(final TypeNode[] nodes, final long lb, final long ub, final long trueLb, final long trueUb, final int unit)
    {
        this.nodes = nodes;
        long s = 0;
        long e = 0;
        for (final TypeNode n : nodes)
        {
            s += n.bytes();
            e += n.elements();
        }
        this.size = s;
        this.elements = e;
        this.lb = lb;
        this.ub = ub;
        this.trueLb = s == 0 ? 0 : trueLb;
        this.trueUb = s == 0 ? 0 : trueUb;
        this.unit = s == 0 ? EMPTY : unit;
    }

    long extent()
    {
        return ub - lb;
    }

    /** The same typemap with bounds {@code lb} and {@code lb + extent} (MPI_TYPE_CREATE_RESIZED). */
    Layout resized(final long newLb, final long extent)
    {
        return new Layout(nodes, newLb, newLb + extent, trueLb, trueUb, unit);
    }

    /** The basic elements in {@code bytes} bytes of packed items, or -1 when they end inside an element. */
    long elementsIn(final long bytes)
    {
        if (size == 0)
        {
            return bytes == 0 ? 0 : -1;
        }
        final long rem = bytes % size;
        final long whole = bytes / size * elements;
        if (rem == 0)
        {
            return whole;
        }
        final long[] walk = {rem, 0};
        return elementsOf(nodes, walk) ? whole + walk[1] : -1;
    }

    /** The bytes of packed items that hold the first {@code n} basic elements. */
    long bytesOfElements(final long n)
    {
        if (elements == 0)
        {
            if (n != 0)
            {
                throw new MPIException(MPI.ERR_COUNT, "count : " + n + " (expected: 0 for a type without elements)");
            }
            return 0;
        }
        final long[] walk = {n % elements, 0};
        bytesOf(nodes, walk);
        return n / elements * size + walk[1];
    }

    /** Consumes {@code walk[0]} bytes of the signature, adding whole elements to {@code walk[1]}; false when they end inside one. */
    private static boolean elementsOf(final TypeNode[] nodes, final long[] walk)
    {
        for (final TypeNode n : nodes)
        {
            if (walk[0] == 0)
            {
                return true;
            }
            if (n.isLeaf())
            {
                final long take = Math.min(walk[0], n.count * n.elemSize);
                if (take % n.elemSize != 0)
                {
                    return false;
                }
                walk[0] -= take;
                walk[1] += take / n.elemSize;
                continue;
            }
            final long per = bodyBytes(n);
            final long whole = Math.min(n.count, walk[0] / per);
            walk[0] -= whole * per;
            walk[1] += whole * (n.elements() / n.count);
            if (whole < n.count && walk[0] > 0 && !elementsOf(n.body, walk))
            {
                return false;
            }
        }
        return walk[0] == 0;
    }

    /** Consumes {@code walk[0]} elements of the signature, adding their bytes to {@code walk[1]}. */
    private static void bytesOf(final TypeNode[] nodes, final long[] walk)
    {
        for (final TypeNode n : nodes)
        {
            if (walk[0] == 0)
            {
                return;
            }
            if (n.isLeaf())
            {
                final long take = Math.min(walk[0], n.count);
                walk[0] -= take;
                walk[1] += take * n.elemSize;
                continue;
            }
            final long per = n.elements() / n.count;
            final long whole = Math.min(n.count, walk[0] / per);
            walk[0] -= whole * per;
            walk[1] += whole * bodyBytes(n);
            if (whole < n.count && walk[0] > 0)
            {
                bytesOf(n.body, walk);
            }
        }
    }

    private static long bodyBytes(final TypeNode loop)
    {
        return loop.bytes() / loop.count;
    }
}
