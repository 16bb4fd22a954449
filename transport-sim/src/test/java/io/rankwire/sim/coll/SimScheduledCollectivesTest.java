package io.rankwire.sim.coll;

import java.util.Map;

import io.rankwire.coll.CollectivesSuite;

/**
 * The collectives suite on the simulated NIC in scheduled mode (seeded latency, jitter and
 * delayed list operations, tag-matching offload on), so messages of consecutive collectives
 * arrive in shuffled interleavings. Fewer job sizes and counts than inline: it is slower.
 */
class SimScheduledCollectivesTest extends CollectivesSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.seed", "11");
    }

    @Override
    protected int[] rankCounts()
    {
        return new int[] {3, 5, 8};
    }

    @Override
    protected int[] counts()
    {
        return new int[] {0, 12, 1000};
    }
}
