package io.rankwire.bootstrap;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.rankwire.RankwireException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class BootstrapServiceTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final byte[] secret = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private final List<AutoCloseable> resources = new ArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void closeAll() throws Exception
    {
        threads.shutdownNow();
        for (final AutoCloseable r : resources)
        {
            r.close();
        }
    }

    private BootstrapServer server(final int size)
    {
        final BootstrapServer s = BootstrapServer.start(InetAddress.getLoopbackAddress(), size, secret);
        resources.add(s);
        return s;
    }

    private BootstrapClient client(final BootstrapServer s, final byte[] key, final int rank, final int size)
    {
        final BootstrapClient c = BootstrapClient.connect(s.address(), key, rank, size, WAIT);
        resources.add(c);
        return c;
    }

    @Test
    void shouldExchangeValuesAndPassBarrier() throws Exception
    {
        final int size = 4;
        final BootstrapServer s = server(size);
        final List<Future<List<String>>> results = new ArrayList<>();
        for (int r = 0; r < size; r++)
        {
            final BootstrapClient c = client(s, secret, r, size);
            results.add(threads.submit(() ->
            {
                c.barrier(WAIT);
                c.put("addr", ("host-" + c.rank()).getBytes(StandardCharsets.UTF_8));
                final List<String> seen = new ArrayList<>();
                for (int peer = size - 1; peer >= 0; peer--)
                {
                    seen.add(new String(c.get(peer, "addr", WAIT), StandardCharsets.UTF_8));
                }
                c.barrier(WAIT);
                return seen;
            }));
        }
        for (final Future<List<String>> f : results)
        {
            assertEquals(List.of("host-3", "host-2", "host-1", "host-0"), f.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void shouldOverwriteAndReturnLargestAllowedValue()
    {
        final BootstrapServer s = server(2);
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final BootstrapClient c1 = client(s, secret, 1, 2);
        final byte[] big = new byte[BootstrapProtocol.MAX_VALUE_BYTES];
        big[big.length - 1] = 42;
        c0.put("k", new byte[] {1});
        c0.put("k", big);
        assertArrayEquals(big, c1.get(0, "k", WAIT));
    }

    @Test
    void shouldRefuseClientWithWrongSecret()
    {
        final BootstrapServer s = server(2);
        final byte[] wrong = secret.clone();
        wrong[0] ^= 1;
        final RankwireException e = assertThrows(RankwireException.class,
            () -> BootstrapClient.connect(s.address(), wrong, 0, 2, WAIT));
        assertTrue(e.getMessage().contains("refused rank 0") && e.getMessage().contains("authentication failed"),
            e.getMessage());
        client(s, secret, 0, 2).put("still", new byte[0]);
    }

    @Test
    void shouldRefuseStrangerSpeakingAnotherProtocol() throws IOException
    {
        final BootstrapServer s = server(1);
        try (Socket stranger = new Socket(s.address().getAddress(), s.address().getPort()))
        {
            stranger.setSoTimeout(20_000);
            final DataInputStream in = new DataInputStream(stranger.getInputStream());
            final int challengeLength = in.readInt();
            in.readFully(new byte[challengeLength]);
            final OutputStream out = stranger.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertTrue(readsToEndWithoutWelcome(in), "the stranger was answered with something else than REFUSED");
        }
    }

    private static boolean readsToEndWithoutWelcome(final InputStream in) throws IOException
    {
        final byte[] reply = in.readAllBytes();
        return reply.length == 0 || reply[4] == BootstrapProtocol.REFUSED;
    }

    @Test
    void shouldNameServiceWhenNothingListens() throws IOException
    {
        final java.net.InetSocketAddress closed;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            closed = (java.net.InetSocketAddress)probe.getLocalSocketAddress();
        }
        final RankwireException e = assertThrows(RankwireException.class,
            () -> BootstrapClient.connect(closed, secret, 0, 1, WAIT));
        assertTrue(e.getMessage().startsWith("bootstrap service 127.0.0.1:" + closed.getPort() +
            ": cannot connect as rank 0"), e.getMessage());
    }

    @Test
    void shouldRefuseRankOutsideJob()
    {
        final BootstrapServer s = server(2);
        final RankwireException e = assertThrows(RankwireException.class,
            () -> BootstrapClient.connect(s.address(), secret, 2, 3, WAIT));
        assertTrue(e.getMessage().contains("rank : 2 (expected: 0..1)"), e.getMessage());
    }

    @Test
    void shouldTimeOutWaitingForMissingKeyAndStayUsable()
    {
        final BootstrapServer s = server(2);
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final RankwireException e = assertThrows(RankwireException.class,
            () -> c0.get(1, "never", Duration.ofMillis(50)));
        assertTrue(e.getMessage().endsWith(": timed out after 50ms waiting for key 'never' of rank 1"),
            e.getMessage());
        c0.put("after", new byte[] {7});
        assertArrayEquals(new byte[] {7}, c0.get(0, "after", WAIT));
    }

    @Test
    void shouldTimeOutBarrierThatNotEveryRankReaches()
    {
        final BootstrapServer s = server(2);
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final RankwireException e = assertThrows(RankwireException.class, () -> c0.barrier(Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("all 2 ranks to reach the barrier"), e.getMessage());
    }

    @Test
    void shouldWithdrawTimedOutRankFromBarrier() throws Exception
    {
        final BootstrapServer s = server(3);
        final BootstrapClient c0 = client(s, secret, 0, 3);
        final BootstrapClient c1 = client(s, secret, 1, 3);
        final BootstrapClient c2 = client(s, secret, 2, 3);
        assertThrows(RankwireException.class, () -> c0.barrier(Duration.ofMillis(20)));
        assertThrows(RankwireException.class, () -> c1.barrier(Duration.ofMillis(20)));
        final Future<?> first = threads.submit(() -> c0.barrier(WAIT));
        final Future<?> second = threads.submit(() -> c1.barrier(WAIT));
        c2.put("probe", new byte[0]);
        c2.barrier(WAIT);
        first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        second.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void shouldForgetWaitsOfDisconnectedRank() throws Exception
    {
        final BootstrapServer s = server(2);
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final BootstrapClient c1 = client(s, secret, 1, 2);
        final Future<?> gone = threads.submit(() -> c0.barrier(WAIT));
        c1.put("sync", new byte[0]);
        c0.close();
        assertThrows(java.util.concurrent.ExecutionException.class, () -> gone.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        final BootstrapClient again = client(s, secret, 0, 2);
        final Future<?> pending = threads.submit(() -> again.barrier(WAIT));
        c1.barrier(WAIT);
        pending.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void shouldRejectOversizedKeyAndValueNamingTheLimit()
    {
        final BootstrapServer s = server(1);
        final BootstrapClient c = client(s, secret, 0, 1);
        final IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
            () -> c.put("k".repeat(256), new byte[0]));
        assertEquals("key length : 256 bytes (expected: 1..255)", key.getMessage());
        final IllegalArgumentException value = assertThrows(IllegalArgumentException.class,
            () -> c.put("k", new byte[BootstrapProtocol.MAX_VALUE_BYTES + 1]));
        assertEquals("value length : 65537 bytes (expected: <= 65536)", value.getMessage());
    }

    @Test
    void shouldRefuseOversizedFrameBeforeAuthentication() throws IOException
    {
        final BootstrapServer s = server(1);
        try (Socket stranger = new Socket(s.address().getAddress(), s.address().getPort()))
        {
            stranger.setSoTimeout(20_000);
            final DataInputStream in = new DataInputStream(stranger.getInputStream());
            in.readFully(new byte[in.readInt()]);
            final OutputStream out = stranger.getOutputStream();
            out.write(new byte[] {0x7F, 0, 0, 0, 1});
            out.flush();
            assertTrue(readsToEndWithoutWelcome(in), "an oversized frame was not refused");
        }
    }
}
