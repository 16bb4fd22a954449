package io.rankwire.coll;

import java.util.HashMap;
import java.util.Map;

import io.rankwire.Op;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which defaults a job gets by the number of hosts it spans, and that explicit settings win. */
class CollSettingsTest
{
    private static final int RANKS = 8;

    private static CollSettings settings(final String... keyValues)
    {
        final Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2)
        {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new CollSettings(map);
    }

    /** The algorithm auto picks for a broadcast of {@code bytes} on {@link #RANKS} ranks. */
    private static CollSettings.Bcast bcast(final CollSettings s, final int bytes)
    {
        return Choices.bcast(s, bytes, RANKS, bytes);
    }

    private static boolean rabenseifner(final CollSettings s, final int bytes)
    {
        return Choices.reduceRabenseifner(s, bytes / 8, 8, RANKS, Op.SUM);
    }

    private static boolean gatherTree(final CollSettings s, final int blockBytes)
    {
        return Choices.tree(s.gather, s.gatherSmallBytes, blockBytes, 1, RANKS);
    }

    private static boolean scatterTree(final CollSettings s, final int blockBytes)
    {
        return Choices.tree(s.scatter, s.scatterSmallBytes, blockBytes, 1, RANKS);
    }

    @Test
    void shouldKeepTheOneHostDefaultsWhenTheHostCountIsMissingOrOne()
    {
        for (final CollSettings s : new CollSettings[] {settings(), settings(CollSettings.HOSTS_KEY, "1")})
        {
            assertEquals(1, s.hosts);
            assertEquals(CollSettings.BCAST_LARGE_DEFAULT, s.bcastLargeBytes);
            assertEquals(CollSettings.REDUCE_LARGE_DEFAULT, s.reduceLargeBytes);
            assertEquals(CollSettings.GATHER_SMALL_DEFAULT, s.gatherSmallBytes);
            assertEquals(CollSettings.SCATTER_SMALL_DEFAULT, s.scatterSmallBytes);
            assertEquals(CollSettings.Bcast.BINOMIAL, bcast(s, CollSettings.BCAST_LARGE_MULTIHOST));
            assertEquals(CollSettings.Bcast.PIPELINE, bcast(s, CollSettings.BCAST_LARGE_DEFAULT));
            assertFalse(rabenseifner(s, CollSettings.REDUCE_LARGE_DEFAULT - 8));
            assertTrue(rabenseifner(s, CollSettings.REDUCE_LARGE_DEFAULT));
            assertFalse(gatherTree(s, 64));
            assertFalse(scatterTree(s, 64));
        }
    }

    @Test
    void shouldBroadcastAMebibyteThroughTheChainOnSeveralHostsButNotOnOne()
    {
        assertTrue(CollSettings.BCAST_LARGE_MULTIHOST <= 1 << 20);
        assertEquals(CollSettings.Bcast.BINOMIAL, bcast(settings(), 1 << 20));
        assertEquals(CollSettings.Bcast.PIPELINE, bcast(settings(CollSettings.HOSTS_KEY, "2"), 1 << 20));
    }

    @Test
    void shouldSwitchAtTheMultiHostPointsFromTwoHosts()
    {
        for (final String hosts : new String[] {"2", "4", "64"})
        {
            final CollSettings s = settings(CollSettings.HOSTS_KEY, hosts);
            assertEquals(Integer.parseInt(hosts), s.hosts);
            assertEquals(CollSettings.Bcast.BINOMIAL, bcast(s, CollSettings.BCAST_LARGE_MULTIHOST - 1));
            assertEquals(CollSettings.Bcast.PIPELINE, bcast(s, CollSettings.BCAST_LARGE_MULTIHOST));
            assertFalse(rabenseifner(s, CollSettings.REDUCE_LARGE_MULTIHOST - 8));
            assertTrue(rabenseifner(s, CollSettings.REDUCE_LARGE_MULTIHOST));
            assertEquals(CollSettings.GATHER_SMALL_MULTIHOST > 0, gatherTree(s, Math.max(0, CollSettings.GATHER_SMALL_MULTIHOST - 1)));
            assertFalse(gatherTree(s, CollSettings.GATHER_SMALL_MULTIHOST));
            assertEquals(CollSettings.SCATTER_SMALL_MULTIHOST > 0, scatterTree(s, Math.max(0, CollSettings.SCATTER_SMALL_MULTIHOST - 1)));
            assertFalse(scatterTree(s, CollSettings.SCATTER_SMALL_MULTIHOST));
        }
    }

    @Test
    void shouldLetExplicitSettingsWinOverEitherDefaults()
    {
        final CollSettings s = settings(CollSettings.HOSTS_KEY, "4",
            "rankwire.coll.bcast.largeBytes", "4096",
            "rankwire.coll.reduce.largeBytes", "0",
            "rankwire.coll.gather.smallBytes", "0",
            "rankwire.coll.scatter.smallBytes", "100");
        assertEquals(CollSettings.Bcast.BINOMIAL, bcast(s, 4095));
        assertEquals(CollSettings.Bcast.PIPELINE, bcast(s, 4096));
        assertTrue(rabenseifner(s, 64));
        assertFalse(gatherTree(s, 1));
        assertTrue(scatterTree(s, 99));
        assertFalse(scatterTree(s, 100));
        final CollSettings oneHost = settings(CollSettings.HOSTS_KEY, "1", "rankwire.coll.bcast.largeBytes", "100");
        assertEquals(CollSettings.Bcast.PIPELINE, bcast(oneHost, 100));
    }

    @Test
    void shouldRejectBadHostCountsNamingTheValue()
    {
        assertEquals("rankwire.job.hosts : 0 (expected: 1..1048576)", assertThrows(IllegalArgumentException.class,
            () -> settings(CollSettings.HOSTS_KEY, "0")).getMessage());
        assertEquals("rankwire.job.hosts : many (expected: 1..1048576)", assertThrows(IllegalArgumentException.class,
            () -> settings(CollSettings.HOSTS_KEY, "many")).getMessage());
    }

    @Test
    void shouldTakeSizesWithUnitsAndAlgorithmsInAnyCase()
    {
        assertEquals(4 << 10, settings("rankwire.coll.bcast.largeBytes", "4k").bcastLargeBytes);
        assertEquals(CollSettings.Bcast.SCATTERALLGATHER, settings("rankwire.coll.bcast.algorithm", "scatterallgather").bcast);
        assertEquals(CollSettings.AllReduce.RECURSIVEDOUBLING,
            settings("rankwire.coll.allReduce.algorithm", "recursiveDoubling").allReduce);
        assertEquals("rankwire.coll.bcast.segmentBytes : 0 (expected: a byte size 1..2147483647)",
            assertThrows(IllegalArgumentException.class, () -> settings("rankwire.coll.bcast.segmentBytes", "0")).getMessage());
        assertEquals("32M (several hosts: 1M)", CollSettings.BCAST_LARGE.defaultText());
    }
}
