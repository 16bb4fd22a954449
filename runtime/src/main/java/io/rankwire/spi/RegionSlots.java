package io.rankwire.spi;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A transport's regions registered for remote reads, by rkey, with one reusable {@link Region}
 * per slot so that a rendezvous allocates nothing. Virtual addresses are synthetic: slot
 * {@code s} addresses {@code [(s + 1) << 32, ...)}, so a peer learns nothing about the process's
 * memory and the ranges of live regions never overlap; the slot's generation, in the rkey, tells
 * a region from an earlier one of the same slot. A slot is taken again only once its region is
 * closed, so an open region keeps its rkey however many others come and go.
 *
 * <pre>
 *   rkey = 0 | generation (11 bits) | slot (20 bits)        va = (slot + 1) &lt;&lt; 32
 * </pre>
 *
 * <p>Without a lock, one thread uses the table (the thread driving the engine, the transport
 * SPI's rule). With one ({@link #RegionSlots(Object)}), {@link #register}, {@link #readLocally}
 * and {@link Region#close()} take it, for a table that other threads read from (a simulated
 * NIC serving its peers' reads). A region object is handed out again by a later
 * {@link #register} once closed: callers drop it when they close it (the runtime does), and
 * holders such as a stream reading a region over time check {@link Region#isLive(int)} with the
 * rkey they started from.
 */
public final class RegionSlots
{
    private static final int SLOT_BITS = 20;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    private static final int GENERATION_MASK = (1 << 11) - 1;
    /** The most regions open at once. */
    public static final int MAX_SLOTS = 1 << SLOT_BITS;

    private final Object lock;
    private Region[] slots = new Region[64];
    private int[] free = new int[64];
    private int freeCount;
    private int used;

    /** A table for one thread. */
    public RegionSlots()
    {
        this(null);
    }

    /** @param lock the monitor that registering, reading and closing take, or null for one thread */
    public RegionSlots(final Object lock)
    {
        this.lock = lock;
    }

    /** A registered region (or a free slot's object waiting for reuse). */
    public static final class Region implements MemoryRegion
    {
        private final RegionSlots owner;
        private final int slot;
        private DirectBuffer buffer;
        private int offset;
        private int length;
        /** {@code generation << SLOT_BITS | slot}: the slot's current (or last) registration. */
        private int rkey;
        private boolean live;

        Region(final RegionSlots owner, final int slot)
        {
            this.owner = owner;
            this.slot = slot;
        }

        @Override
        public long va()
        {
            return (long)(slot + 1) << 32;
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

        /** The registered memory. */
        public DirectBuffer buffer()
        {
            return buffer;
        }

        /** Where the region starts in {@link #buffer()}. */
        public int offset()
        {
            return offset;
        }

        /** Whether this object still holds the registration {@code rkey} (not closed, not reused since). */
        public boolean isLive(final int rkey)
        {
            return live && this.rkey == rkey;
        }

        /** True when {@code [readVa, readVa + readLength)} lies inside this region. */
        public boolean contains(final long readVa, final long readLength)
        {
            return AbstractMemoryRegion.contains(va(), length, readVa, readLength);
        }

        /** The offset in {@link #buffer()} of the byte peers address as {@code readVa}. */
        public int bufferOffset(final long readVa)
        {
            return offset + (int)(readVa - va());
        }

        @Override
        public void close()
        {
            final Object lock = owner.lock;
            if (lock == null)
            {
                closeUnlocked();
                return;
            }
            synchronized (lock)
            {
                closeUnlocked();
            }
        }

        private void closeUnlocked()
        {
            if (live)
            {
                live = false;
                buffer = null;
                owner.free[owner.freeCount++] = slot;
            }
        }

        @Override
        public String toString()
        {
            return "Region{va=0x" + Long.toHexString(va()) + ", rkey=0x" + Integer.toHexString(rkey) +
                ", length=" + length + ", live=" + live + '}';
        }
    }

    /**
     * Registers {@code buffer[offset, offset + length)}.
     *
     * @throws IllegalArgumentException when the range is not inside the buffer
     * @throws IllegalStateException    when {@link #MAX_SLOTS} regions are open
     */
    public Region register(final DirectBuffer buffer, final int offset, final int length)
    {
        AbstractMemoryRegion.checkRange(buffer, offset, length);
        if (lock == null)
        {
            return registerUnlocked(buffer, offset, length);
        }
        synchronized (lock)
        {
            return registerUnlocked(buffer, offset, length);
        }
    }

    private Region registerUnlocked(final DirectBuffer buffer, final int offset, final int length)
    {
        final int slot = takeSlot(); // before reading the array: taking a slot may grow it
        final Region region = slots[slot];
        final int generation = ((region.rkey >>> SLOT_BITS) + 1) & GENERATION_MASK;
        region.rkey = generation << SLOT_BITS | region.slot;
        region.buffer = buffer;
        region.offset = offset;
        region.length = length;
        region.live = true;
        return region;
    }

    /** The live region for {@code rkey}, or null. One thread only (a table without a lock). */
    public Region lookup(final int rkey)
    {
        final int slot = rkey & SLOT_MASK;
        if (rkey < 0 || slot >= used)
        {
            return null;
        }
        final Region region = slots[slot];
        return region.isLive(rkey) ? region : null;
    }

    /**
     * Copies {@code length} bytes at {@code va} of region {@code rkey} into
     * {@code dst[dstOffset, dstOffset + length)}, which the caller has bounds-checked.
     *
     * @return {@link CompletionStatus#SUCCESS}, or {@link CompletionStatus#REMOTE_ACCESS_ERROR}
     *         when no live region has that rkey or the range is not inside it
     */
    public int readLocally(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        if (lock == null)
        {
            return readUnlocked(va, rkey, length, dst, dstOffset);
        }
        synchronized (lock)
        {
            return readUnlocked(va, rkey, length, dst, dstOffset);
        }
    }

    private int readUnlocked(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        final Region region = lookup(rkey);
        if (region == null || !region.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, region.buffer(), region.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    /** Closes every open region. */
    public void closeAll()
    {
        for (int i = 0; i < used; i++)
        {
            slots[i].close();
        }
    }

    private int takeSlot()
    {
        if (freeCount > 0)
        {
            return free[--freeCount];
        }
        if (used == MAX_SLOTS)
        {
            throw new IllegalStateException(
                "registered regions : " + MAX_SLOTS + " open (expected: fewer; close regions after their FIN)");
        }
        if (used == slots.length)
        {
            slots = Arrays.copyOf(slots, Math.min(MAX_SLOTS, slots.length * 2));
            free = Arrays.copyOf(free, slots.length);
        }
        slots[used] = new Region(this, used);
        return used++;
    }
}
