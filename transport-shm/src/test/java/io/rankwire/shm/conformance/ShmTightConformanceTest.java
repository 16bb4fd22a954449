package io.rankwire.shm.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over shared memory squeezed hard: 4 KiB rings (512-byte messages, so
 * posts are refused and retried all the time), two staging slots of 1 KiB (a 64 MiB message is
 * 65,536 fragments), no doorbell (waiting ranks park and poll), funneled threads.
 */
class ShmTightConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "shm";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of(
            "rankwire.shm.ringBytes", "4096",
            "rankwire.shm.slotBytes", "1024",
            "rankwire.shm.slots", "2",
            "rankwire.shm.heapBytes", "0",
            "rankwire.shm.doorbell", "none",
            "rankwire.threads", "funneled");
    }
}
