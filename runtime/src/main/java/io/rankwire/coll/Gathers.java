package io.rankwire.coll;

/**
 * Binomial-tree gather and scatter of equal blocks, for small blocks: the root sends or receives
 * ceil(log2 n) messages instead of n - 1, and inner ranks forward their subtree's blocks as one
 * message. Ranks are renumbered relative to the root ({@code rel = (me - root) mod n}); the
 * subtree of {@code rel} is {@code [rel, rel + min(lowbit(rel), n - rel))}, whose blocks travel
 * in relative order:
 *
 * <pre>
 *   n = 6, root 0:      0            subtree blocks (relative order)
 *                     / | \           0: [0 1 2 3 4 5]
 *                    4  2  1          4: [4 5]   2: [2 3]
 *                    |  |             5: [5]     3: [3]    1: [1]
 *                    5  3
 * </pre>
 *
 * The root of a rotated tree ({@code root != 0}) stages the blocks in relative order and copies
 * them to (or from) their rank positions; root 0 works straight from the user's buffer. Both are
 * rounds of a {@link Plan}.
 */
final class Gathers
{
    private Gathers()
    {
    }

    /** Ranks in the subtree of relative rank {@code rel}. */
    static int subtree(final int rel, final int n)
    {
        return rel == 0 ? n : Math.min(Integer.lowestOneBit(rel), n - rel);
    }

    /** The binomial-tree parent of rank {@code me} at distance {@code rel > 0} from the root. */
    static int parent(final int me, final int rel, final int n)
    {
        return Math.floorMod(me - Integer.lowestOneBit(rel), n);
    }

    /**
     * Gathers {@code count} elements per rank into {@code recv[recvOff + r * count]} at the root;
     * {@code inPlace}: the root's block is already there. An inner rank stages its own block and
     * receives its children's subtrees beside it in one round, then sends the whole to its parent.
     */
    static void gatherBinomial(
        final Plan p, final Object send, final int sendOff, final Object recv, final int recvOff,
        final int count, final int root, final boolean inPlace)
    {
        final int n = p.size();
        final int me = p.rank();
        final int rel = Math.floorMod(me - root, n);
        final int sub = subtree(rel, n);
        final int parent = parent(me, rel, n);
        if (sub == 1)
        {
            p.send(send, sendOff, count, parent);
            return;
        }
        final boolean direct = rel == 0 && root == 0;
        final Object stage = direct ? recv : Bufs.alloc(rel == 0 ? recv : send, sub * count);
        final int base = direct ? recvOff : 0;
        if (inPlace)
        {
            p.copy(recv, recvOff + me * count, stage, base, count);
        }
        else
        {
            p.copy(send, sendOff, stage, base, count);
        }
        for (int mask = 1; mask < sub; mask <<= 1)
        {
            final int childSub = Math.min(mask, sub - mask);
            p.recv(stage, base + mask * count, childSub * count, (me + mask) % n);
        }
        p.round();
        if (rel != 0)
        {
            p.send(stage, 0, sub * count, parent);
        }
        else if (!direct)
        {
            final int head = (n - root) * count;
            p.copy(stage, 0, recv, recvOff + root * count, head).copy(stage, head, recv, recvOff, root * count);
        }
    }

    /**
     * Scatters {@code send[sendOff + r * count, + count)} from the root to rank r's
     * {@code recv[recvOff, + count)}; {@code inPlace}: the root keeps its block where it is. An
     * inner rank receives its subtree's blocks in one message, then sends each child its
     * subtree's share (the largest first) in one round.
     */
    static void scatterBinomial(
        final Plan p, final Object send, final int sendOff, final Object recv, final int recvOff,
        final int count, final int root, final boolean inPlace)
    {
        final int n = p.size();
        final int me = p.rank();
        final int rel = Math.floorMod(me - root, n);
        final int sub = subtree(rel, n);
        final int parent = parent(me, rel, n);
        final Object stage;
        final int base;
        if (rel != 0)
        {
            if (sub == 1)
            {
                p.recv(recv, recvOff, count, parent);
                return;
            }
            stage = Bufs.alloc(recv, sub * count);
            base = 0;
            p.recv(stage, 0, sub * count, parent).round();
        }
        else if (root == 0)
        {
            stage = send;
            base = sendOff;
        }
        else
        {
            stage = Bufs.alloc(send, n * count);
            base = 0;
            final int head = (n - root) * count;
            p.copy(send, sendOff + root * count, stage, 0, head).copy(send, sendOff, stage, head, root * count);
        }
        for (int mask = Integer.highestOneBit(sub - 1); mask > 0; mask >>= 1)
        {
            final int childSub = Math.min(mask, sub - mask);
            p.send(stage, base + mask * count, childSub * count, (me + mask) % n);
        }
        if (!(rel == 0 && inPlace))
        {
            p.copy(stage, base, recv, recvOff, count);
        }
        p.round();
    }
}
