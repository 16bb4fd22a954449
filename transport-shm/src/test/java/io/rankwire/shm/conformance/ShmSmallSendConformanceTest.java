package io.rankwire.shm.conformance;

import io.rankwire.conformance.SmallSendConformance;

/** Small sends complete locally over shared-memory rings with the default settings. */
class ShmSmallSendConformanceTest extends SmallSendConformance
{
    @Override
    protected String transport()
    {
        return "shm";
    }
}
