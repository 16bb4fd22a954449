package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * How many staging slots a pair gets: the setting, or a per-rank budget shared among the host's
 * peers, within what the shared-memory file system's size allows.
 */
class ShmStagingDepthTest
{
    private static final long MIB = 1 << 20;

    /** On a file system of unknown size: the budget alone decides. */
    private static int slots(final Map<String, String> settings, final int localRanks)
    {
        return new ShmSettings(settings, 0).slots(localRanks);
    }

    @Test
    void shouldFitEightRanksOfTheDefaultsInDockersSixtyFourMebibytes()
    {
        final ShmSettings small = new ShmSettings(Map.of(), 64 * MIB);
        for (int ranks = 1; ranks <= 8; ranks++)
        {
            final long need = ShmSpace.need(small, ranks);
            assertTrue(need <= 48 * MIB, ranks + " ranks need " + need + " bytes (expected: at most 3/4 of 64 MiB)");
        }
        assertEquals(5, small.slots(8), "slots per pair for 8 ranks in 64 MiB");
        assertEquals(64, small.slots(2), "two ranks keep a whole 4 MiB message of staging");
    }

    @Test
    void shouldKeepTheBudgetOnALargeFileSystem()
    {
        final ShmSettings large = new ShmSettings(Map.of(), 24L << 30);
        assertEquals(64, large.slots(8));
        assertEquals(34, large.slots(16));
        assertEquals(8, large.slots(64));
    }

    @Test
    void shouldNotGoBelowTwoSlotsWhateverTheFileSystem()
    {
        assertEquals(2, new ShmSettings(Map.of(), 16 * MIB).slots(8));
        assertEquals(2, new ShmSettings(Map.of(), 1).slots(2));
    }

    @Test
    void shouldLeaveAnExplicitDepthAloneOnASmallFileSystem()
    {
        assertEquals(40, new ShmSettings(Map.of("rankwire.shm.slots", "40"), 64 * MIB).slots(8));
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
        final ShmSettings settings = new ShmSettings(Map.of(), 0);
        final ShmSettings twoSlots = new ShmSettings(Map.of("rankwire.shm.slots", "2"), 0);
        final long two = RankSegment.size(settings, 2) - RankSegment.size(twoSlots, 2);
        assertEquals(2L * (Staging.stride(64, 2, 65536) - Staging.stride(2, 2, 65536)), two);
    }
}
