package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** How many staging slots a pair gets: the setting, or a per-rank budget shared among the host's peers. */
class ShmStagingDepthTest
{
    private static int slots(final Map<String, String> settings, final int localRanks)
    {
        return new ShmSettings(settings).slots(localRanks);
    }

    @Test
    void shouldGiveAFewRanksAWholeLargeMessageOfStaging()
    {
        assertEquals(64, slots(Map.of(), 2));
        assertEquals(64, slots(Map.of(), 8));
        assertEquals(64, slots(Map.of(), 1));
    }

    @Test
    void shouldShareTheBudgetAmongMorePeersDownToTheFloor()
    {
        assertEquals(32, slots(Map.of(), 17));
        assertEquals(34, slots(Map.of(), 16));
        assertEquals(8, slots(Map.of(), 64));
        assertEquals(8, slots(Map.of(), 3000));
    }

    @Test
    void shouldCountSlotsOfTheConfiguredSize()
    {
        assertEquals(16, slots(Map.of("rankwire.shm.slotBytes", "262144"), 2));
        assertEquals(1024, slots(Map.of("rankwire.shm.slotBytes", "1024"), 2));
        assertEquals(2, slots(Map.of("rankwire.shm.slotBytes", "4194304"), 64));
    }

    @Test
    void shouldKeepAnExplicitSetting()
    {
        assertEquals(3, slots(Map.of("rankwire.shm.slots", "3"), 2));
        assertEquals(3, slots(Map.of("rankwire.shm.slots", "3"), 64));
    }

    @Test
    void shouldSizeTheSegmentForTheDerivedDepth()
    {
        final ShmSettings settings = new ShmSettings(Map.of());
        final long two = RankSegment.size(settings, 2) - RankSegment.size(new ShmSettings(Map.of("rankwire.shm.slots", "2")), 2);
        assertEquals(2L * (Staging.stride(64, 2, 65536) - Staging.stride(2, 2, 65536)), two);
    }
}
