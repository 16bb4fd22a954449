package io.rankwire.tcp;

import java.util.Map;

/**
 * The session fuzz test against a victim whose connections stay on event loops
 * ({@code engineIo=false}, the path of TLS connections), where the event loop's
 * {@link FrameDecoder} decodes the hostile frames instead of the victim's own polls
 * ({@link EngineSession}, the default, covered by {@link TcpSessionFuzzTest}).
 */
class TcpSessionFuzzEventLoopTest extends TcpSessionFuzzTest
{
    @Override
    Map<String, String> settings()
    {
        return TcpJob.settings("engineIo", "false");
    }
}
