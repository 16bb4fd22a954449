package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over TCP with TLS on every connection: the same data path as without
 * ({@link TcpConformanceTest}), through the TLS engine the handshake set up.
 */
class TcpTlsConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.tls", "true");
    }
}
