package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.TransportContext;

/**
 * A TCP endpoint opened for some peers only ({@link TransportContext#forPeers}), as the
 * {@code auto} transport opens it for the ranks of other hosts: it carries their messages,
 * refuses posts to the others and refuses their connections.
 */
class TcpPeerSetTest
{
    private static final byte[] SECRET = "a secret of 32 bytes, or nearly".getBytes(StandardCharsets.UTF_8);

    @Test
    @Timeout(60)
    void shouldCarryOnlyThePeersItServesAndRefuseTheOthers() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(3);
        final String job = "peers-" + System.nanoTime();
        final TcpTransport[] t = new TcpTransport[3];
        for (int r = 0; r < 3; r++)
        {
            TransportContext c = new TransportContext(r, 3, job, SECRET, bootstrap.forRank(r), Map.of(), () -> { });
            if (r == 0)
            {
                c = c.forPeers(new int[] {2, 0});
            }
            t[r] = (TcpTransport)new TcpTransportProvider().open(c);
        }
        try
        {
            final CompletableFuture<?>[] wired = new CompletableFuture<?>[3];
            for (int r = 0; r < 3; r++)
            {
                // a thread each: the wire-ups wait for one another, and the common pool may have one worker
                wired[r] = CompletableFuture.runAsync(t[r]::wireUp, task -> new Thread(task, "wire-up").start());
            }
            CompletableFuture.allOf(wired).get();
            assertEquals("tcp", t[0].transportOf(2));
            assertNull(t[0].transportOf(1));
            final UnsafeBuffer msg = TcpJob.message(5, new byte[] {1, 2, 3, 4});
            assertEquals(ReturnCode.INVALID_ARGUMENT, t[0].postSend(1, msg, 0, 16, msg, 16, 4, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t[0].postRead(1, 0, 1, 4, new UnsafeBuffer(new byte[4]), 0, 0));

            assertEquals(ReturnCode.OK, t[0].postSend(2, msg, 0, 16, msg, 16, 4, 0));
            final TcpJob.Seen got = TcpJob.await(t[2], 1).get(0);
            assertEquals(CompletionOpcode.RECV, got.opcode);
            assertEquals(0, got.peer);
            assertArrayEquals(new byte[] {1, 2, 3, 4}, Arrays.copyOfRange(got.bytes, 16, 20));

            assertEquals(ReturnCode.OK, t[1].postSend(0, msg, 0, 16, msg, 16, 4, 0));
            final TcpJob.Seen refused = TcpJob.await(t[1], 1).get(0);
            assertEquals(CompletionOpcode.PEER_FAILED, refused.opcode, refused.toString());
            assertEquals(0, refused.peer);
            assertEquals(0, t[0].poll(c -> { }, 10), "the refused connection is no event at rank 0");
        }
        finally
        {
            for (final TcpTransport x : t)
            {
                x.close();
            }
        }
    }
}
