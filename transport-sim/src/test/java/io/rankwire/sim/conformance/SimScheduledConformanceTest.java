package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite on the simulated NIC in scheduled mode (latency, jitter and delayed list
 * operations from a seeded scheduler), without offload.
 */
class SimScheduledConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.maxNumTags", "0", "rankwire.sim.seed", "7");
    }
}
