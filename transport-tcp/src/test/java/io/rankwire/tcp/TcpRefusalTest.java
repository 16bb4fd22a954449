package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;

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
