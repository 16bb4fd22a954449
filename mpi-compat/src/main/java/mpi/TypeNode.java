package mpi;

/**
 * One node of a datatype's typemap tree, in bytes from its parent's origin. A leaf is a run of
 * {@code count} basic elements of {@code elemSize} bytes each, back to back, at {@code disp}; a
 * loop is {@code count} copies of {@code body}, the i-th at {@code disp + i * stride}. The leaves
 * in tree order are the type's signature (the basic elements in order), so element counts
 * ({@code Status.getElements}) walk them; the copy plan ({@link CopyPlan}) is compiled from the
 * same tree.
 *
 * <pre>
 *   vector(count 3, blocklength 2, stride 4, DOUBLE)
 *     loop(disp 0, count 3, stride 32)          3 blocks, 32 bytes apart
 *       leaf(disp 0, count 2, elemSize 8)        2 doubles back to back
 *   bytes: [DD..DD..DD..]  (D = 8 data bytes, . = 8 bytes skipped)
 * </pre>
 */
final class TypeNode
{
    static final TypeNode[] NONE = new TypeNode[0];

    final long disp;
    final long count;
    final long stride;
    final int elemSize;
    final TypeNode[] body;

    private TypeNode(final long disp, final long count, final long stride, final int elemSize, final TypeNode[] body)
    {
        this.disp = disp;
        this.count = count;
        this.stride = stride;
        this.elemSize = elemSize;
        this.body = body;
    }

    static TypeNode leaf(final long disp, final long count, final int elemSize)
    {
        return new TypeNode(disp, count, elemSize, elemSize, null);
    }

    static TypeNode loop(final long disp, final long count, final long stride, final TypeNode[] body)
    {
        return new TypeNode(disp, count, stride, 0, body);
    }

    boolean isLeaf()
    {
        return body == null;
    }

    TypeNode shifted(final long by)
    {
        return by == 0 ? this : new TypeNode(disp + by, count, stride, elemSize, body);
    }

    /** Data bytes under this node. */
    long bytes()
    {
        if (isLeaf())
        {
            return count * elemSize;
        }
        long b = 0;
        for (final TypeNode n : body)
        {
            b += n.bytes();
        }
        return b * count;
    }

    /** Basic elements under this node. */
    long elements()
    {
        if (isLeaf())
        {
            return count;
        }
        long e = 0;
        for (final TypeNode n : body)
        {
            e += n.elements();
        }
        return e * count;
    }

    /**
     * A loop of {@code count} copies of {@code body} every {@code stride} bytes at {@code disp},
     * simplified: nothing for no copies, the shifted body for one copy, one longer leaf when the
     * body is a single leaf the copies continue back to back.
     */
    static TypeNode[] repeat(final long disp, final long count, final long stride, final TypeNode[] body)
    {
        if (count == 0 || body.length == 0)
        {
            return NONE;
        }
        if (count == 1)
        {
            final TypeNode[] out = new TypeNode[body.length];
            for (int i = 0; i < body.length; i++)
            {
                out[i] = body[i].shifted(disp);
            }
            return out;
        }
        if (body.length == 1 && body[0].isLeaf() && body[0].count * body[0].elemSize == stride)
        {
            return new TypeNode[] {leaf(disp + body[0].disp, body[0].count * count, body[0].elemSize)};
        }
        return new TypeNode[] {loop(disp, count, stride, body)};
    }

    /** {@code nodes} with adjacent leaves of one element size that continue each other merged. */
    static TypeNode[] merged(final TypeNode[] nodes)
    {
        final java.util.ArrayList<TypeNode> out = new java.util.ArrayList<>(nodes.length);
        for (final TypeNode n : nodes)
        {
            final TypeNode last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.isLeaf() && n.isLeaf() && last.elemSize == n.elemSize &&
                last.disp + last.count * last.elemSize == n.disp)
            {
                out.set(out.size() - 1, leaf(last.disp, last.count + n.count, n.elemSize));
            }
            else
            {
                out.add(n);
            }
        }
        return out.toArray(NONE);
    }
}
