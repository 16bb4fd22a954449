package io.rankwire.coll;


/**
 * Ring algorithms as rounds of a {@link Plan}: n - 1 rounds, each rank sending to its right
 * neighbour and receiving from its left one (the receive posted first). Bandwidth-optimal (each
 * rank sends about one buffer in total), latency linear in n. Blocks are given as element counts
 * and absolute displacements into the buffer.
 */
final class Rings
{
    private Rings()
    {
    }

    /**
     * Ring allgather: rank r contributes block {@code (r - first) mod n}, already in place; once
     * done every rank holds every block. In round k a rank passes on the block it got in round
     * k - 1 (its own in round 0), straight from and into the buffer.
     */
    static void allGather(final Plan p, final Object buf, final int[] counts, final int[] displs, final int first)
    {
        final int n = p.size();
        final int me = p.rank();
        final int right = (me + 1) % n;
        final int left = (me - 1 + n) % n;
        final int mine = Math.floorMod(me - first, n);
        for (int k = 0; k < n - 1; k++)
        {
            final int sb = Math.floorMod(mine - k, n);
            final int rb = Math.floorMod(mine - k - 1, n);
            p.recv(buf, displs[rb], counts[rb], left).send(buf, displs[sb], counts[sb], right).round();
        }
    }

    /**
     * Ring reduce-scatter for a commutative op: once done, block r of {@code buf} at rank r holds
     * the reduction of every rank's block r (other blocks hold partial results). In round k a rank
     * sends block {@code me - k - 1} right and receives block {@code me - k - 2}'s partial result
     * from the left into a temporary array, folded into the buffer at the start of the next round,
     * before that block is sent on.
     */
    static void reduceScatter(final Plan p, final Reduction op, final Object buf, final int[] counts, final int[] displs)
    {
        final int n = p.size();
        final int me = p.rank();
        final int right = (me + 1) % n;
        final int left = (me - 1 + n) % n;
        int max = 0;
        for (final int c : counts)
        {
            max = Math.max(max, c);
        }
        final Object tmp = Bufs.alloc(buf, max);
        for (int k = 0; k < n - 1; k++)
        {
            final int sb = Math.floorMod(me - k - 1, n);
            final int rb = Math.floorMod(me - k - 2, n);
            p.recv(tmp, 0, counts[rb], left).send(buf, displs[sb], counts[sb], right).round();
            p.reduce(op, tmp, 0, buf, displs[rb], counts[rb]);
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
