package io.rankwire.shm;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * Flyweight over one staging area: a single-producer, single-consumer queue of fixed slots
 * through which the owner of registered memory streams a read's fragments to the reader (copy in
 * on the owner, copy out on the reader, the two overlapping). It lives in the reader's segment;
 * the owner writes slots and {@code produced}, the reader writes {@code consumed}.
 *
 * <pre>
 *   0     produced u64   slots filled so far (owner; release after the slot is written)
 *   128   consumed u64   slots emptied so far (reader; release after the copy out)
 *   256   slot 0:  0 read id u64 | 8 offset in the read u32 | 12 length u32 | 16 status u32 | data at 64
 *   ...   slot k at 256 + k * (64 + slotBytes); position p uses slot p % slots
 *   then  push slot j at 256 + (slots + j) * (64 + slotBytes):
 *           0 state u32 (FREE 0, FULL 1, TAKEN 2) | 8 va u64 | 16 rkey u32 | 20 length u32 | data at 64
 * </pre>
 *
 * A slot with status {@link #ERROR} and length 0 ends its read with a remote access error.
 *
 * <p>Push slots carry the first fragment of a rendezvous before it is asked for (see
 * {@link Streamer#push}): the owner fills a FREE one and marks it FULL (release) before it commits
 * the RNDV frame; the reader that matches the region's (va, rkey) takes it (CAS FULL to TAKEN),
 * copies it out and frees it; the owner takes back a FULL slot nobody took (CAS FULL to FREE)
 * when the region closes.
 */
final class Staging
{
    static final int HEADER = 256;
    static final int PRODUCED_OFFSET = 0;
    static final int CONSUMED_OFFSET = 128;
    static final int SLOT_HEADER = 64;
    static final int READ_ID_OFFSET = 0;
    static final int FRAGMENT_OFFSET = 8;
    static final int LENGTH_OFFSET = 12;
    static final int STATUS_OFFSET = 16;
    static final int DATA = 0;
    static final int ERROR = 1;
    static final int PUSH_STATE_OFFSET = 0;
    static final int PUSH_VA_OFFSET = 8;
    static final int PUSH_RKEY_OFFSET = 16;
    static final int PUSH_LENGTH_OFFSET = 20;
    static final int FREE = 0;
    static final int FULL = 1;
    static final int TAKEN = 2;

    final UnsafeBuffer buffer;
    final int slots;
    final int slotBytes;
    final int pushSlots;
    private final int slotStride;

    Staging(final UnsafeBuffer buffer, final int slots, final int pushSlots, final int slotBytes)
    {
        this.buffer = buffer;
        this.slots = slots;
        this.pushSlots = pushSlots;
        this.slotBytes = slotBytes;
        this.slotStride = SLOT_HEADER + slotBytes;
    }

    /** Bytes of one staging area of {@code slots + pushSlots} slots of {@code slotBytes} in a segment, page-aligned. */
    static int stride(final int slots, final int pushSlots, final int slotBytes)
    {
        final long bytes = HEADER + (long)(slots + pushSlots) * (SLOT_HEADER + slotBytes);
        if (bytes > Integer.MAX_VALUE / 2)
        {
            throw new IllegalArgumentException("rankwire.shm.slots x slotBytes : " + bytes + " (expected: at most " +
                Integer.MAX_VALUE / 2 + ")");
        }
        return ShmSettings.align((int)bytes, ShmSettings.PAGE);
    }

    long produced()
    {
        return buffer.getLongVolatile(PRODUCED_OFFSET);
    }

    void produced(final long position)
    {
        buffer.putLongRelease(PRODUCED_OFFSET, position);
    }

    long consumed()
    {
        return buffer.getLongVolatile(CONSUMED_OFFSET);
    }

    void consumed(final long position)
    {
        buffer.putLongRelease(CONSUMED_OFFSET, position);
    }

    /**
     * Null when {@code produced} and {@code consumed}, read from the shared memory, can be this
     * area's positions (0 <= consumed <= produced <= consumed + slots), else what is wrong with
     * them: a peer that damaged them is failed, never trusted to index a slot.
     */
    String checkPositions(final long produced, final long consumed)
    {
        if (consumed < 0 || produced < consumed || produced - consumed > slots)
        {
            return "staging positions produced " + produced + ", consumed " + consumed +
                " (expected: 0 <= consumed <= produced <= consumed + " + slots + ")";
        }
        return null;
    }

    /** True when the owner has filled a slot the reader has not emptied yet. */
    boolean hasFragment()
    {
        return buffer.getLongVolatile(PRODUCED_OFFSET) != buffer.getLongVolatile(CONSUMED_OFFSET);
    }

    /** Where the slot of {@code position} starts. */
    int slot(final long position)
    {
        return HEADER + (int)(position % slots) * slotStride;
    }

    /** Where push slot {@code j} starts. */
    int pushSlot(final int j)
    {
        return HEADER + (slots + j) * slotStride;
    }

    int pushState(final int slot)
    {
        return buffer.getIntVolatile(slot + PUSH_STATE_OFFSET);
    }

    /** Publishes a filled push slot (release: its data and header first). */
    void fullPush(final int slot, final long va, final int rkey, final int length)
    {
        buffer.putLong(slot + PUSH_VA_OFFSET, va);
        buffer.putInt(slot + PUSH_RKEY_OFFSET, rkey);
        buffer.putInt(slot + PUSH_LENGTH_OFFSET, length);
        buffer.putIntRelease(slot + PUSH_STATE_OFFSET, FULL);
    }

    /** True when the push slot holds the fragment of ({@code va}, {@code rkey}). */
    boolean pushOf(final int slot, final long va, final int rkey)
    {
        return buffer.getLong(slot + PUSH_VA_OFFSET) == va && buffer.getInt(slot + PUSH_RKEY_OFFSET) == rkey;
    }

    int pushLength(final int slot)
    {
        return buffer.getInt(slot + PUSH_LENGTH_OFFSET);
    }

    boolean casPush(final int slot, final int expected, final int state)
    {
        return buffer.compareAndSetInt(slot + PUSH_STATE_OFFSET, expected, state);
    }

    /** Puts back a push slot taken by mistake (it named another region by the time it was taken). */
    void restorePush(final int slot)
    {
        buffer.putIntRelease(slot + PUSH_STATE_OFFSET, FULL);
    }

    void freePush(final int slot)
    {
        buffer.putIntRelease(slot + PUSH_STATE_OFFSET, FREE);
    }

    /**
     * The owner takes back its push of ({@code va}, {@code rkey}) if nobody took it: FULL to FREE.
     * Only the owner fills slots, so a FULL slot that names the region is this region's push.
     */
    void reclaimPush(final int slot, final long va, final int rkey)
    {
        if (pushState(slot) == FULL && pushOf(slot, va, rkey))
        {
            casPush(slot, FULL, FREE);
        }
    }

    /** Where the data of the slot starting at {@code slot} starts. */
    static int data(final int slot)
    {
        return slot + SLOT_HEADER;
    }

    void writeHeader(final int slot, final long readId, final int fragmentOffset, final int length, final int status)
    {
        buffer.putLong(slot + READ_ID_OFFSET, readId);
        buffer.putInt(slot + FRAGMENT_OFFSET, fragmentOffset);
        buffer.putInt(slot + LENGTH_OFFSET, length);
        buffer.putInt(slot + STATUS_OFFSET, status);
    }

    long readId(final int slot)
    {
        return buffer.getLong(slot + READ_ID_OFFSET);
    }

    int fragmentOffset(final int slot)
    {
        return buffer.getInt(slot + FRAGMENT_OFFSET);
    }

    int length(final int slot)
    {
        return buffer.getInt(slot + LENGTH_OFFSET);
    }

    int status(final int slot)
    {
        return buffer.getInt(slot + STATUS_OFFSET);
    }
}
