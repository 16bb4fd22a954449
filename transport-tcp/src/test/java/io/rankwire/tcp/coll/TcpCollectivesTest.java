package io.rankwire.tcp.coll;

import io.rankwire.coll.CollectivesSuite;

/** The collectives suite over TCP on 127.0.0.1. */
class TcpCollectivesTest extends CollectivesSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }
}
