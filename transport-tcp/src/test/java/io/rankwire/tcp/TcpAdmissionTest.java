package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The listener's budget for connections that have not authenticated, its deadline for their
 * HELLO, and the client's retry when turned away: connections held open by strangers cannot keep
 * a peer out. The connect timeout is a minute in these tests, so whatever closes a stranger's
 * connection sooner is the budget or the HELLO deadline.
 */
@Timeout(60)
class TcpAdmissionTest
{
    private static final String JOB = "admission-job";
    private static final byte[] SECRET = "admission-secret-0".getBytes(StandardCharsets.UTF_8);

    /** Reads what a stranger's connection gets: the frames until the end of the stream. */
    private static List<byte[]> untilClosed(final RawClient client) throws IOException
    {
        final List<byte[]> frames = new ArrayList<>();
        try
        {
            byte[] f;
            while ((f = client.readFrame()) != null)
            {
                frames.add(f);
            }
        }
        catch (final java.net.SocketException reset)
        {
            // closed with unread bytes: a reset ends it just the same
        }
        return frames;
    }

    private static boolean isBusyVerdict(final byte[] frame)
    {
        return frame.length == 2 && frame[0] == Frames.VERDICT && frame[1] == Frames.VERDICT_BUSY;
    }

    @Test
    void shouldTurnTheOldestIdleConnectionsAwayBeyondTheBudget() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("pendingHandshakes", "8", "helloTimeoutMs", "60000",
            "connectTimeoutMs", "60000"), JOB, SECRET))
        {
            final List<RawClient> strangers = new ArrayList<>();
            try
            {
                for (int i = 0; i < 20; i++)
                {
                    strangers.add(new RawClient(job.ranks[1].localAddress()));
                }
                // the twelve oldest are turned away, each told it was busy
                for (int i = 0; i < 12; i++)
                {
                    final List<byte[]> got = untilClosed(strangers.get(i));
                    assertEquals(1, got.size(), "stranger " + i);
                    assertTrue(isBusyVerdict(got.get(0)), "stranger " + i);
                }
                assertEquals(12, job.ranks[1].tcp.admission.turnedAway());
                assertEquals(8, job.ranks[1].tcp.admission.waiting());
                // a peer still gets in (its connection pushes the oldest stranger out) and is served
                TcpRefusalTest.assertHonestRanksStillWork(job);
            }
            finally
            {
                for (final RawClient s : strangers)
                {
                    s.close();
                }
            }
        }
    }

    @Test
    void shouldTurnAwayAConnectionWhoseHelloDoesNotComeInTime() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("helloTimeoutMs", "300", "connectTimeoutMs", "60000"),
            JOB, SECRET))
        {
            try (RawClient silent = new RawClient(job.ranks[0].localAddress());
                RawClient trickle = new RawClient(job.ranks[0].localAddress()))
            {
                final byte[] hello = RawClient.hello(JOB, 1, 0, Handshake.nonce());
                trickle.write(new byte[] {hello[0], hello[1], hello[2], hello[3], hello[4]});
                final List<byte[]> toSilent = untilClosed(silent);
                assertEquals(1, toSilent.size());
                assertTrue(isBusyVerdict(toSilent.get(0)));
                final List<byte[]> toTrickle = untilClosed(trickle);
                assertTrue(toTrickle.size() <= 1 && (toTrickle.isEmpty() || isBusyVerdict(toTrickle.get(0))));
            }
            // once the HELLO is in, the rest of the handshake has the connect timeout
            try (RawClient client = new RawClient(job.ranks[0].localAddress()))
            {
                client.write(RawClient.hello(JOB, 1, 0, Handshake.nonce()));
                final byte[] challenge = client.readFrame();
                assertNotNull(challenge);
                assertEquals(Frames.CHALLENGE, challenge[0]);
                Thread.sleep(600); // twice the HELLO deadline: still open
                client.write(RawClient.frame(Frames.AUTH, Handshake.nonce()));
                assertTrue(client.closedByServer()); // a wrong proof is refused, not turned away
            }
            TcpRefusalTest.assertHonestRanksStillWork(job);
        }
    }

    /**
     * Rank 0 reaches rank 1 through a relay that answers its first two connections with VERDICT
     * BUSY, as a listener does when strangers crowd it, and passes the third through: rank 0 tries
     * again with backoff and its message arrives.
     */
    @Test
    void shouldRetryWhenTheListenerTurnsTheConnectionAway() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final Map<String, String> settings = TcpJob.settings("connectTimeoutMs", "30000");
        final ExecutorService relayThreads = Executors.newCachedThreadPool();
        try (TcpTransport one = TcpJob.open(1, 2, JOB, SECRET, bootstrap, settings);
            ServerSocket relay = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress()))
        {
            final AtomicInteger connections = new AtomicInteger();
            relayThreads.submit(() -> relay(relay, one.localAddress(), connections, relayThreads));
            bootstrap.forRank(1).put(TcpTransport.ADDRESS_KEY,
                ("127.0.0.1:" + relay.getLocalPort()).getBytes(StandardCharsets.UTF_8));
            try (TcpTransport zero = TcpJob.open(0, 2, JOB, SECRET, bootstrap, settings))
            {
                zero.wireUp(); // reads the relay's address for rank 1
                final UnsafeBuffer msg = TcpJob.message(4242, new byte[8]);
                assertEquals(ReturnCode.OK, zero.postSend(1, msg, 0, 16, msg, 16, 8, 0));
                final TcpJob.Seen seen = TcpJob.await(one, 1, s -> s.opcode == CompletionOpcode.RECV).get(0);
                assertEquals(4242, seen.tag());
                assertEquals(0, seen.peer);
                assertEquals(3, connections.get());
            }
        }
        finally
        {
            relayThreads.shutdownNow();
        }
    }

    private static Void relay(
        final ServerSocket relay, final InetSocketAddress target, final AtomicInteger connections,
        final ExecutorService threads) throws IOException
    {
        while (!relay.isClosed())
        {
            final Socket in = relay.accept();
            if (connections.incrementAndGet() <= 2)
            {
                try (in)
                {
                    in.getOutputStream().write(RawClient.frame(Frames.VERDICT, new byte[] {Frames.VERDICT_BUSY}));
                }
                continue;
            }
            final Socket out = new Socket(target.getAddress(), target.getPort());
            threads.submit(() -> pump(in.getInputStream(), out.getOutputStream()));
            threads.submit(() -> pump(out.getInputStream(), in.getOutputStream()));
        }
        return null;
    }

    private static Void pump(final InputStream from, final OutputStream to)
    {
        try
        {
            from.transferTo(to);
        }
        catch (final IOException ended)
        {
            // either side closed
        }
        return null;
    }
}
