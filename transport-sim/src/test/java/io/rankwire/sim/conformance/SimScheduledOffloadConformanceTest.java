package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite on the simulated NIC in scheduled mode with tag-matching offload, so
 * list operations complete late and race with arriving messages.
 */
class SimScheduledOffloadConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.maxNumTags", "64", "rankwire.sim.seed", "11");
    }

    @Override
    protected int expectedHardwareMatches()
    {
        return -1;
    }
}
