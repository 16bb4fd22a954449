package io.rankwire.tcp;

import java.util.Map;

/**
 * The session fuzz test against a victim in engine-thread I/O mode, whose own polls decode the
 * hostile frames ({@link EngineSession}) instead of the event loop's {@link FrameDecoder}.
 */
class TcpSessionFuzzEngineIoTest extends TcpSessionFuzzTest
{
    @Override
    Map<String, String> settings()
    {
        return TcpJob.settings("engineIo", "true");
    }
}
