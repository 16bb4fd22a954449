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
 * </pre>
 *
 * A slot with status {@link #ERROR} and length 0 ends its read with a remote access error.
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

    final UnsafeBuffer buffer;
    final int slots;
    final int slotBytes;
    private final int slotStride;

    Staging(final UnsafeBuffer buffer, final int slots, final int slotBytes)
    {
        this.buffer = buffer;
        this.slots = slots;
        this.slotBytes = slotBytes;
        this.slotStride = SLOT_HEADER + slotBytes;
    }

    /** Bytes of one staging area of {@code slots} slots of {@code slotBytes} in a segment, page-aligned. */
    static int stride(final int slots, final int slotBytes)
    {
        final long bytes = HEADER + (long)slots * (SLOT_HEADER + slotBytes);
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
