package io.rankwire.tcp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.spi.AbstractMemoryRegion;
import io.rankwire.spi.CompletionStatus;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Regions registered for remote reads, by rkey. Virtual addresses are synthetic: each region gets
 * its own page-aligned range in a per-transport address space, so a peer learns nothing about
 * this process's memory and ranges of different regions never overlap.
 */
final class MemoryRegistry
{
    private static final long PAGE = 4096;

    private final ConcurrentHashMap<Integer, Region> regions = new ConcurrentHashMap<>();
    private final AtomicInteger nextKey = new AtomicInteger(1);
    private long nextVa = 1L << 32;

    /** A registered region; closing it deregisters it. */
    static final class Region extends AbstractMemoryRegion
    {
        private final MemoryRegistry registry;
        private volatile boolean closed;

        Region(
            final MemoryRegistry registry, final DirectBuffer buffer, final int offset, final int length,
            final long va, final int rkey)
        {
            super(buffer, offset, length, va, rkey);
            this.registry = registry;
        }

        boolean isClosed()
        {
            return closed;
        }

        @Override
        public void close()
        {
            if (!closed)
            {
                closed = true;
                registry.regions.remove(rkey(), this);
            }
        }
    }

    Region register(final DirectBuffer buffer, final int offset, final int length)
    {
        AbstractMemoryRegion.checkRange(buffer, offset, length);
        final long va;
        synchronized (this)
        {
            va = nextVa;
            nextVa += ((length + PAGE - 1) / PAGE + 1) * PAGE;
        }
        final int rkey = nextKey.getAndIncrement();
        final Region region = new Region(this, buffer, offset, length, va, rkey);
        regions.put(rkey, region);
        return region;
    }

    /** The live region for {@code rkey}, or null. */
    Region lookup(final int rkey)
    {
        return regions.get(rkey);
    }

    /** A READ of this rank's own region: copies it into {@code dst}; the completion status. */
    int readLocally(final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset)
    {
        final Region region = lookup(rkey);
        if (region == null || region.isClosed() || !region.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, region.buffer(), region.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    void closeAll()
    {
        regions.values().forEach(Region::close);
    }
}
