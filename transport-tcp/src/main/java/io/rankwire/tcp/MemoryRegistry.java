package io.rankwire.tcp;

import java.util.Arrays;

import io.rankwire.spi.AbstractMemoryRegion;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Regions registered for remote reads, by rkey, with one reusable {@link Region} per slot so
 * that a rendezvous allocates nothing. Virtual addresses are synthetic: slot {@code s} addresses
 * {@code [(s + 1) << 32, ...)}, so a peer learns nothing about this process's memory and the
 * ranges of live regions never overlap; a slot's generation, in the rkey, tells a region from
 * an earlier one of the same slot.
 *
 * <pre>
 *   rkey = 0 | generation (11 bits) | slot (20 bits)        va = (slot + 1) &lt;&lt; 32
 * </pre>
 *
 * Used by the thread driving the engine only (the transport SPI's rule). A region object is
 * handed out again by a later {@link #register} once closed: callers drop it when they close it
 * (the runtime does), and holders such as a READ_DATA stream check {@link Region#isLive(int)}
 * with the rkey they started from.
 */
final class MemoryRegistry
{
    private static final int SLOT_BITS = 20;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    private static final int GENERATION_MASK = (1 << 11) - 1;
    private static final int MAX_SLOTS = 1 << SLOT_BITS;

    private Region[] slots = new Region[64];
    private int[] free = new int[64];
    private int freeCount;
    private int used;

    /** A registered region (or a free slot's object waiting for reuse). */
    static final class Region implements MemoryRegion
    {
        private final MemoryRegistry owner;
        private final int slot;
        private DirectBuffer buffer;
        private int offset;
        private int length;
        /** {@code generation << SLOT_BITS | slot}: the slot's current (or last) registration. */
        private int rkey;
        private boolean live;

        Region(final MemoryRegistry owner, final int slot)
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
        DirectBuffer buffer()
        {
            return buffer;
        }

        /** Where the region starts in {@link #buffer()}. */
        int offset()
        {
            return offset;
        }

        /** Whether this object still holds the registration {@code rkey} (not closed, not reused since). */
        boolean isLive(final int rkey)
        {
            return live && this.rkey == rkey;
        }

        /** True when {@code [readVa, readVa + readLength)} lies inside this region. */
        boolean contains(final long readVa, final long readLength)
        {
            return AbstractMemoryRegion.contains(va(), length, readVa, readLength);
        }

        /** The offset in {@link #buffer()} of the byte peers address as {@code readVa}. */
        int bufferOffset(final long readVa)
        {
            return offset + (int)(readVa - va());
        }

        @Override
        public void close()
        {
            if (live)
            {
                live = false;
                buffer = null;
                owner.release(slot);
            }
        }

        @Override
        public String toString()
        {
            return "TcpRegion{va=0x" + Long.toHexString(va()) + ", rkey=0x" + Integer.toHexString(rkey) +
                ", length=" + length + ", live=" + live + '}';
        }
    }

    Region register(final DirectBuffer buffer, final int offset, final int length)
    {
        AbstractMemoryRegion.checkRange(buffer, offset, length);
        final int slot = takeSlot(); // before reading the field: taking a slot may grow the table
        final Region region = slots[slot];
        final int generation = ((region.rkey >>> SLOT_BITS) + 1) & GENERATION_MASK;
        region.rkey = generation << SLOT_BITS | region.slot;
        region.buffer = buffer;
        region.offset = offset;
        region.length = length;
        region.live = true;
        return region;
    }

    /** The live region for {@code rkey}, or null. */
    Region lookup(final int rkey)
    {
        final int slot = rkey & SLOT_MASK;
        if (rkey < 0 || slot >= used)
        {
            return null;
        }
        final Region region = slots[slot];
        return region.isLive(rkey) ? region : null;
    }

    /** A READ of this rank's own region: copies it into {@code dst}; the completion status. */
    int readLocally(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        final Region region = lookup(rkey);
        if (region == null || !region.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, region.buffer(), region.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    void closeAll()
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

    private void release(final int slot)
    {
        free[freeCount++] = slot;
    }
}
