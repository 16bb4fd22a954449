package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TcpRefusalTest
{
    private static final String JOB = "refusal-job";
    private static final byte[] SECRET = "right-secret-0123".getBytes(StandardCharsets.UTF_8);

    @Test
    void shouldRefuseAClientThatCannotProveTheSecret() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of(), JOB, SECRET);
            RawClient client = new RawClient(job.ranks[0].localAddress()))
        {
            client.write(RawClient.hello(JOB, 1, 0, Handshake.nonce()));
            final byte[] challenge = client.readFrame();
            assertNotNull(challenge);
            assertEquals(Frames.CHALLENGE, challenge[0]);
            client.write(RawClient.frame(Frames.AUTH, Handshake.nonce()));
            assertTrue(client.closedByServer());
            assertHonestRanksStillWork(job);
        }
    }

    @Test
    void shouldRefuseAClientOfAnotherJobBeforeChallengingIt() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of(), JOB, SECRET);
            RawClient client = new RawClient(job.ranks[0].localAddress()))
        {
            client.write(RawClient.hello("another-job", 1, 0, Handshake.nonce()));
            assertTrue(client.closedByServer());
            assertHonestRanksStillWork(job);
        }
    }

    @Test
    void shouldRefuseAClientClaimingTheServersOwnRank() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of(), JOB, SECRET);
            RawClient client = new RawClient(job.ranks[0].localAddress()))
        {
            client.write(RawClient.hello(JOB, 0, 0, Handshake.nonce()));
            assertTrue(client.closedByServer());
            assertHonestRanksStillWork(job);
        }
    }

    @Test
    void shouldRefuseMessagesBeforeTheHandshake() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of(), JOB, SECRET);
            RawClient client = new RawClient(job.ranks[0].localAddress()))
        {
            client.write(RawClient.frame(Frames.MESSAGE, new byte[32]));
            assertTrue(client.closedByServer());
            job.ranks[0].poll(c -> assertTrue(c.opcode() != CompletionOpcode.RECV, c.toString()), 10);
            assertHonestRanksStillWork(job);
        }
    }

    @Test
    void shouldFailTheImpostorsSendsWhenItsSecretOrJobIsWrong() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of(), JOB, SECRET))
        {
            assertImpostorFails(job, JOB, "wrong-secret-0123".getBytes(StandardCharsets.UTF_8));
            assertImpostorFails(job, "other-job", SECRET);
            assertHonestRanksStillWork(job);
        }
    }

    /**
     * At the end of a job a slower peer may still dial a rank that is already closing (to deliver a
     * finalize notice it no longer needs): the connection is closed after authentication, and not
     * counted (nor logged as a warning) as a refused connection.
     */
    @Test
    void shouldCloseAPeersConnectionThatArrivesWhileClosingWithoutCountingARefusal() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(3);
        // rank 2 accepts connections and never answers, so rank 0's close waits for it (up to 5 s)
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            bootstrap.forRank(1).put(TcpTransport.ADDRESS_KEY, "127.0.0.1:1".getBytes(StandardCharsets.UTF_8));
            bootstrap.forRank(2).put(TcpTransport.ADDRESS_KEY,
                ("127.0.0.1:" + silent.getLocalPort()).getBytes(StandardCharsets.UTF_8));
            final TcpTransport closing = TcpJob.open(0, 3, JOB, SECRET, bootstrap, Map.of());
            closing.wireUp();
            final UnsafeBuffer msg = TcpJob.message(5, new byte[8]);
            assertEquals(ReturnCode.OK, closing.postSend(2, msg, 0, 16, msg, 16, 8, 0));
            // its own thread: the common pool may have one worker, busy or not yet started
            final CompletableFuture<Void> closed = CompletableFuture.runAsync(closing::close, task -> new Thread(task, "closing").start());
            while (!closing.isClosed())
            {
                Thread.onSpinWait();
            }
            try (RawClient late = new RawClient(closing.localAddress()))
            {
                final Handshake handshake = new Handshake(SECRET, JOB);
                final byte[] clientNonce = Handshake.nonce();
                late.write(RawClient.hello(JOB, 1, 0, clientNonce));
                final ByteBuffer challenge = ByteBuffer.wrap(late.readFrame());
                assertEquals(Frames.CHALLENGE, challenge.get());
                assertEquals(0, challenge.getInt());
                final byte[] serverNonce = new byte[Frames.NONCE];
                challenge.get(serverNonce);
                late.write(RawClient.frame(Frames.AUTH, handshake.clientProof(1, 0, clientNonce, serverNonce, new byte[0])));
                assertTrue(late.closedByServer());
            }
            closed.get();
            assertEquals(0, closing.tcp.refusals.count());
        }
    }

    private static void assertImpostorFails(final TcpJob job, final String jobId, final byte[] secret)
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        bootstrap.forRank(0).put(TcpTransport.ADDRESS_KEY,
            ("127.0.0.1:" + job.ranks[0].localAddress().getPort()).getBytes(StandardCharsets.UTF_8));
        try (TcpTransport impostor = TcpJob.open(1, 2, jobId, secret, bootstrap, Map.of()))
        {
            impostor.wireUp();
            final UnsafeBuffer msg = TcpJob.message(66, new byte[4]);
            assertEquals(ReturnCode.OK, impostor.postSend(0, msg, 0, 16, msg, 16, 4, 0));
            final TcpJob.Seen failed = TcpJob.await(impostor, 1).get(0);
            assertEquals(CompletionOpcode.PEER_FAILED, failed.opcode);
            assertEquals(0, failed.peer);
        }
    }

    static void assertHonestRanksStillWork(final TcpJob job)
    {
        for (int from = 0; from < 2; from++)
        {
            final UnsafeBuffer msg = TcpJob.message(1000 + from, new byte[8]);
            assertEquals(ReturnCode.OK, job.ranks[from].postSend(1 - from, msg, 0, 16, msg, 16, 8, 0));
            final TcpJob.Seen seen = TcpJob.await(job.ranks[1 - from], 1).get(0);
            assertEquals(CompletionOpcode.RECV, seen.opcode);
            assertEquals(1000 + from, seen.tag());
            assertEquals(from, seen.peer);
        }
    }
}
