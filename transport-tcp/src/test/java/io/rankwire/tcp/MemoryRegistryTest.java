package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import io.rankwire.spi.CompletionStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class MemoryRegistryTest
{
    private final MemoryRegistry registry = new MemoryRegistry();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);

    @Test
    void shouldGiveManyOpenRegionsDistinctKeysAndAddressesPastTheFirstTable()
    {
        final MemoryRegistry.Region[] regions = new MemoryRegistry.Region[300];
        final Set<Integer> rkeys = new HashSet<>();
        final Set<Long> vas = new HashSet<>();
        for (int i = 0; i < regions.length; i++)
        {
            regions[i] = registry.register(buffer, i, 100);
            assertTrue(rkeys.add(regions[i].rkey()), "rkey reused while open: " + regions[i]);
            assertTrue(vas.add(regions[i].va()), "va reused while open: " + regions[i]);
            assertTrue(regions[i].rkey() >= 0);
        }
        for (final MemoryRegistry.Region r : regions)
        {
            assertSame(r, registry.lookup(r.rkey()));
            assertEquals(100, r.length());
        }
    }

    @Test
    void shouldForgetAClosedRegionEvenWhenItsObjectIsReused()
    {
        final MemoryRegistry.Region first = registry.register(buffer, 0, 100);
        final int oldKey = first.rkey();
        final long oldVa = first.va();
        first.close();
        assertNull(registry.lookup(oldKey));
        assertFalse(first.isLive(oldKey));
        final MemoryRegistry.Region second = registry.register(buffer, 200, 50);
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
        final MemoryRegistry.Region r = registry.register(buffer, 0, 100);
        assertNull(registry.lookup(-1));
        assertNull(registry.lookup(r.rkey() + 1));
        assertNull(registry.lookup(r.rkey() ^ (1 << 20)));
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[200]);
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, registry.readLocally(r.va() + 1, r.rkey(), 100, dst, 0));
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, registry.readLocally(r.va() - 1, r.rkey(), 10, dst, 0));
        registry.closeAll();
        assertNull(registry.lookup(r.rkey()));
    }
}
