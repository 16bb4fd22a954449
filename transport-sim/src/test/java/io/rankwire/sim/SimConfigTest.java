package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.TransportContext;

class SimConfigTest
{
    @Test
    void shouldReadSettingsAndDeriveDefaults()
    {
        final SimConfig c = SimConfig.from(Map.of(
            "rankwire.sim.mode", "scheduled",
            "rankwire.sim.seed", "42",
            "rankwire.sim.maxNumTags", "15",
            "rankwire.sim.eagerLimit", "2048",
            "rankwire.sim.latencyNanos", "7")).conclude();
        assertEquals(SimConfig.Mode.SCHEDULED, c.mode());
        assertEquals(42, c.seed());
        assertEquals(15, c.maxNumTags());
        assertEquals(32, c.maxOps());
        assertEquals(2048 + 64, c.maxMessageSize());
        assertEquals(7, c.latencyNanos());
        final SimConfig d = new SimConfig().conclude();
        assertEquals(1023, d.maxNumTags());
        assertEquals(2048, d.maxOps());
        assertEquals(8192, d.eagerLimit());
        assertEquals(SimConfig.Mode.INLINE, d.mode());
    }

    @Test
    void shouldNameTheBadValueAndTheLimit()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new SimConfig().maxNumTags(-1).conclude());
        assertEquals("rankwire.sim.maxNumTags : -1 (expected: 0..1048576)", e.getMessage());
        final IllegalArgumentException m = assertThrows(IllegalArgumentException.class,
            () -> SimConfig.from(Map.of("rankwire.sim.mode", "fast")));
        assertEquals("rankwire.sim.mode : fast (expected: inline or scheduled)", m.getMessage());
        assertEquals(2000L, SimConfig.from(Map.of("rankwire.sim.readNanos", "2us")).readNanos());
        assertEquals(16 << 10, SimConfig.from(Map.of("rankwire.sim.eagerLimit", "16k")).eagerLimit());
        assertThrows(IllegalArgumentException.class, () -> SimConfig.from(Map.of("rankwire.sim.seed", "x")));
        assertThrows(IllegalArgumentException.class, () -> new SimConfig().cqCapacity(5000).conclude());
    }

    @Test
    void shouldReportCapabilitiesAsVerbsDo()
    {
        final SimFabric fabric = SimFabric.create(1, new SimConfig().maxNumTags(31).maxOps(5));
        final Capabilities caps = fabric.open(0).capabilities();
        assertEquals(31, caps.maxNumTags());
        assertEquals(5, caps.maxOps());
        assertEquals(64, caps.maxRndvHdrSize());
        assertEquals(Capabilities.TM_CAP_RC | Capabilities.TM_CAP_RNDV | Capabilities.TM_CAP_NO_TAG, caps.flags());
        assertTrue(caps.hasOffload());
    }

    @Test
    void shouldRefuseAJobOfAnotherSizeOnTheSameJobId()
    {
        final InMemoryBootstrap boot = new InMemoryBootstrap(3);
        final SimTransport t = SimFabricRegistry.open(
            new TransportContext(0, 2, "job-size", new byte[16], boot.forRank(0), Map.of(), () -> { }));
        try
        {
            assertThrows(IllegalArgumentException.class, () -> SimFabricRegistry.open(
                new TransportContext(1, 3, "job-size", new byte[16], boot.forRank(1), Map.of(), () -> { })));
            assertThrows(IllegalStateException.class, () -> SimFabricRegistry.open(
                new TransportContext(0, 2, "job-size", new byte[16], boot.forRank(0), Map.of(), () -> { })));
        }
        finally
        {
            t.close();
        }
    }

    @Test
    void shouldCountListOperationsByKindInAPrintableSnapshot()
    {
        final SimFabric fabric = SimFabric.create(1, new SimConfig().maxNumTags(4));
        final SimTransport t = fabric.open(0);
        Nics.add(t, 0, 1, -1, new UnsafeBuffer(new byte[4]), 0, 0);
        Nics.add(t, 1, 2, -1, new UnsafeBuffer(new byte[4]), 0, 0);
        t.offloadPort().postDel(0, 0);
        t.offloadPort().postDel(0, 0);
        t.offloadPort().postSync(3);
        final SimCounters c = fabric.counters(0);
        assertEquals(2, c.adds());
        assertEquals(2, c.dels());
        assertEquals(1, c.syncs());
        assertEquals(1, c.opErrors());
        assertEquals(1, c.syncRequests());
        assertTrue(c.toString().contains("adds=2"), c.toString());
    }
}
