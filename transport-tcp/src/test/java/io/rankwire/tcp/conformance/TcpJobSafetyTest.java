package io.rankwire.tcp.conformance;

import java.util.Map;

import io.rankwire.conformance.JobSafetySuite;

/** A rank's start and end over TCP. */
class TcpJobSafetyTest extends JobSafetySuite
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

    @Override
    protected int agreementLoopIterations()
    {
        return 500;
    }
}
