package io.rankwire.shm;

import java.util.Arrays;

import io.rankwire.spi.AbstractMemoryRegion;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A rank's registered regions, by rkey, with one reusable {@link Region} per slot so that a
 * rendezvous allocates nothing. A region inside the rank's shared heap is also published in the
 * segment's {@link SharedRegions} table, so peers read it directly (single copy); any other
 * region is streamed by this rank through staging (two copies).
 *
 * <pre>
 *   rkey, streamed region:  0 | generation (10 bits) | slot (20 bits); va = (slot + 1) &lt;&lt; 32
 *   rkey, heap region:      see {@link SharedRegions}; va = the region's offset in the heap
 * </pre>
 *
 * Used by the thread driving the engine only. A region object is handed out again by a later
 * {@link #register} once closed: callers drop it when they close it (the runtime does).
 */
final class Regions
{
    private static final int SLOT_BITS = 20;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    private static final int GENERATIONS = 1 << 10;
    private static final int MAX_SLOTS = 1 << SLOT_BITS;

    private final SharedRegions shared;
    private final SharedHeap heap;
    private final Region[] direct;
    private final int[] directFree;
    private int directFreeCount;
    private Region[] streamed = new Region[64];
    private int[] streamedFree = new int[64];
    private int streamedFreeCount;
    private int streamedSlots;

    /** A registered region (or a free slot's object waiting for reuse). */
    static final class Region implements MemoryRegion
    {
        private final Regions owner;
        final int slot;
        final boolean isDirect;
        DirectBuffer buffer;
        int offset;
        int length;
        long va;
        int rkey;
        int generation;
        boolean live;
        /** The staging area holding this region's pushed first fragment, or null ({@link Streamer#push}). */
        Staging pushArea;
        int pushSlot;

        Region(final Regions owner, final int slot, final boolean isDirect)
        {
            this.owner = owner;
            this.slot = slot;
            this.isDirect = isDirect;
        }

        @Override
        public long va()
        {
            return va;
        }

        @Override
        public int rkey()
        {
            return rkey;
        }

        @Override
        public int length()
        {
            return length;
        }

        /** True when {@code [readVa, readVa + readLength)} lies inside this region. */
        boolean contains(final long readVa, final long readLength)
        {
            return AbstractMemoryRegion.contains(va, length, readVa, readLength);
        }

        /** The offset in {@link #buffer} of the byte peers address as {@code readVa}. */
        int bufferOffset(final long readVa)
        {
            return offset + (int)(readVa - va);
        }

        @Override
        public void close()
        {
            if (live)
            {
                owner.release(this);
            }
        }

        @Override
        public String toString()
        {
            return "ShmRegion{va=0x" + Long.toHexString(va) + ", rkey=0x" + Integer.toHexString(rkey) +
                ", length=" + length + ", direct=" + isDirect + '}';
        }
    }

    /** @param heap the rank's shared heap, or null */
    Regions(final SharedRegions shared, final SharedHeap heap)
    {
        this.shared = shared;
        this.heap = heap;
        final int slots = heap == null ? 0 : shared.slots();
        this.direct = new Region[slots];
        this.directFree = new int[slots];
        for (int i = slots - 1; i >= 0; i--)
        {
            direct[i] = new Region(this, i, true);
            directFree[directFreeCount++] = i;
        }
    }

    /** Registers {@code buffer[offset, offset + length)}: in the heap table if it lies in the heap and a slot is free. */
    Region register(final DirectBuffer buffer, final int offset, final int length)
    {
        AbstractMemoryRegion.checkRange(buffer, offset, length);
        final long heapOffset = heap == null || directFreeCount == 0 ? -1 : heap.offsetOf(buffer, offset, length);
        final Region r;
        if (heapOffset >= 0)
        {
            r = direct[directFree[--directFreeCount]];
            r.generation = nextGeneration(r.generation, SharedRegions.GENERATION_MASK);
            r.rkey = SharedRegions.rkey(r.slot, r.generation);
            r.va = heapOffset;
        }
        else
        {
            r = streamedSlot();
            r.generation = nextGeneration(r.generation, GENERATIONS - 1);
            r.rkey = (r.generation << SLOT_BITS) | r.slot;
            r.va = (r.slot + 1L) << 32;
        }
        r.buffer = buffer;
        r.offset = offset;
        r.length = length;
        r.live = true;
        if (r.isDirect)
        {
            shared.publish(r.rkey, r.va, length);
        }
        return r;
    }

    /**
     * Copies {@code length} bytes at {@code va} of this rank's own region {@code rkey} into
     * {@code dst} (a READ a rank posts to itself): the completion status, a remote access error
     * when the key is unknown or the range is outside the region.
     */
    int readLocally(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        final Region r = lookup(rkey);
        if (r == null || !r.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, r.buffer, r.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    /** The live region under {@code rkey}, or null. */
    Region lookup(final int rkey)
    {
        final Region r;
        if (SharedRegions.isDirect(rkey))
        {
            final int slot = rkey & (SharedRegions.MAX_SLOTS - 1);
            r = slot < direct.length ? direct[slot] : null;
        }
        else
        {
            final int slot = rkey & SLOT_MASK;
            r = slot < streamedSlots ? streamed[slot] : null;
        }
        return r != null && r.live && r.rkey == rkey ? r : null;
    }

    /** Registered regions (for monitoring and tests). */
    int liveCount()
    {
        return (direct.length - directFreeCount) + (streamedSlots - streamedFreeCount);
    }

    void closeAll()
    {
        for (final Region r : direct)
        {
            r.close();
        }
        for (int i = 0; i < streamedSlots; i++)
        {
            streamed[i].close();
        }
    }

    /** The generation after {@code g}, never 0 (so an rkey is never 0). */
    private static int nextGeneration(final int g, final int mask)
    {
        final int next = (g + 1) & mask;
        return next == 0 ? 1 : next;
    }

    private Region streamedSlot()
    {
        if (streamedFreeCount > 0)
        {
            return streamed[streamedFree[--streamedFreeCount]];
        }
        if (streamedSlots == MAX_SLOTS)
        {
            throw new IllegalStateException("rankwire-shm: registered regions : " + MAX_SLOTS + " (expected: fewer at once)");
        }
        if (streamedSlots == streamed.length)
        {
            streamed = Arrays.copyOf(streamed, streamed.length * 2);
            streamedFree = Arrays.copyOf(streamedFree, streamed.length);
        }
        final Region r = new Region(this, streamedSlots, false);
        streamed[streamedSlots++] = r;
        return r;
    }

    private void release(final Region r)
    {
        r.live = false;
        r.buffer = null;
        if (r.pushArea != null)
        {
            r.pushArea.reclaimPush(r.pushSlot, r.va, r.rkey);
            r.pushArea = null;
        }
        if (r.isDirect)
        {
            shared.retract(r.rkey);
            directFree[directFreeCount++] = r.slot;
        }
        else
        {
            streamedFree[streamedFreeCount++] = r.slot;
        }
    }
}
