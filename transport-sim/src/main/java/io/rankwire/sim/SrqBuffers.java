package io.rankwire.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;

/**
 * The plain SRQ buffers of one NIC: a fixed table of slots (buffer, offset, length, wrId) plus
 * the FIFO of posted slots the NIC consumes. Slots are taken, posted and freed by the rank's
 * engine thread ({@link #take}, {@link #post}, {@link #release}); the NIC takes posted slots
 * under its lock. The FIFO is a single-producer ring of slot indexes: the engine writes the
 * index and then the tail (a release store, after the slot's fields; no fence), the lock holder
 * reads the tail (volatile) and then the index, so it sees the slot complete. The ring holds every slot
 * of the table at once, so a post never finds it full and the producer never reads the head.
 *
 * <p>Cache traffic per message is kept to what the hand-over needs: a slot's fields are written
 * only when they change (the runtime reposts the same buffer into the slot it just freed, so in
 * steady state they never do, and the NIC reads them from a shared line), and the head, which
 * the lock holder writes for every message, sits in its own padded cell away from the fields
 * the engine reads.
 */
final class SrqBuffers
{
    private static final VarHandle TAIL;

    static
    {
        try
        {
            TAIL = MethodHandles.lookup().findVarHandle(SrqBuffers.class, "tail", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Index of the head in {@link #headCell}: 64 bytes of padding on either side. */
    private static final int HEAD = 8;
    private final MutableDirectBuffer[] buffers;
    private final int[] offsets;
    private final int[] lengths;
    private final long[] wrIds;
    private final int[] freeSlots;
    private int freeCount;
    private final int[] posted;
    private final int mask;
    /** Next ring position the NIC consumes, at {@link #HEAD}; written under the NIC lock only. */
    private final long[] headCell = new long[2 * HEAD];
    /** Next ring position the engine fills; published with a release store. */
    private volatile long tail;

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
        posted = new int[BitUtil.findNextPositivePowerOfTwo(Math.max(2, capacity))];
        mask = posted.length - 1;
    }

    /** Takes a free slot for a buffer (engine thread); -1 when the table is full. */
    int take(final MutableDirectBuffer buffer, final int offset, final int length, final long wrId)
    {
        if (freeCount == 0)
        {
            return -1;
        }
        final int slot = freeSlots[--freeCount];
        if (buffers[slot] != buffer)
        {
            buffers[slot] = buffer;
        }
        if (offsets[slot] != offset)
        {
            offsets[slot] = offset;
        }
        if (lengths[slot] != length)
        {
            lengths[slot] = length;
        }
        if (wrIds[slot] != wrId)
        {
            wrIds[slot] = wrId;
        }
        return slot;
    }

    /** Queues a taken slot for the NIC (engine thread; no lock). */
    void post(final int slot)
    {
        final long t = tail;
        posted[(int)t & mask] = slot;
        TAIL.setRelease(this, t + 1);
    }

    /** The next posted slot, or -1; caller holds the NIC lock. */
    int next()
    {
        final long h = headCell[HEAD];
        if (h == tail)
        {
            return -1;
        }
        headCell[HEAD] = h + 1;
        return posted[(int)h & mask];
    }

    /** True when a posted slot is available; caller holds the NIC lock. */
    boolean hasPosted()
    {
        return headCell[HEAD] != tail;
    }

    /** Posted slots not yet consumed; caller holds the NIC lock. */
    int postedCount()
    {
        return (int)(tail - headCell[HEAD]);
    }

    /**
     * Frees a slot once its completion is being handed to software (engine thread). The slot
     * keeps its fields until it is taken again, so that reposting the same buffer writes nothing.
     */
    void release(final int slot)
    {
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
