package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over TCP in engine-thread I/O with {@code rankwire.threads=funneled}:
 * each rank's one thread owns its engine (no lock) and its sockets, while failures still reach
 * it from the transport. Tests of several threads per rank check the refusal instead.
 */
class TcpFunneledConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.threads", "funneled");
    }
}
