package io.rankwire.shm.conformance;

import io.rankwire.conformance.ConformanceSuite;

/** The conformance suite over shared memory with the default settings (one ring per ordered pair). */
class ShmConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "shm";
    }
}
