package io.rankwire.shm.mixed;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over {@code auto} on fake hosts of two ranks each ({@code rankwire.hostId=@2}):
 * in the 4-rank tests ranks 0 and 1 reach each other over shared memory and ranks 2 and 3 over
 * TCP, in one engine; the 2-rank tests run on one host through the composite, whose allocation
 * tests then hold it to zero bytes per message once warm, as on plain shm.
 */
class MixedHostsConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "auto";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.hostId", "@2", "rankwire.auto.composite", "always");
    }

    @Override
    protected boolean allocationFree()
    {
        return true;
    }
}
