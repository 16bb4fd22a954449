package io.rankwire.proto;

import java.util.Arrays;

/**
 * Cookies for operations that wait for a peer's answer (rendezvous FIN, ssend ack) or a local
 * completion (rendezvous READ). A cookie is a positive 31-bit value: an 11-bit generation over a
 * 20-bit slot index + 1, so a late or duplicate answer for a recycled slot is ignored. Grows by
 * doubling; no allocation in steady state. Driving thread only.
 */
final class OpTable
{
    private static final int INDEX_BITS = 20;
    private static final int INDEX_MASK = (1 << INDEX_BITS) - 1;
    private static final int GEN_MASK = 0x7FF;

    private Transfer[] ops = new Transfer[64];
    private int[] generations = new int[64];
    private int[] free = new int[64];
    private int freeTop;
    private int next;
    private int live;

    int register(final Transfer op)
    {
        final int index;
        if (freeTop > 0)
        {
            index = free[--freeTop];
        }
        else
        {
            if (next == ops.length)
            {
                if (next > INDEX_MASK - 1)
                {
                    throw new IllegalStateException("outstanding operations : " + next + " (expected: < " + INDEX_MASK + ")");
                }
                ops = Arrays.copyOf(ops, next * 2);
                generations = Arrays.copyOf(generations, next * 2);
                free = Arrays.copyOf(free, next * 2);
            }
            index = next++;
        }
        ops[index] = op;
        live++;
        final int cookie = ((generations[index] & GEN_MASK) << INDEX_BITS) | (index + 1);
        op.cookie = cookie;
        return cookie;
    }

    /** Removes and returns the operation of {@code cookie}, or null when it is unknown or stale. */
    Transfer remove(final int cookie)
    {
        final int index = (cookie & INDEX_MASK) - 1;
        if (index < 0 || index >= next || ops[index] == null)
        {
            return null;
        }
        if (((cookie >>> INDEX_BITS) & GEN_MASK) != (generations[index] & GEN_MASK))
        {
            return null;
        }
        final Transfer op = ops[index];
        ops[index] = null;
        generations[index]++;
        free[freeTop++] = index;
        live--;
        op.cookie = 0;
        return op;
    }

    /** Removes {@code op} if it holds a cookie. */
    void forget(final Transfer op)
    {
        if (op.cookie != 0)
        {
            remove(op.cookie);
        }
    }

    int live()
    {
        return live;
    }
}
