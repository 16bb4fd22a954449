package io.rankwire.shm.mixed;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over {@code auto} with every rank on its own fake host
 * ({@code rankwire.hostId=@1}) and the composite kept: each rank reaches itself over shared memory
 * and every other rank over TCP, in one engine.
 */
class CrossHostConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "auto";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.hostId", "@1", "rankwire.auto.composite", "always");
    }
}
