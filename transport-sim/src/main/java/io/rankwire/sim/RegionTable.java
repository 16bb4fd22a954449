package io.rankwire.sim;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.RegionSlots;

/**
 * The registered memory regions of one NIC, keyed by rkey: a {@link RegionSlots} table (one
 * reusable region object per slot, synthetic addresses {@code (slot + 1) << 32}, a generation
 * in the rkey), so a rendezvous allocates nothing and an open region keeps its rkey however
 * many others come and go. Peers' NICs read from other threads: registering, reading and
 * closing take this table's monitor, so a region closed concurrently is either read whole or
 * refused; the monitor is a leaf lock (nothing else is acquired while holding it).
 */
final class RegionTable
{
    private final RegionSlots slots = new RegionSlots(this);

    /** Registers {@code buffer[offset, offset + length)}. */
    MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        return slots.register(buffer, offset, length);
    }

    /**
     * Copies {@code length} bytes at {@code va} of region {@code rkey} into
     * {@code dst[dstOffset, dstOffset + length)}, which the caller has bounds-checked.
     *
     * @return {@link io.rankwire.spi.CompletionStatus#SUCCESS} or
     *         {@link io.rankwire.spi.CompletionStatus#REMOTE_ACCESS_ERROR}
     */
    int read(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        return slots.readLocally(va, rkey, length, dst, dstOffset);
    }
}
