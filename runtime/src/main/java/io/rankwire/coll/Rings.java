package io.rankwire.coll;


/**
 * Ring algorithms: n - 1 steps, each rank sending to its right neighbour and receiving from its
 * left one. Bandwidth-optimal (each rank sends about one buffer in total), latency linear in n.
 * Blocks are given as element counts and absolute displacements into the buffer.
 */
final class Rings
{
    private Rings()
    {
    }

    /**
     * Ring allgather: rank r contributes block {@code (r - first) mod n}, already in place; on
     * return every rank holds every block.
     */
    static void allGather(final Channel ch, final Object buf, final int[] counts, final int[] displs, final int first)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final int right = (me + 1) % n;
        final int left = (me - 1 + n) % n;
        final int mine = Math.floorMod(me - first, n);
        for (int s = 0; s < n - 1; s++)
        {
            final int sb = Math.floorMod(mine - s, n);
            final int rb = Math.floorMod(mine - s - 1, n);
            ch.sendrecv(buf, displs[sb], counts[sb], right, buf, displs[rb], counts[rb], left);
        }
    }

    /**
     * Ring reduce-scatter for a commutative op: on return block r of {@code buf} at rank r holds
     * the reduction of every rank's block r (other blocks hold partial results).
     */
    static void reduceScatter(final Channel ch, final Reduction op, final Object buf, final int[] counts, final int[] displs)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final int right = (me + 1) % n;
        final int left = (me - 1 + n) % n;
        int max = 0;
        for (final int c : counts)
        {
            max = Math.max(max, c);
        }
        final Object tmp = Bufs.alloc(buf, max);
        for (int s = 0; s < n - 1; s++)
        {
            final int sb = Math.floorMod(me - s - 1, n);
            final int rb = Math.floorMod(me - s - 2, n);
            ch.sendrecv(buf, displs[sb], counts[sb], right, tmp, 0, counts[rb], left);
            op.apply(tmp, 0, buf, displs[rb], counts[rb]);
        }
    }

    /** Splits {@code count} elements from {@code off} into {@code parts} near-equal blocks. */
    static void blocks(final int count, final int off, final int parts, final int[] counts, final int[] displs)
    {
        final int base = count / parts;
        final int extra = count % parts;
        int d = off;
        for (int i = 0; i < parts; i++)
        {
            counts[i] = base + (i < extra ? 1 : 0);
            displs[i] = d;
            d += counts[i];
        }
    }
}
