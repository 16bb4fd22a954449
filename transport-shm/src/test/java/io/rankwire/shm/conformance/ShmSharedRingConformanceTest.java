package io.rankwire.shm.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/** The conformance suite over shared memory with one many-to-one ring per receiver ({@code rankwire.shm.rings=shared}). */
class ShmSharedRingConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "shm";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.shm.rings", "shared");
    }

    @Override
    protected boolean allocationFree()
    {
        return true;
    }
}
