package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/** The conformance suite over real TCP connections on 127.0.0.1 (software matching and rendezvous). */
class TcpConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.tcp.bind", "127.0.0.1");
    }
}
