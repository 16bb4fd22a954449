package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.spi.TransportException;

/** A transport that cannot wire up reaches the user as a RankwireException, the transport's exception its cause. */
class TcpWireUpFailureTest
{
    @Test
    void shouldReportAPortInUseAsARankwireExceptionNamingThePort() throws Exception
    {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            final int port = taken.getLocalPort();
            final RankwireConfig config = new RankwireConfig()
                .transport("tcp")
                .set("rankwire.tcp.bind", "127.0.0.1")
                .set("rankwire.tcp.port", Integer.toString(port));
            final RankwireException e = assertThrows(RankwireException.class, () -> Rankwire.init(config).close());
            assertInstanceOf(TransportException.class, e.getCause());
            assertTrue(e.getMessage().contains(":" + port), e.getMessage());
        }
    }
}
