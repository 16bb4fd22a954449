package io.rankwire.shm.conformance;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over shared memory with the default settings (one ring per ordered pair,
 * doorbell sockets). The allocation tests hold it to zero bytes per message once warm.
 */
class ShmConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "shm";
    }

    @Override
    protected boolean allocationFree()
    {
        return true;
    }
}
