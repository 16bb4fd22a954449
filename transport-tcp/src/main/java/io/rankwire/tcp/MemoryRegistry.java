package io.rankwire.tcp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.spi.MemoryRegion;
import org.agrona.DirectBuffer;

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

    /** A registered region. */
    static final class Region implements MemoryRegion
    {
        final DirectBuffer buffer;
        final int offset;
        private final long va;
        private final int rkey;
        private final int length;
        private final MemoryRegistry registry;
        private volatile boolean closed;

        Region(
            final MemoryRegistry registry, final DirectBuffer buffer, final int offset, final int length,
            final long va, final int rkey)
        {
            this.registry = registry;
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

        boolean isClosed()
        {
            return closed;
        }

        /** True when {@code [readVa, readVa + readLength)} lies inside this region. */
        boolean contains(final long readVa, final long readLength)
        {
            return readLength >= 0 && readVa >= va && readVa - va <= length - readLength;
        }

        @Override
        public void close()
        {
            if (!closed)
            {
                closed = true;
                registry.regions.remove(rkey, this);
            }
        }

        @Override
        public String toString()
        {
            return "Region{va=0x" + Long.toHexString(va) + ", rkey=" + rkey + ", length=" + length + '}';
        }
    }

    Region register(final DirectBuffer buffer, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || (long)offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("offset : " + offset + ", length : " + length +
                " (expected: a range inside 0.." + buffer.capacity() + ")");
        }
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

    void closeAll()
    {
        regions.values().forEach(Region::close);
    }
}
