package io.rankwire.sim;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Int2ObjectHashMap;

import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;

/**
 * The registered memory regions of one NIC, keyed by rkey. Virtual addresses are synthetic:
 * {@code (rank + 1) << 44} plus a running offset, with a 4 KiB unmapped gap between regions so
 * an address past one region never lands in the next. Reads copy under this table's monitor,
 * so a region closed concurrently is either read whole or refused; the monitor is a leaf lock
 * (nothing else is acquired while holding it).
 */
final class RegionTable
{
    private static final long GAP = 4096;

    private final Int2ObjectHashMap<Region> regions = new Int2ObjectHashMap<>();
    private final long vaBase;
    private long nextVa;
    private int nextRkey;

    RegionTable(final int rank)
    {
        this.vaBase = ((long)rank + 1) << 44;
        this.nextRkey = 0x5100 + rank;
    }

    /** Registers {@code buffer[offset, offset + length)}. */
    synchronized MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || (long)offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("region : offset=" + offset + ", length=" + length +
                " (expected: within buffer capacity " + buffer.capacity() + ")");
        }
        final long va = vaBase + nextVa;
        nextVa += ((length + GAP - 1) / GAP) * GAP + GAP;
        nextRkey += 0x10000;
        final Region region = new Region(this, buffer, offset, length, va, nextRkey);
        regions.put(region.rkey, region);
        return region;
    }

    private synchronized void deregister(final Region region)
    {
        if (regions.get(region.rkey) == region)
        {
            regions.remove(region.rkey);
        }
    }

    /**
     * Copies {@code length} bytes at {@code va} of region {@code rkey} into
     * {@code dst[dstOffset, dstOffset + length)}, which the caller has bounds-checked.
     *
     * @return {@link CompletionStatus#SUCCESS} or {@link CompletionStatus#REMOTE_ACCESS_ERROR}
     */
    synchronized int read(
        final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        final Region r = regions.get(rkey);
        if (r == null || length < 0 || va < r.va || va - r.va > r.length - (long)length)
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, r.buffer, r.offset + (int)(va - r.va), length);
        return CompletionStatus.SUCCESS;
    }

    /** A registered region; closing it deregisters it. */
    static final class Region implements MemoryRegion
    {
        private final RegionTable table;
        private final DirectBuffer buffer;
        private final int offset;
        private final int length;
        private final long va;
        private final int rkey;

        Region(
            final RegionTable table,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final long va,
            final int rkey)
        {
            this.table = table;
            this.buffer = buffer;
            this.offset = offset;
            this.length = length;
            this.va = va;
            this.rkey = rkey;
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

        @Override
        public void close()
        {
            table.deregister(this);
        }

        @Override
        public String toString()
        {
            return "Region{va=0x" + Long.toHexString(va) + ", rkey=0x" + Integer.toHexString(rkey) +
                ", length=" + length + '}';
        }
    }
}
