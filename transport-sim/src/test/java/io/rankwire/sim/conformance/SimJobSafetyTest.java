package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.JobSafetySuite;

/** A rank's start and end on the simulated NIC. */
class SimJobSafetyTest extends JobSafetySuite
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
}
