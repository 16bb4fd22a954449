package io.rankwire.sim;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Int2ObjectHashMap;

import io.rankwire.spi.AbstractMemoryRegion;
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
        AbstractMemoryRegion.checkRange(buffer, offset, length);
        final long va = vaBase + nextVa;
        nextVa += ((length + GAP - 1) / GAP) * GAP + GAP;
        nextRkey += 0x10000;
        final Region region = new Region(this, buffer, offset, length, va, nextRkey);
        regions.put(region.rkey(), region);
        return region;
    }

    private synchronized void deregister(final Region region)
    {
        if (regions.get(region.rkey()) == region)
        {
            regions.remove(region.rkey());
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
        if (r == null || !r.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, r.buffer(), r.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    /** A registered region; closing it deregisters it. */
    static final class Region extends AbstractMemoryRegion
    {
        private final RegionTable table;

        Region(
            final RegionTable table,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final long va,
            final int rkey)
        {
            super(buffer, offset, length, va, rkey);
            this.table = table;
        }

        @Override
        public void close()
        {
            table.deregister(this);
        }
    }
}
