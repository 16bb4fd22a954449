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

import io.rankwire.spi.BootstrapException;
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
    private final List<AutoCloseable> resources = java.util.Collections.synchronizedList(new ArrayList<>());
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
        synchronized (resources)
        {
            resources.add(c);
        }
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
        final BootstrapException e = assertThrows(BootstrapException.class,
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
        final BootstrapException e = assertThrows(BootstrapException.class,
            () -> BootstrapClient.connect(closed, secret, 0, 1, WAIT));
        assertTrue(e.getMessage().startsWith("bootstrap service 127.0.0.1:" + closed.getPort() +
            ": cannot connect as rank 0"), e.getMessage());
    }

    @Test
    void shouldRefuseRankOutsideJob()
    {
        final BootstrapServer s = server(2);
        final BootstrapException e = assertThrows(BootstrapException.class,
            () -> BootstrapClient.connect(s.address(), secret, 2, 3, WAIT));
        assertTrue(e.getMessage().contains("rank : 2 (expected: 0..1)"), e.getMessage());
    }

    @Test
    void shouldTimeOutWaitingForMissingKeyAndStayUsable()
    {
        final BootstrapServer s = server(2);
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final BootstrapException e = assertThrows(BootstrapException.class,
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
        final BootstrapException e = assertThrows(BootstrapException.class, () -> c0.barrier(Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("all 2 ranks to reach the barrier"), e.getMessage());
    }

    @Test
    void shouldWithdrawTimedOutRankFromBarrier() throws Exception
    {
        final BootstrapServer s = server(3);
        final BootstrapClient c0 = client(s, secret, 0, 3);
        final BootstrapClient c1 = client(s, secret, 1, 3);
        final BootstrapClient c2 = client(s, secret, 2, 3);
        assertThrows(BootstrapException.class, () -> c0.barrier(Duration.ofMillis(20)));
        assertThrows(BootstrapException.class, () -> c1.barrier(Duration.ofMillis(20)));
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

    // --- membership: ranks that end without closing -------------------------------------------

    @Test
    void shouldReportARankWhoseMembershipEndsBeforeItLeaves() throws Exception
    {
        final BootstrapServer s = server(4);
        final List<Integer> seenByService = new java.util.concurrent.CopyOnWriteArrayList<>();
        s.onDeparture(seenByService::add);
        final java.util.concurrent.LinkedBlockingQueue<Integer> seenByZero = new java.util.concurrent.LinkedBlockingQueue<>();
        final BootstrapClient c0 = client(s, secret, 0, 4);
        final BootstrapClient c1 = client(s, secret, 1, 4);
        final BootstrapClient c2 = client(s, secret, 2, 4);
        c0.join(seenByZero::add);
        c1.join(rank -> { });
        c2.join(rank -> { });
        assertTrue(s.joinedWithoutLeaving(2));
        final Future<?> barrier = threads.submit(() -> c1.barrier(WAIT));
        c2.close(); // its process "exits" without leaving

        assertEquals(2, seenByZero.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        final java.util.concurrent.ExecutionException inBarrier = assertThrows(
            java.util.concurrent.ExecutionException.class, () -> barrier.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertTrue(inBarrier.getCause().getMessage().contains("rejected the barrier: rank 2 ended without closing"),
            inBarrier.getCause().getMessage());
        final BootstrapException get = assertThrows(BootstrapException.class, () -> c0.get(2, "never", WAIT));
        assertTrue(get.getMessage().contains("rank 2 ended without closing"), get.getMessage());
        assertThrows(BootstrapException.class, () -> c0.barrier(WAIT));
        assertEquals(List.of(2), seenByService);
        assertTrue(s.joinedWithoutLeaving(2));

        // a rank that joins later hears of it at once
        final java.util.concurrent.LinkedBlockingQueue<Integer> seenByThree = new java.util.concurrent.LinkedBlockingQueue<>();
        client(s, secret, 3, 4).join(seenByThree::add);
        assertEquals(2, seenByThree.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        // and the departed rank cannot come back
        final BootstrapException again = assertThrows(BootstrapException.class,
            () -> client(s, secret, 2, 4).join(rank -> { }));
        assertTrue(again.getMessage().contains("rank 2 : departed"), again.getMessage());
    }

    @Test
    void shouldNotReportARankThatLeftBeforeEnding() throws Exception
    {
        final BootstrapServer s = server(2);
        final List<Integer> seenByService = new java.util.concurrent.CopyOnWriteArrayList<>();
        s.onDeparture(seenByService::add);
        final java.util.concurrent.LinkedBlockingQueue<Integer> seenByZero = new java.util.concurrent.LinkedBlockingQueue<>();
        final BootstrapClient c0 = client(s, secret, 0, 2);
        final BootstrapClient c1 = client(s, secret, 1, 2);
        assertTrue(!s.joinedWithoutLeaving(1));
        c0.join(seenByZero::add);
        c1.join(rank -> { });
        final Future<?> barrier = threads.submit(() -> c0.barrier(WAIT));
        c1.barrier(WAIT);
        barrier.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        c1.leave();
        c1.close();
        assertTrue(!s.joinedWithoutLeaving(1));
        // the service answers rank 0 after it handled rank 1's close, so by then a departure would be known
        c0.put("after", new byte[] {1});
        assertArrayEquals(new byte[] {1}, c0.get(0, "after", WAIT));
        assertEquals(null, seenByZero.poll(200, TimeUnit.MILLISECONDS));
        assertEquals(List.of(), seenByService);
        // a rank that left may join again (a runtime initialized a second time)
        final BootstrapClient back = client(s, secret, 1, 2);
        back.join(rank -> { });
        assertTrue(s.joinedWithoutLeaving(1));
    }

    @Test
    void shouldTellEveryMemberAndTheListenerOfAnAbortAndNotCallItsEndADeparture() throws Exception
    {
        final BootstrapServer s = server(4);
        final List<Integer> departures = new java.util.concurrent.CopyOnWriteArrayList<>();
        final java.util.concurrent.LinkedBlockingQueue<String> seenByService = new java.util.concurrent.LinkedBlockingQueue<>();
        s.onDeparture(departures::add);
        s.onAbort((rank, code) -> seenByService.add(rank + ":" + code));
        final java.util.concurrent.LinkedBlockingQueue<String> seenByZero = new java.util.concurrent.LinkedBlockingQueue<>();
        final java.util.concurrent.LinkedBlockingQueue<Integer> departedForZero = new java.util.concurrent.LinkedBlockingQueue<>();
        final BootstrapClient c0 = client(s, secret, 0, 4);
        final BootstrapClient c1 = client(s, secret, 1, 4);
        final BootstrapClient c2 = client(s, secret, 2, 4);
        c0.join(departedForZero::add, (rank, code) -> seenByZero.add(rank + ":" + code));
        c1.join(rank -> { });
        c2.join(rank -> { });
        final Future<?> barrier = threads.submit(() -> c0.barrier(WAIT));

        c2.abort(-3); // any int, negative too
        assertEquals("2:-3", seenByService.poll(0, TimeUnit.SECONDS), "heard before abort() returned");
        c2.close(); // its process ends after the abort: no departure
        assertEquals("2:-3", seenByZero.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        final java.util.concurrent.ExecutionException inBarrier = assertThrows(
            java.util.concurrent.ExecutionException.class, () -> barrier.get(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertTrue(inBarrier.getCause().getMessage().contains("rank 2 aborted the job with error code -3"),
            inBarrier.getCause().getMessage());
        final BootstrapException get = assertThrows(BootstrapException.class, () -> c1.get(2, "never", WAIT));
        assertTrue(get.getMessage().contains("rank 2 aborted the job with error code -3"), get.getMessage());
        assertTrue(!s.joinedWithoutLeaving(2));

        // a second abort, by another rank, is told as well; a rank that joins later hears of both at once
        c1.abort(9);
        assertEquals("1:9", seenByService.poll(0, TimeUnit.SECONDS));
        assertEquals("1:9", seenByZero.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        final java.util.concurrent.LinkedBlockingQueue<String> seenByThree = new java.util.concurrent.LinkedBlockingQueue<>();
        client(s, secret, 3, 4).join(rank -> { }, (rank, code) -> seenByThree.add(rank + ":" + code));
        assertEquals("2:-3", seenByThree.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertEquals("1:9", seenByThree.poll(WAIT.toSeconds(), TimeUnit.SECONDS));
        // the service answers rank 0 after it handled rank 2's close, so by then a departure would be known
        c0.put("after", new byte[] {1});
        assertArrayEquals(new byte[] {1}, c0.get(0, "after", WAIT));
        assertEquals(List.of(), departures);
        assertEquals(null, departedForZero.poll(0, TimeUnit.SECONDS));
        final BootstrapException again = assertThrows(BootstrapException.class,
            () -> client(s, secret, 2, 4).join(rank -> { }));
        assertTrue(again.getMessage().contains("rank 2 : aborted"), again.getMessage());
    }

    // --- admission: strangers must not keep a rank out ----------------------------------------

    @Test
    void shouldAdmitRanksWhileStrangersHoldIdleConnections() throws Exception
    {
        final BootstrapServer s = server(2);
        final List<Socket> idle = new ArrayList<>();
        try
        {
            for (int i = 0; i < 100; i++)
            {
                idle.add(new Socket(s.address().getAddress(), s.address().getPort()));
            }
            final BootstrapClient c0 = client(s, secret, 0, 2);
            final BootstrapClient c1 = client(s, secret, 1, 2);
            c0.put("k", new byte[] {3});
            assertArrayEquals(new byte[] {3}, c1.get(0, "k", WAIT));
            assertTrue(s.evicted() >= 100 - Admission.budget(2), "evicted " + s.evicted());
        }
        finally
        {
            for (final Socket socket : idle)
            {
                socket.close();
            }
        }
    }

    @Test
    void shouldTurnAwayAConnectionWithoutACompleteHelloInTime() throws Exception
    {
        final BootstrapServer s = BootstrapServer.start(InetAddress.getLoopbackAddress(), 1, secret,
            TimeUnit.MILLISECONDS.toNanos(300));
        resources.add(s);
        for (final boolean trickle : new boolean[] {false, true})
        {
            try (Socket slow = new Socket(s.address().getAddress(), s.address().getPort()))
            {
                slow.setSoTimeout(20_000);
                final DataInputStream in = new DataInputStream(slow.getInputStream());
                in.readFully(new byte[in.readInt()]); // the challenge
                if (trickle)
                {
                    // a valid length, then one byte of HELLO at a time: never complete in time
                    slow.getOutputStream().write(new byte[] {0, 0, 0, (byte)BootstrapProtocol.HELLO_LENGTH});
                    for (int i = 0; i < 5 && !slow.isClosed(); i++)
                    {
                        slow.getOutputStream().write(BootstrapProtocol.HELLO);
                        Thread.sleep(100);
                    }
                }
                final byte[] rest = in.readAllBytes();
                assertTrue(rest.length > 5 && rest[4] == BootstrapProtocol.BUSY, "not turned away: " + rest.length);
                assertTrue(new String(rest, 7, rest.length - 7, StandardCharsets.UTF_8).contains("no complete HELLO"));
            }
            catch (final java.net.SocketException reset)
            {
                // the service closed while the trickle still wrote: turned away all the same
                assertTrue(trickle, reset.toString());
            }
        }
        assertTrue(s.expired() >= 2, "expired " + s.expired());
        client(s, secret, 0, 1).put("still", new byte[0]);
    }

    @Test
    void shouldSayWhyWhenTheServiceKeepsTurningTheRankAway() throws Exception
    {
        try (java.net.ServerSocket busy = new java.net.ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            final Future<?> service = threads.submit(() ->
            {
                while (!busy.isClosed())
                {
                    try (Socket c = busy.accept())
                    {
                        final byte[] reason = BootstrapProtocol.reason("busy: try later");
                        final java.nio.ByteBuffer f = BootstrapProtocol.begin(2 + reason.length, BootstrapProtocol.BUSY);
                        BootstrapProtocol.putString(f, reason);
                        BootstrapProtocol.finish(f);
                        c.getOutputStream().write(f.array(), 0, f.limit());
                    }
                }
                return null;
            });
            final BootstrapException e = assertThrows(BootstrapException.class, () -> BootstrapClient.connect(
                (java.net.InetSocketAddress)busy.getLocalSocketAddress(), secret, 0, 1, Duration.ofMillis(800)));
            assertTrue(e.getMessage().contains(": rank 0 could not log in within 800ms (setting rankwire.bootstrapTimeout; "), e.getMessage());
            assertTrue(e.getMessage().contains("attempts; last: busy: try later)"), e.getMessage());
            assertTrue(e.getMessage().contains("is something else holding connections to it?"), e.getMessage());
            busy.close();
            service.cancel(true);
        }
    }

    @Test
    void shouldAdmitRanksDuringAFloodOfStrangers() throws Exception
    {
        final int size = 4;
        final BootstrapServer s = server(size);
        final java.util.concurrent.atomic.AtomicBoolean flooding = new java.util.concurrent.atomic.AtomicBoolean(true);
        final java.util.concurrent.atomic.AtomicLong strangers = new java.util.concurrent.atomic.AtomicLong();
        final List<Future<?>> flood = new ArrayList<>();
        for (int t = 0; t < 3; t++)
        {
            final int kind = t;
            flood.add(threads.submit(() ->
            {
                final List<Socket> held = new ArrayList<>();
                while (flooding.get())
                {
                    try
                    {
                        final Socket stranger = new Socket(s.address().getAddress(), s.address().getPort());
                        strangers.incrementAndGet();
                        if (kind == 0)
                        {
                            held.add(stranger); // idle, kept open
                        }
                        else
                        {
                            stranger.getOutputStream().write(new byte[] {0, 0, 0, 80, 2, 1, 2, 3}); // garbage
                            stranger.close();
                        }
                    }
                    catch (final IOException e)
                    {
                        // refused or reset under the flood: go on
                    }
                }
                for (final Socket h : held)
                {
                    h.close();
                }
                return null;
            }));
        }
        try
        {
            final List<Future<?>> ranks = new ArrayList<>();
            for (int r = 0; r < size; r++)
            {
                final int rank = r;
                ranks.add(threads.submit(() ->
                {
                    final BootstrapClient c = BootstrapClient.connect(s.address(), secret, rank, size, WAIT);
                    resources.add(c);
                    c.barrier(WAIT);
                    return null;
                }));
            }
            for (final Future<?> f : ranks)
            {
                f.get(WAIT.toSeconds() + 5, TimeUnit.SECONDS);
            }
        }
        finally
        {
            flooding.set(false);
            for (final Future<?> f : flood)
            {
                f.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
        }
        assertTrue(strangers.get() > Admission.budget(size), "only " + strangers.get() + " strangers");
    }
}
