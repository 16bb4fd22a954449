package io.rankwire.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class RegionSlotsTest
{
    private final RegionSlots registry = new RegionSlots();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);

    @Test
    void shouldGiveManyOpenRegionsDistinctKeysAndAddressesPastTheFirstTable()
    {
        final RegionSlots.Region[] regions = new RegionSlots.Region[300];
        final Set<Integer> rkeys = new HashSet<>();
        final Set<Long> vas = new HashSet<>();
        for (int i = 0; i < regions.length; i++)
        {
            regions[i] = registry.register(buffer, i, 100);
            assertTrue(rkeys.add(regions[i].rkey()), "rkey reused while open: " + regions[i]);
            assertTrue(vas.add(regions[i].va()), "va reused while open: " + regions[i]);
            assertTrue(regions[i].rkey() >= 0);
        }
        for (final RegionSlots.Region r : regions)
        {
            assertSame(r, registry.lookup(r.rkey()));
            assertEquals(100, r.length());
        }
    }

    @Test
    void shouldForgetAClosedRegionEvenWhenItsObjectIsReused()
    {
        final RegionSlots.Region first = registry.register(buffer, 0, 100);
        final int oldKey = first.rkey();
        final long oldVa = first.va();
        first.close();
        assertNull(registry.lookup(oldKey));
        assertFalse(first.isLive(oldKey));
        final RegionSlots.Region second = registry.register(buffer, 200, 50);
        assertSame(first, second, "the slot's object is reused");
        assertNotEquals(oldKey, second.rkey(), "a new generation");
        assertEquals(oldVa, second.va());
        assertNull(registry.lookup(oldKey), "the old rkey names nothing");
        assertFalse(second.isLive(oldKey), "a stream of the old registration sees it closed");
        assertTrue(second.isLive(second.rkey()));
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[50]);
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, registry.readLocally(oldVa, oldKey, 50, dst, 0));
        assertEquals(CompletionStatus.SUCCESS, registry.readLocally(second.va(), second.rkey(), 50, dst, 0));
    }

    @Test
    void shouldRefuseUnknownNegativeAndOutOfRangeKeysAndRanges()
    {
        final RegionSlots.Region r = registry.register(buffer, 0, 100);
        assertNull(registry.lookup(-1));
        assertNull(registry.lookup(r.rkey() + 1));
        assertNull(registry.lookup(r.rkey() ^ (1 << 20)));
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[200]);
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, registry.readLocally(r.va() + 1, r.rkey(), 100, dst, 0));
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, registry.readLocally(r.va() - 1, r.rkey(), 10, dst, 0));
        registry.closeAll();
        assertNull(registry.lookup(r.rkey()));
    }
    @Test
    void shouldReadARegionClosedConcurrentlyWholeOrNotAtAll() throws InterruptedException
    {
        final RegionSlots locked = new RegionSlots(new Object());
        final UnsafeBuffer sevens = new UnsafeBuffer(new byte[4096]);
        sevens.setMemory(0, 4096, (byte)7);
        final UnsafeBuffer nines = new UnsafeBuffer(new byte[4096]);
        nines.setMemory(0, 4096, (byte)9);
        final AtomicLong published = new AtomicLong(-1); // va (slot) and rkey of the current region of sevens
        final AtomicBoolean done = new AtomicBoolean();
        final AtomicReference<String> failure = new AtomicReference<>();
        final AtomicLong whole = new AtomicLong();
        final AtomicLong attempts = new AtomicLong();
        final Thread reader = new Thread(() ->
        {
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[4096]);
            while (!done.get() && failure.get() == null)
            {
                final long p = published.get();
                if (p < 0)
                {
                    continue;
                }
                final int rkey = (int)p;
                final long va = (p >>> 32) << 32;
                dst.setMemory(0, 4096, (byte)0);
                attempts.incrementAndGet();
                try
                {
                    if (locked.readLocally(va, rkey, 4096, dst, 0) == CompletionStatus.SUCCESS)
                    {
                        whole.incrementAndGet();
                        if (dst.getByte(0) != 7 || dst.getByte(4095) != 7)
                        {
                            failure.set("a successful read of a region of sevens got " + dst.getByte(0) + ".." + dst.getByte(4095));
                        }
                    }
                }
                catch (final RuntimeException e)
                {
                    failure.set(e.toString());
                }
            }
        });
        reader.start();
        for (int i = 0; i < 50_000 && failure.get() == null; i++)
        {
            final RegionSlots.Region r = locked.register(sevens, 0, 4096);
            published.set(r.va() | (r.rkey() & 0xFFFF_FFFFL));
            final long seen = attempts.get();
            for (int spin = 0; spin < 10_000 && attempts.get() == seen && reader.isAlive(); spin++)
            {
                Thread.onSpinWait(); // let a read start while the region is open, then close it under the read
            }
            r.close();
            locked.register(nines, 0, 4096).close(); // the same slot, other memory
        }
        done.set(true);
        reader.join();
        assertNull(failure.get());
        assertTrue(whole.get() > 0, "some reads came while a region was open");
    }
}
