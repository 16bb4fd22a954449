package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;
import org.agrona.collections.IntArrayQueue;

/**
 * The plain SRQ buffers of one NIC: a fixed table of slots (buffer, offset, length, wrId) plus
 * the FIFO of posted slots the NIC consumes. Slots are taken and freed by the rank's engine
 * thread ({@link #post} and {@link #release}); the NIC takes posted slots under its monitor.
 * A slot's fields are written before its index is queued under the monitor, so the NIC sees
 * them complete.
 */
final class SrqBuffers
{
    private final MutableDirectBuffer[] buffers;
    private final int[] offsets;
    private final int[] lengths;
    private final long[] wrIds;
    private final int[] freeSlots;
    private int freeCount;
    private final IntArrayQueue posted;

    SrqBuffers(final int capacity)
    {
        buffers = new MutableDirectBuffer[capacity];
        offsets = new int[capacity];
        lengths = new int[capacity];
        wrIds = new long[capacity];
        freeSlots = new int[capacity];
        for (int i = 0; i < capacity; i++)
        {
            freeSlots[i] = capacity - 1 - i;
        }
        freeCount = capacity;
        posted = new IntArrayQueue(capacity, -1);
    }

    /** Takes a free slot for a buffer (engine thread); -1 when the table is full. */
    int take(final MutableDirectBuffer buffer, final int offset, final int length, final long wrId)
    {
        if (freeCount == 0)
        {
            return -1;
        }
        final int slot = freeSlots[--freeCount];
        buffers[slot] = buffer;
        offsets[slot] = offset;
        lengths[slot] = length;
        wrIds[slot] = wrId;
        return slot;
    }

    /** Queues a taken slot for the NIC; caller holds the NIC monitor. */
    void post(final int slot)
    {
        posted.addInt(slot);
    }

    /** The next posted slot, or -1; caller holds the NIC monitor. */
    int next()
    {
        return posted.isEmpty() ? -1 : posted.pollInt();
    }

    /** True when a posted slot is available; caller holds the NIC monitor. */
    boolean hasPosted()
    {
        return !posted.isEmpty();
    }

    /** Posted slots not yet consumed; caller holds the NIC monitor. */
    int postedCount()
    {
        return posted.size();
    }

    /** Frees a slot after its completion was handed to software (engine thread). */
    void release(final int slot)
    {
        buffers[slot] = null;
        freeSlots[freeCount++] = slot;
    }

    MutableDirectBuffer buffer(final int slot)
    {
        return buffers[slot];
    }

    int offset(final int slot)
    {
        return offsets[slot];
    }

    int length(final int slot)
    {
        return lengths[slot];
    }

    long wrId(final int slot)
    {
        return wrIds[slot];
    }
}
