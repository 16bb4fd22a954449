package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite on the simulated NIC (inline mode, offload on) with
 * {@code rankwire.threads=funneled}: every rank driven by one thread, its engine without a lock.
 * The suite's tests that use several threads per rank check instead that a second thread's call
 * is refused, and that a progress thread is refused.
 */
class SimFunneledConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "inline", "rankwire.threads", "funneled");
    }

    @Override
    protected int expectedHardwareMatches()
    {
        return 3;
    }
}
