package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/** The conformance suite on the simulated NIC, inline mode, with tag-matching offload (the default). */
class SimInlineConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "inline");
    }

    @Override
    protected int expectedHardwareMatches()
    {
        return 3;
    }
}
