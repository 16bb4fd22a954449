package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/** The conformance suite on the simulated NIC, inline mode, without offload ({@code maxNumTags = 0}). */
class SimInlineSoftwareConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "inline", "rankwire.sim.maxNumTags", "0");
    }
}
