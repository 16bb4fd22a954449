package io.rankwire.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Reusable buffers for small frames that one thread fills and another thread consumes and
 * releases: the engine thread's outgoing frames (written and released by an event loop) and an
 * event loop's received MESSAGE frames (delivered and released by the rank's poll thread).
 *
 * <p>Why: Netty's {@code Recycler} pools objects only on its own threads (on any other thread
 * {@code get()} makes a new one), so a pooled buffer allocated on the rank's thread cost about 170
 * bytes of heap per frame, and freeing a read buffer's memory from the rank's thread (dropping the
 * last slice) about 40 more. Here each slot
 * is a pooled direct buffer the pool holds one reference to for its whole life; {@link #acquire}
 * hands it out with a second reference, and the consumer's usual {@code release()} brings it back
 * to one, which is how the producer sees that the slot is free again. Nothing is allocated once
 * the slots exist.
 *
 * <p>Slots are taken in ring order (frames are consumed in the order they were made). When the
 * next slot is still in use, or the frame is larger than {@link #SLOT_BYTES}, {@code acquire}
 * returns null and the caller falls back to a one-off buffer. At most {@link #SLOTS} slots of
 * {@link #SLOT_BYTES} each (or the counts given to the constructor) exist, created on first use. Confined to the producing thread, except
 * {@link #release()}, which runs once the producer has stopped.
 */
final class FramePool
{
    /** Slots per pool (a power of two). */
    static final int SLOTS = 64;
    /** Capacity of a slot: frames up to this size are pooled. */
    static final int SLOT_BYTES = 4096;

    private final ByteBufAllocator alloc;
    private final ByteBuf[] slots;
    private final int slotBytes;
    private int next;
    private boolean released;

    /** {@link #SLOTS} slots of {@link #SLOT_BYTES}. */
    FramePool(final ByteBufAllocator alloc)
    {
        this(alloc, SLOTS, SLOT_BYTES);
    }

    /** {@code slots} (a power of two) slots of {@code slotBytes} each. */
    FramePool(final ByteBufAllocator alloc, final int slots, final int slotBytes)
    {
        if (Integer.bitCount(slots) != 1)
        {
            throw new IllegalArgumentException("slots : " + slots + " (expected: a power of two)");
        }
        this.alloc = alloc;
        this.slots = new ByteBuf[slots];
        this.slotBytes = slotBytes;
    }

    /**
     * An empty buffer for a frame of {@code length} bytes whose single release by the consumer
     * returns it here, or null when the frame is too large or the next slot is still in use.
     */
    ByteBuf acquire(final int length)
    {
        if (length > slotBytes || released)
        {
            return null;
        }
        ByteBuf slot = slots[next];
        if (slot == null)
        {
            slot = alloc.directBuffer(slotBytes, slotBytes);
            slots[next] = slot;
        }
        else if (slot.refCnt() != 1)
        {
            return null;
        }
        next = (next + 1) & (slots.length - 1);
        slot.clear();
        return slot.retain();
    }

    /** A buffer from {@link #acquire}, or a one-off one from the allocator when no slot is free or big enough. */
    ByteBuf acquireOrAllocate(final int length)
    {
        final ByteBuf slot = acquire(length);
        return slot != null ? slot : alloc.directBuffer(length);
    }

    /** Drops the pool's reference to every slot; a slot still in use is freed by its consumer. */
    void release()
    {
        released = true;
        for (int i = 0; i < slots.length; i++)
        {
            final ByteBuf slot = slots[i];
            if (slot != null)
            {
                slots[i] = null;
                slot.release();
            }
        }
    }
}
