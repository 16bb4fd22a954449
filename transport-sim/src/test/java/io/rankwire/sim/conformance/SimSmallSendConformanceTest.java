package io.rankwire.sim.conformance;

import io.rankwire.conformance.SmallSendConformance;

/** Small sends complete locally on the simulated NIC (inline mode, receives offloaded). */
class SimSmallSendConformanceTest extends SmallSendConformance
{
    @Override
    protected String transport()
    {
        return "sim";
    }
}
