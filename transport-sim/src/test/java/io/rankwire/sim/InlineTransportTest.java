package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

@Timeout(30)
class InlineTransportTest
{
    private static TransportProvider simProvider()
    {
        for (final TransportProvider p : ServiceLoader.load(TransportProvider.class))
        {
            if (p.name().equals("sim"))
            {
                return p;
            }
        }
        throw new AssertionError("no sim provider");
    }

    @Test
    void shouldSendEagerThroughSrqWithoutOffloadWhenOpenedByServiceLoader()
    {
        final TransportProvider provider = simProvider();
        final InMemoryBootstrap boot = new InMemoryBootstrap(2);
        final Map<String, String> settings = Map.of("rankwire.sim.maxNumTags", "0", "rankwire.sim.eagerLimit", "1024");
        final Transport a = provider.open(new TransportContext(0, 2, "job-a", new byte[16], boot.forRank(0), settings, () -> { }));
        final Transport b = provider.open(new TransportContext(1, 2, "job-a", new byte[16], boot.forRank(1), settings, () -> { }));
        try
        {
            assertEquals(0, b.capabilities().maxNumTags());
            assertEquals(1024, b.capabilities().eagerLimit());
            assertNotNull(b.offloadPort());
            assertEquals(ReturnCode.INVALID_ARGUMENT, b.offloadPort().postSync(0));
            final UnsafeBuffer srq = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
            final int srqLen = b.capabilities().maxMessageSize();
            assertEquals(ReturnCode.OK, b.offloadPort().postSrqBuffer(srq, 0, srqLen, 77));

            final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
            TmHeader.write(hdr, 0, TmHeader.EAGER, 0, 9, 0x1234L);
            final UnsafeBuffer payload = new UnsafeBuffer("hello".getBytes());
            assertEquals(ReturnCode.OK, a.postSend(1, hdr, 0, TmHeader.LENGTH, payload, 0, 5, 1));

            final List<Recorded> got = Recorded.drain((SimTransport)b);
            assertEquals(1, got.size(), got.toString());
            final Recorded r = got.get(0);
            assertEquals(CompletionOpcode.RECV, r.opcode);
            assertEquals(CompletionStatus.SUCCESS, r.status);
            assertEquals(77, r.wrId);
            assertEquals(0, r.peer);
            assertEquals(TmHeader.LENGTH + 5, r.byteLength);
            assertEquals(0x1234L, TmHeader.tag(new UnsafeBuffer(r.bytes), 0));
            final byte[] body = new byte[5];
            System.arraycopy(r.bytes, TmHeader.LENGTH, body, 0, 5);
            assertArrayEquals("hello".getBytes(), body);
            assertTrue(SimFabricRegistry.find("job-a") != null);
        }
        finally
        {
            a.close();
            b.close();
        }
        assertEquals(null, SimFabricRegistry.find("job-a"));
    }
}
