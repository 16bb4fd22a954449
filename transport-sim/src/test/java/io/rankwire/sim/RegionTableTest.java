package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class RegionTableTest
{
    private final RegionTable table = new RegionTable();

    @Test
    void shouldKeepAnOpenRegionReadableWhateverHappensToOthers()
    {
        final UnsafeBuffer kept = new UnsafeBuffer(new byte[64]);
        kept.setMemory(0, 64, (byte)7);
        final MemoryRegion region = table.register(kept, 0, 64);
        final UnsafeBuffer other = new UnsafeBuffer(new byte[64]);
        for (int i = 0; i < 70_000; i++) // past any wrap of a 16-bit rkey counter
        {
            table.register(other, 0, 64).close();
        }
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[64]);
        assertEquals(CompletionStatus.SUCCESS, table.read(region.va(), region.rkey(), 64, dst, 0));
        assertEquals(7, dst.getByte(63));
        region.close();
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, table.read(region.va(), region.rkey(), 64, dst, 0));
    }
}
