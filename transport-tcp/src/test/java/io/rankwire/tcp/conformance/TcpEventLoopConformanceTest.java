package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over TCP with event loops ({@code rankwire.tcp.engineIo=false}): Netty's
 * event loops read and write every connection, the path TLS connections always take.
 * ({@link TcpConformanceTest} covers the default, engine-thread I/O.)
 */
class TcpEventLoopConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.engineIo", "false");
    }
}
