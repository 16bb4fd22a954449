package io.rankwire.sim.coll;

import java.util.Map;

import io.rankwire.coll.CollectivesSuite;

/** The collectives suite on the simulated NIC, inline mode. */
class SimCollectivesTest extends CollectivesSuite
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
