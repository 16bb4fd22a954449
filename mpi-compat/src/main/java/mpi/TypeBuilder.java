package mpi;

/**
 * Builds the {@link Layout} of each datatype constructor from those of its old types, following
 * MPI's typemap rules: a block of {@code c} copies of an old type at displacement {@code d} spans
 * {@code [d + lb + min(0, (c-1)*extent), d + ub + max(0, (c-1)*extent))}; the new type's bounds
 * are the least and greatest over its blocks (blocks of no copies count for nothing), and so are
 * its true bounds. Displacements here are in bytes; {@link Datatype} scales element
 * displacements by the old type's extent first.
 */
final class TypeBuilder
{
    private TypeBuilder()
    {
    }

    /** {@code count} blocks of {@code blockLength} old items, block j at {@code j * strideBytes} (vector, hvector, contiguous). */
    static Layout hvector(final long count, final long blockLength, final long strideBytes, final Layout old)
    {
        if (count == 0 || blockLength == 0)
        {
            return empty();
        }
        final long ext = old.extent();
        final TypeNode[] block = TypeNode.repeat(0, blockLength, ext, old.nodes);
        final TypeNode[] nodes = TypeNode.merged(TypeNode.repeat(0, count, strideBytes, block));
        final long inLo = Math.min(0, (blockLength - 1) * ext) + Math.min(0, (count - 1) * strideBytes);
        final long inHi = Math.max(0, (blockLength - 1) * ext) + Math.max(0, (count - 1) * strideBytes);
        return new Layout(nodes, old.lb + inLo, old.ub + inHi, old.trueLb + inLo, old.trueUb + inHi, old.unit);
    }

    /** Block i of {@code counts[i]} items of {@code olds[i]} at {@code disps[i]} bytes (indexed, hindexed, struct). */
    static Layout blocks(final long[] disps, final long[] counts, final Layout[] olds)
    {
        final java.util.ArrayList<TypeNode> nodes = new java.util.ArrayList<>();
        long lb = Long.MAX_VALUE;
        long ub = Long.MIN_VALUE;
        long trueLb = Long.MAX_VALUE;
        long trueUb = Long.MIN_VALUE;
        int unit = Layout.EMPTY;
        for (int i = 0; i < disps.length; i++)
        {
            final long c = counts[i];
            if (c == 0)
            {
                continue;
            }
            final Layout old = olds[i];
            final long ext = old.extent();
            java.util.Collections.addAll(nodes, TypeNode.repeat(disps[i], c, ext, old.nodes));
            final long lo = disps[i] + Math.min(0, (c - 1) * ext);
            final long hi = disps[i] + Math.max(0, (c - 1) * ext);
            lb = Math.min(lb, lo + old.lb);
            ub = Math.max(ub, hi + old.ub);
            if (old.size > 0)
            {
                trueLb = Math.min(trueLb, lo + old.trueLb);
                trueUb = Math.max(trueUb, hi + old.trueUb);
                unit = unit == Layout.EMPTY || unit == old.unit ? old.unit : Layout.MIXED;
            }
        }
        if (lb == Long.MAX_VALUE)
        {
            return empty();
        }
        return new Layout(TypeNode.merged(nodes.toArray(TypeNode.NONE)), lb, ub, trueLb, trueUb, unit);
    }

    /** One basic element of {@code size} bytes, of predefined kind {@code unit}. */
    static Layout basic(final int size, final int unit)
    {
        return new Layout(new TypeNode[] {TypeNode.leaf(0, 1, size)}, 0, size, 0, size, unit);
    }

    /** A C pair struct: a value of {@code valueSize} bytes at 0 and an int of {@code indexSize} bytes at {@code indexOffset}, padded to {@code extent}. */
    static Layout pair(final int valueSize, final int indexOffset, final int indexSize, final int extent, final int unit)
    {
        final TypeNode[] nodes = TypeNode.merged(new TypeNode[] {TypeNode.leaf(0, 1, valueSize), TypeNode.leaf(indexOffset, 1, indexSize)});
        return new Layout(nodes, 0, extent, 0, indexOffset + indexSize, unit);
    }

    /** Two elements of {@code partSize} bytes back to back (complex numbers, the 2-element pairs). */
    static Layout twin(final int partSize, final int unit)
    {
        return new Layout(new TypeNode[] {TypeNode.leaf(0, 2, partSize)}, 0, 2L * partSize, 0, 2L * partSize, unit);
    }

    static Layout empty()
    {
        return new Layout(TypeNode.NONE, 0, 0, 0, 0, Layout.EMPTY);
    }
}
