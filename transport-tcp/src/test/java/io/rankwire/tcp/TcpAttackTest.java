package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The attacks a stranger on the network can make without the job secret, with and without TLS:
 * garbage, plain text against TLS (and a plain listener posing as a TLS rank, to make a rank
 * downgrade), connections that stall the handshake (slow-loris), and a flood of 3,000
 * connections. Each time the honest ranks keep being served, and a rank connecting afterwards
 * gets in.
 */
@Timeout(180)
class TcpAttackTest
{
    private static final String JOB = "attack-job";
    private static final byte[] SECRET = "attack-secret-012".getBytes(StandardCharsets.UTF_8);

    private static Map<String, String> tls(final String... more)
    {
        final List<String> all = new ArrayList<>(List.of("tls", "true"));
        all.addAll(List.of(more));
        return TcpJob.settings(all.toArray(new String[0]));
    }

    @Test
    void shouldCloseGarbageAndPlainTextOnATlsListener() throws Exception
    {
        try (TcpJob job = new TcpJob(2, tls(), JOB, SECRET))
        {
            try (RawClient garbage = new RawClient(job.ranks[0].localAddress()))
            {
                final byte[] noise = new byte[512];
                new Random(7).nextBytes(noise);
                garbage.write(noise);
                assertTrue(garbage.closedByServer());
            }
            try (RawClient plain = new RawClient(job.ranks[0].localAddress()))
            {
                plain.write(RawClient.hello(JOB, 1, 0, Handshake.nonce()));
                assertTrue(plain.closedByServer());
            }
            TcpRefusalTest.assertHonestRanksStillWork(job);
        }
    }

    /**
     * A listener that speaks plain text where rank 1's TLS listener should be (it published a
     * fingerprint, so the bootstrap itself says TLS): rank 0 never sends its HELLO in clear, fails
     * the peer, and never falls back to plain text.
     */
    @Test
    void shouldNeverDowngradeToPlainTextForAListenerWithoutTls() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final List<byte[]> firstBytes = Collections.synchronizedList(new ArrayList<>());
        final ExecutorService threads = Executors.newCachedThreadPool();
        try (ServerSocket plain = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress()))
        {
            threads.submit(() -> answerInPlainText(plain, firstBytes));
            bootstrap.forRank(1).put(TcpTransport.ADDRESS_KEY,
                ("127.0.0.1:" + plain.getLocalPort()).getBytes(StandardCharsets.UTF_8));
            bootstrap.forRank(1).put(TlsContexts.FINGERPRINT_KEY, new byte[32]);
            try (TcpTransport zero = TcpJob.open(0, 2, JOB, SECRET, bootstrap, tls("connectTimeoutMs", "2000")))
            {
                zero.wireUp();
                final UnsafeBuffer msg = TcpJob.message(1, new byte[4]);
                assertEquals(ReturnCode.OK, zero.postSend(1, msg, 0, 16, msg, 16, 4, 0));
                final TcpJob.Seen failed = TcpJob.await(zero, 1).get(0);
                assertEquals(CompletionOpcode.PEER_FAILED, failed.opcode);
                assertEquals(1, failed.peer);
            }
            assertFalse(firstBytes.isEmpty());
            for (final byte[] first : firstBytes)
            {
                assertEquals(0x16, first[0], "not a TLS handshake record"); // TLS handshake, never a frame
                assertFalse(new String(first, StandardCharsets.ISO_8859_1).contains(JOB), "the job id in clear");
            }
        }
        finally
        {
            threads.shutdownNow();
        }
    }

    /**
     * Someone on the path of the bootstrap's plain connection swaps rank 1's published address and
     * certificate fingerprint for its own, terminates rank 0's TLS with its own certificate (which
     * rank 0 then pins) and relays the decrypted bytes over a TLS connection of its own to the real
     * rank 1. It never learns the secret, but the HMAC handshake alone does not bind the TLS
     * session: the relay passed it, and read everything. With the server certificate's
     * fingerprint in the transcript the proofs rank 0 and rank 1 compute differ, and rank 0
     * fails the peer instead.
     */
    @Test
    @SuppressWarnings("deprecation")
    void shouldRefuseARelayThatSwappedTheCertificateFingerprint() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final Map<String, String> settings = tls("connectTimeoutMs", "5000");
        final ExecutorService threads = Executors.newCachedThreadPool();
        final io.netty.handler.ssl.util.SelfSignedCertificate mine =
            new io.netty.handler.ssl.util.SelfSignedCertificate("relay");
        final java.util.concurrent.atomic.AtomicLong relayed = new java.util.concurrent.atomic.AtomicLong();
        try (TcpTransport one = TcpJob.open(1, 2, JOB, SECRET, bootstrap, settings);
            javax.net.ssl.SSLServerSocket relay = tlsListener(mine))
        {
            final Future<?> oneUp = threads.submit(one::wireUp);
            bootstrap.forRank(0).put(TcpTransport.ADDRESS_KEY, "127.0.0.1:1".getBytes(StandardCharsets.UTF_8));
            bootstrap.forRank(0).put(TlsContexts.FINGERPRINT_KEY, new byte[32]);
            oneUp.get();
            threads.submit(() -> relayTls(relay, one.localAddress(), relayed, threads));
            // what the attacker writes over rank 1's entries on their way to rank 0
            bootstrap.forRank(1).put(TcpTransport.ADDRESS_KEY,
                ("127.0.0.1:" + relay.getLocalPort()).getBytes(StandardCharsets.UTF_8));
            bootstrap.forRank(1).put(TlsContexts.FINGERPRINT_KEY, TlsContexts.sha256(mine.cert()));
            try (TcpTransport zero = TcpJob.open(0, 2, JOB, SECRET, bootstrap, settings))
            {
                zero.wireUp();
                final UnsafeBuffer msg = TcpJob.message(5, new byte[4]);
                assertEquals(ReturnCode.OK, zero.postSend(1, msg, 0, 16, msg, 16, 4, 0));
                // whichever comes first: rank 0 fails the peer, or the message arrives through the relay
                final List<TcpJob.Seen> atZero = new ArrayList<>();
                final List<TcpJob.Seen> atOne = new ArrayList<>();
                while (atZero.isEmpty() && atOne.isEmpty())
                {
                    zero.poll(c -> atZero.add(new TcpJob.Seen(c)), 16);
                    one.poll(c -> atOne.add(new TcpJob.Seen(c)), 16);
                    TcpJob.idle();
                }
                assertEquals(List.of(), atOne, "rank 1 heard from rank 0 through the relay");
                assertEquals(CompletionOpcode.PEER_FAILED, atZero.get(0).opcode);
                assertEquals(1, atZero.get(0).peer);
            }
            assertTrue(relayed.get() > 0, "the relay was never used");
        }
        finally
        {
            threads.shutdownNow();
        }
    }

    private static javax.net.ssl.SSLServerSocket tlsListener(final io.netty.handler.ssl.util.SelfSignedCertificate cert)
        throws Exception
    {
        final java.security.KeyStore keys = java.security.KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("relay", cert.key(), new char[0], new java.security.cert.Certificate[] {cert.cert()});
        final javax.net.ssl.KeyManagerFactory kmf =
            javax.net.ssl.KeyManagerFactory.getInstance(javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        final javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return (javax.net.ssl.SSLServerSocket)context.getServerSocketFactory()
            .createServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
    }

    /** Terminates each TLS connection and relays its bytes over a TLS connection to {@code target}. */
    private static Void relayTls(
        final ServerSocket relay, final InetSocketAddress target, final java.util.concurrent.atomic.AtomicLong relayed,
        final ExecutorService threads) throws Exception
    {
        final javax.net.ssl.SSLContext trustAll = javax.net.ssl.SSLContext.getInstance("TLS");
        trustAll.init(null, io.netty.handler.ssl.util.InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
        while (!relay.isClosed())
        {
            final Socket in = relay.accept();
            final Socket out = trustAll.getSocketFactory().createSocket(target.getAddress(), target.getPort());
            threads.submit(() -> countedPump(in.getInputStream(), out.getOutputStream(), relayed));
            threads.submit(() -> countedPump(out.getInputStream(), in.getOutputStream(), relayed));
        }
        return null;
    }

    private static Void countedPump(
        final InputStream from, final java.io.OutputStream to, final java.util.concurrent.atomic.AtomicLong relayed)
    {
        final byte[] buffer = new byte[4096];
        try
        {
            int n;
            while ((n = from.read(buffer)) > 0)
            {
                to.write(buffer, 0, n);
                to.flush();
                relayed.addAndGet(n);
            }
        }
        catch (final IOException ended)
        {
            // either side closed
        }
        return null;
    }

    /** Reads what each client sends first, then answers with a plain CHALLENGE frame and closes. */
    private static Void answerInPlainText(final ServerSocket plain, final List<byte[]> firstBytes) throws IOException
    {
        while (!plain.isClosed())
        {
            try (Socket c = plain.accept())
            {
                c.setSoTimeout(5_000);
                final byte[] buffer = new byte[4096];
                final InputStream in = c.getInputStream();
                final int n = in.read(buffer);
                if (n > 0)
                {
                    firstBytes.add(java.util.Arrays.copyOf(buffer, n));
                }
                c.getOutputStream().write(RawClient.frame(Frames.CHALLENGE, new byte[Frames.CHALLENGE_BODY]));
            }
            catch (final SocketTimeoutException ignored)
            {
                // said nothing: next
            }
        }
        return null;
    }

    /**
     * Slow-loris on TLS: connections that start a TLS handshake and stall hold a place among the
     * connections waiting to authenticate until the connect timeout (a minute here), but no more
     * than the budget of them: each newer one turns the oldest away.
     */
    @Test
    void shouldTurnAwayTheOldestConnectionsThatStallTheTlsHandshake() throws Exception
    {
        try (TcpJob job = new TcpJob(2, tls("pendingHandshakes", "4", "connectTimeoutMs", "60000"), JOB, SECRET))
        {
            final List<RawClient> stalled = new ArrayList<>();
            try
            {
                for (int i = 0; i < 10; i++)
                {
                    final RawClient c = new RawClient(job.ranks[0].localAddress());
                    c.write(new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01}); // a TLS record begins, no more
                    stalled.add(c);
                }
                for (int i = 0; i < 6; i++)
                {
                    assertTrue(stalled.get(i).closedByServer(), "stalled connection " + i);
                }
                assertEquals(6, job.ranks[0].tcp.admission.turnedAway());
                TcpRefusalTest.assertHonestRanksStillWork(job);
            }
            finally
            {
                for (final RawClient c : stalled)
                {
                    c.close();
                }
            }
        }
    }

    @Test
    void shouldServeRanksThroughAFloodOfThreeThousandConnections() throws Exception
    {
        flood(Map.of("rankwire.tcp.connectTimeoutMs", "60000"));
    }

    @Test
    void shouldServeRanksThroughAFloodOfThreeThousandConnectionsOnTls() throws Exception
    {
        flood(tls("connectTimeoutMs", "60000"));
    }

    /**
     * 3,000 connections from 4 threads against rank 0: a third stay open and silent, a third send
     * garbage and close, a third send a valid HELLO header and stall. The honest ranks exchange
     * messages meanwhile and after, and rank 2 connects to rank 0 only after the flood.
     */
    private static void flood(final Map<String, String> settings) throws Exception
    {
        try (TcpJob job = new TcpJob(3, settings, JOB, SECRET))
        {
            TcpRefusalTest.assertHonestRanksStillWork(job);
            final InetSocketAddress target = job.ranks[0].localAddress();
            final ExecutorService pool = Executors.newFixedThreadPool(4);
            final AtomicBoolean stop = new AtomicBoolean();
            final List<Socket> held = Collections.synchronizedList(new ArrayList<>());
            try
            {
                final List<Future<Integer>> opened = new ArrayList<>();
                for (int t = 0; t < 4; t++)
                {
                    final int thread = t;
                    opened.add(pool.submit(() -> attack(target, thread, 750, held, stop)));
                }
                TcpRefusalTest.assertHonestRanksStillWork(job); // during the flood
                int total = 0;
                for (final Future<Integer> f : opened)
                {
                    total += f.get();
                }
                assertEquals(3_000, total);
            }
            finally
            {
                stop.set(true);
                pool.shutdownNow();
                synchronized (held)
                {
                    for (final Socket s : held)
                    {
                        s.close();
                    }
                }
            }
            assertTrue(job.ranks[0].tcp.admission.waiting() <= job.ranks[0].tcp.admission.budget());
            TcpRefusalTest.assertHonestRanksStillWork(job);
            final UnsafeBuffer msg = TcpJob.message(77, new byte[8]);
            assertEquals(ReturnCode.OK, job.ranks[2].postSend(0, msg, 0, 16, msg, 16, 8, 0));
            final TcpJob.Seen late = TcpJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.RECV).get(0);
            assertEquals(77, late.tag());
            assertEquals(2, late.peer);
        }
    }

    private static int attack(
        final InetSocketAddress target, final int thread, final int count, final List<Socket> held,
        final AtomicBoolean stop)
    {
        final Random random = new Random(99 + thread);
        int opened = 0;
        for (int i = 0; i < count && !stop.get(); i++)
        {
            try
            {
                final Socket s = new Socket(target.getAddress(), target.getPort());
                opened++;
                switch ((i + thread) % 3)
                {
                    case 0:
                        held.add(s);
                        break;
                    case 1:
                        final byte[] noise = new byte[64 + random.nextInt(256)];
                        random.nextBytes(noise);
                        s.getOutputStream().write(noise);
                        s.close();
                        break;
                    default:
                        final byte[] hello = RawClient.hello(JOB, 1, 0, Handshake.nonce());
                        s.getOutputStream().write(hello, 0, 9);
                        held.add(s);
                        break;
                }
            }
            catch (final IOException e)
            {
                opened++; // refused or reset while the listener sheds load: it still counts as an attempt
            }
        }
        return opened;
    }
}
