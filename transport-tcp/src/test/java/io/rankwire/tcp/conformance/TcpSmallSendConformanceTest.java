package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.SmallSendConformance;

/** Small sends complete locally over real TCP connections on 127.0.0.1. */
class TcpSmallSendConformanceTest extends SmallSendConformance
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
