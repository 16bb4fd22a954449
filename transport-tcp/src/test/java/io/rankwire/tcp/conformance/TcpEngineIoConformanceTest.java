package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over TCP in engine-thread I/O mode: each rank's own thread reads and
 * writes its connections after the handshake, and waits blocked on their sockets.
 */
class TcpEngineIoConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.engineIo", "true");
    }
}
