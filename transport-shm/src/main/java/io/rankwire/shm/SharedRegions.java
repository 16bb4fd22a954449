package io.rankwire.shm;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * The table of a rank's registered regions that lie in its shared heap, in its segment, so that
 * a peer can check a single-copy read (rkey, range) itself before it copies from the heap. The
 * owner writes an entry and then its rkey (release); deregistering clears the rkey.
 *
 * <pre>
 *   entry i (16 B):  0 rkey u32 (0 = free) | 4 length u32 | 8 offset in the heap u64
 *
 *   rkey of a heap region:  bit 30 set | generation (18 bits) | slot (12 bits)
 * </pre>
 */
final class SharedRegions
{
    static final int ENTRY = 16;
    static final int SLOT_BITS = 12;
    static final int MAX_SLOTS = 1 << SLOT_BITS;
    static final int DIRECT = 1 << 30;
    static final int GENERATION_MASK = (1 << 18) - 1;
    private static final int LENGTH_OFFSET = 4;
    private static final int OFFSET_OFFSET = 8;

    private final UnsafeBuffer table;
    private final int slots;

    SharedRegions(final UnsafeBuffer table, final int slots)
    {
        this.table = table;
        this.slots = slots;
    }

    int slots()
    {
        return slots;
    }

    /** True for an rkey of a region in the shared heap. */
    static boolean isDirect(final int rkey)
    {
        return (rkey & DIRECT) != 0;
    }

    static int rkey(final int slot, final int generation)
    {
        return DIRECT | ((generation & GENERATION_MASK) << SLOT_BITS) | slot;
    }

    /** Owner: publishes a region {@code [offset, offset + length)} of the heap under {@code rkey}. */
    void publish(final int rkey, final long offset, final int length)
    {
        final int e = (rkey & (MAX_SLOTS - 1)) * ENTRY;
        table.putLong(e + OFFSET_OFFSET, offset);
        table.putInt(e + LENGTH_OFFSET, length);
        table.putIntRelease(e, rkey);
    }

    /** Owner: withdraws the region under {@code rkey}. */
    void retract(final int rkey)
    {
        table.putIntRelease((rkey & (MAX_SLOTS - 1)) * ENTRY, 0);
    }

    /**
     * Reader: the heap offset of {@code [va, va + length)} when the owner has a region under
     * {@code rkey} that covers it (va is the heap offset the RVH names), or -1.
     */
    long check(final int rkey, final long va, final int length, final long heapBytes)
    {
        final int slot = rkey & (MAX_SLOTS - 1);
        if (!isDirect(rkey) || slot >= slots || length < 0)
        {
            return -1;
        }
        final int e = slot * ENTRY;
        if (table.getIntVolatile(e) != rkey)
        {
            return -1;
        }
        final long offset = table.getLong(e + OFFSET_OFFSET);
        final long regionLength = table.getInt(e + LENGTH_OFFSET) & 0xFFFF_FFFFL;
        final boolean inside = va >= offset && va - offset <= regionLength - length &&
            offset >= 0 && offset + regionLength <= heapBytes;
        return inside ? va : -1;
    }

    /** Reader: true while {@code rkey} is still registered (checked again after a copy). */
    boolean live(final int rkey)
    {
        final int slot = rkey & (MAX_SLOTS - 1);
        return slot < slots && table.getIntVolatile(slot * ENTRY) == rkey;
    }
}
