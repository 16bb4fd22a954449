package io.rankwire.match;

import java.util.Arrays;

/**
 * An open-addressing table of lists keyed by {@link KeyedList#key}: a power-of-two array of list
 * references, Fibonacci hashing (the top bits of {@code key * 2^64/phi}), linear probing and
 * backward-shift deletion (no tombstones). It grows by doubling at load factor 1/2, the only
 * time it allocates. At most one list per key is present.
 *
 * <pre>
 *   slots: [ null | L(k=7) | L(k=3) | null | ... ]   L = list reference, key read from the list
 *   home(k) = (k * 0x9E3779B97F4A7C15) &gt;&gt;&gt; (64 - log2(capacity))
 * </pre>
 */
final class ListTable<L extends KeyedList>
{
    private static final long PHI = 0x9E3779B97F4A7C15L;
    private static final int INITIAL_CAPACITY = 16;

    private KeyedList[] slots = new KeyedList[INITIAL_CAPACITY];
    private int shift = Long.SIZE - Integer.numberOfTrailingZeros(INITIAL_CAPACITY);
    private int size;

    int size()
    {
        return size;
    }

    /** The list with this key, or null. */
    @SuppressWarnings("unchecked")
    L get(final long key)
    {
        final KeyedList[] s = slots;
        final int mask = s.length - 1;
        int i = (int)((key * PHI) >>> shift);
        KeyedList list;
        while ((list = s[i]) != null)
        {
            if (list.key == key)
            {
                return (L)list;
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    /** Inserts a list whose key is not present. */
    void put(final L list)
    {
        if (++size > slots.length >>> 1)
        {
            grow();
        }
        insert(slots, shift, list);
    }

    /** Removes a list that is present (found by identity). */
    void remove(final L list)
    {
        final KeyedList[] s = slots;
        final int mask = s.length - 1;
        int hole = (int)((list.key * PHI) >>> shift);
        while (s[hole] != list)
        {
            hole = (hole + 1) & mask;
        }
        int j = hole;
        while (true)
        {
            j = (j + 1) & mask;
            final KeyedList next = s[j];
            if (next == null)
            {
                break;
            }
            final int home = (int)((next.key * PHI) >>> shift);
            // move next into the hole unless its home lies cyclically in (hole, j]
            if (((j - home) & mask) >= ((j - hole) & mask))
            {
                s[hole] = next;
                hole = j;
            }
        }
        s[hole] = null;
        size--;
    }

    private void grow()
    {
        final KeyedList[] old = slots;
        final KeyedList[] grown = new KeyedList[old.length << 1];
        final int newShift = shift - 1;
        for (final KeyedList list : old)
        {
            if (list != null)
            {
                insert(grown, newShift, list);
            }
        }
        Arrays.fill(old, null);
        slots = grown;
        shift = newShift;
    }

    private static void insert(final KeyedList[] s, final int shift, final KeyedList list)
    {
        final int mask = s.length - 1;
        int i = (int)((list.key * PHI) >>> shift);
        while (s[i] != null)
        {
            i = (i + 1) & mask;
        }
        s[i] = list;
    }
}
