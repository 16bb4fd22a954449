package io.rankwire.sim.conformance;

import java.util.Map;

import io.rankwire.conformance.SmallSendConformance;

/**
 * Small sends complete locally on the simulated NIC in scheduled mode (seeded latency, jitter and
 * delayed list operations) with receives offloaded, so credit returns, copies' rendezvous reads
 * and NIC matches interleave differently from round to round.
 */
class SimScheduledSmallSendConformanceTest extends SmallSendConformance
{
    @Override
    protected String transport()
    {
        return "sim";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.sim.mode", "scheduled", "rankwire.sim.seed", "17", "rankwire.offloadMinBytes", "0");
    }
}
