package io.rankwire.shm.mixed;

import java.util.Map;

import io.rankwire.conformance.SmallSendConformance;

/** Bursts of small sends on 4 ranks over {@code auto}, ranks 0-1 and 2-3 on two fake hosts ({@code rankwire.hostId=@2}). */
class MixedHostsSmallSendConformanceTest extends SmallSendConformance
{
    @Override
    protected String transport()
    {
        return "auto";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.hostId", "@2");
    }
}
