package io.rankwire.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;

/**
 * The plain SRQ buffers of one NIC: a fixed table of slots (buffer, offset, wrId) plus
 * the FIFO of posted slots the NIC consumes. Slots are taken, posted and freed by the rank's
 * engine thread ({@link #take}, {@link #post}, {@link #release}); the NIC takes posted slots
 * under its lock. The FIFO is a single-producer ring of slot indexes: the engine writes the
 * index and then the tail (a release store, after the slot's fields; no fence), the lock holder
 * reads the tail (volatile) and then the index, so it sees the slot complete. The ring holds every slot
 * of the table at once, so a post never finds it full and the producer never reads the head.
 *
 * <p>Cache traffic per message is kept to what the hand-over needs. A slot's fields are written
 * only when they change (the runtime reposts the same buffer into the slot it just freed, so in
 * steady state they never do, and the NIC reads them from a shared line). What each side writes
 * for every message sits in padded cells of its own, away from the fields the other side reads:
 * the engine's tail and free-list count in one cell, the NIC's head in another. The NIC keeps a
 * copy of the tail beside its head and reads the engine's tail only when it has consumed up to
 * that copy, so with many buffers posted it reads the line the engine writes for every repost
 * once per ring's worth of messages rather than once per message (the cached-tail scheme of
 * Agrona's and the Disruptor's rings).
 */
final class SrqBuffers
{
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs of padding on either side of a cell's values: 128 bytes, a line and its prefetch pair. */
    private static final int PAD = 16;
    /** Engine cell: the tail (next ring position the engine fills), published with a release store. */
    private static final int TAIL = PAD;
    /** Engine cell: free slots on {@link #freeSlots}. */
    private static final int FREE = PAD + 1;
    /** NIC cell: the head (next ring position the NIC consumes), under the NIC lock only. */
    private static final int HEAD = PAD;
    /** NIC cell: the tail as the NIC last read it, under the NIC lock only. */
    private static final int TAIL_SEEN = PAD + 1;

    private final MutableDirectBuffer[] buffers;
    private final int[] offsets;
    private final long[] wrIds;
    private final int[] freeSlots;
    private final int[] posted;
    private final int mask;
    private final long[] engineCell = new long[2 * PAD + 2];
    private final long[] nicCell = new long[2 * PAD + 2];

    SrqBuffers(final int capacity)
    {
        buffers = new MutableDirectBuffer[capacity];
        offsets = new int[capacity];
        wrIds = new long[capacity];
        freeSlots = new int[capacity];
        for (int i = 0; i < capacity; i++)
        {
            freeSlots[i] = capacity - 1 - i;
        }
        engineCell[FREE] = capacity;
        posted = new int[BitUtil.findNextPositivePowerOfTwo(Math.max(2, capacity))];
        mask = posted.length - 1;
    }

    /**
     * Takes a free slot for a buffer (engine thread); -1 when the table is full. The buffer holds
     * any message ({@link SimOffloadPort#postSrqBuffer} checks its length), so its length is not kept.
     */
    int take(final MutableDirectBuffer buffer, final int offset, final long wrId)
    {
        final long free = engineCell[FREE];
        if (free == 0)
        {
            return -1;
        }
        engineCell[FREE] = free - 1;
        final int slot = freeSlots[(int)free - 1];
        if (buffers[slot] != buffer)
        {
            buffers[slot] = buffer;
        }
        if (offsets[slot] != offset)
        {
            offsets[slot] = offset;
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
        final long t = engineCell[TAIL];
        posted[(int)t & mask] = slot;
        CELL.setRelease(engineCell, TAIL, t + 1);
    }

    /** The next posted slot, or -1; caller holds the NIC lock. */
    int next()
    {
        final long h = nicCell[HEAD];
        if (h == nicCell[TAIL_SEEN])
        {
            final long t = publishedTail();
            if (h == t)
            {
                return -1;
            }
            nicCell[TAIL_SEEN] = t;
        }
        nicCell[HEAD] = h + 1;
        return posted[(int)h & mask];
    }

    private long publishedTail()
    {
        return (long)CELL.getVolatile(engineCell, TAIL);
    }

    /**
     * True when a posted slot is available; caller holds the NIC lock (read without it, the
     * answer may be stale, which only makes the caller look under the lock).
     */
    boolean hasPosted()
    {
        final long h = nicCell[HEAD];
        return h != nicCell[TAIL_SEEN] || h != publishedTail();
    }

    /**
     * Frees a slot once its completion is being handed to software (engine thread). The slot
     * keeps its fields until it is taken again, so that reposting the same buffer writes nothing.
     */
    void release(final int slot)
    {
        final long free = engineCell[FREE];
        freeSlots[(int)free] = slot;
        engineCell[FREE] = free + 1;
    }

    MutableDirectBuffer buffer(final int slot)
    {
        return buffers[slot];
    }

    int offset(final int slot)
    {
        return offsets[slot];
    }

    long wrId(final int slot)
    {
        return wrIds[slot];
    }
}
