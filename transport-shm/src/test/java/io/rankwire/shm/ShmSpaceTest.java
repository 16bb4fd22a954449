package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a host's ranks need in the shm file system, and the refusal when it has less. */
class ShmSpaceTest
{
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void shouldNameTheDirectoryItsSpaceTheNeedByPartAndTheSettingsThatShrinkIt()
    {
        final ShmSettings s = new ShmSettings(Map.of("rankwire.shm.dir", "/dev/shm", "rankwire.shm.slots", "60"), 64 * MIB);
        assertEquals("rankwire-shm: /dev/shm has 63.9 MiB free of 64.0 MiB (expected: 264.9 MiB for the 8 ranks of this " +
            "host, 33.1 MiB each: rings 2.0 MiB, staging 31.1 MiB, control 20 KiB; lower rankwire.shm.ringBytes or " +
            "rankwire.shm.rings=shared (rings), rankwire.shm.slots, rankwire.shm.slotBytes or rankwire.shm.pushSlots " +
            "(staging), run fewer ranks per host, or give /dev/shm more room, e.g. docker run --shm-size)",
            ShmSpace.refusal(s, 8, 63_900 * MIB / 1000));
    }

    @Test
    void shouldCountEveryRanksWholeSegmentAndNoHeap()
    {
        final ShmSettings s = new ShmSettings(Map.of("rankwire.shm.dir", dir.toString()), 0);
        assertEquals(8 * RankSegment.size(s, 8), ShmSpace.need(s, 8));
        assertEquals(RankSegment.fixedBytes(s, 8) + RankSegment.stagingBytes(s, 8), RankSegment.size(s, 8));
    }

    @Test
    void shouldAcceptWhatFitsAndRefuseWhatDoesNot()
    {
        assertNull(ShmSpace.shortfall(new ShmSettings(Map.of("rankwire.shm.dir", dir.toString())), 2));
        final String refusal = new ShmTransportProvider().hostShortfall(64, Map.of("rankwire.shm.dir", dir.toString(),
            "rankwire.shm.ringBytes", "1g", "rankwire.shm.rings", "shared", "rankwire.shm.slots", "2"));
        final long free = ShmSpace.usableBytes(dir);
        assertTrue(free < 64L << 30 ? refusal != null && refusal.startsWith("rankwire-shm: " + dir + " has ") :
            refusal == null, refusal);
        assertThrows(IllegalArgumentException.class, () -> new ShmTransportProvider().hostShortfall(0, Map.of()));
    }

    @Test
    void shouldRefuseASegmentOneMappingCannotHoldBeforeLookingAtTheSpace()
    {
        final String refusal = new ShmTransportProvider().hostShortfall(2, Map.of("rankwire.shm.dir", dir.toString(),
            "rankwire.shm.ringBytes", "1g"));
        assertTrue(refusal != null && refusal.startsWith("rankwire-shm: segment of ") &&
            refusal.endsWith(" bytes for 2 ranks (expected: at most 2147483647; lower rankwire.shm.ringBytes, slots or slotBytes)"),
            refusal);
    }

    @Test
    void shouldRefuseAnShmDirectoryThatDoesNotExistAndNeverCreateIt()
    {
        final Path missing = dir.resolve("not-there").resolve("below");
        assertEquals("rankwire-shm: rankwire.shm.dir : " + missing + " (expected: an existing directory)",
            new ShmTransportProvider().hostShortfall(2, Map.of("rankwire.shm.dir", missing.toString())));
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> ShmDirectories.enter(ShmDirectories.jobDirectory(missing, "j", "u"), 0));
        assertTrue(e.getMessage().contains("rankwire.shm.dir : " + missing), e.getMessage());
        assertTrue(!java.nio.file.Files.exists(dir.resolve("not-there")), "nothing created");
    }
}
