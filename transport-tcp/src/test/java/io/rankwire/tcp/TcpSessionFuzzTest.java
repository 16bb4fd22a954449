package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.MemoryRegion;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Authenticated peers that misbehave: after a correct handshake they send random and mutated
 * session frames (messages, read requests with wild ranges, stray read data and errors). The
 * rank under attack must never touch memory outside its registered regions, must drop each bad
 * connection as a failed peer, and must keep serving its honest peer.
 */
@Timeout(120)
class TcpSessionFuzzTest
{
    private static final String JOB = "session-fuzz";
    private static final byte[] SECRET = "session-secret-01".getBytes(StandardCharsets.UTF_8);
    private static final int FAKE_RANKS = 10;
    private static final int SIZE = 2 + FAKE_RANKS;
    private static final int FRAMES_PER_PEER = 2_000;
    /** One frame in this many breaks the protocol, so a connection lives for a few hundred frames. */
    private static final int VIOLATION_ODDS = 300;

    /** Settings of the victim and the honest rank. */
    Map<String, String> settings()
    {
        return Map.of();
    }

    @Test
    void shouldSurviveMisbehavingAuthenticatedPeers() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(SIZE);
        for (int r = 2; r < SIZE; r++)
        {
            bootstrap.forRank(r).put(TcpTransport.ADDRESS_KEY, "127.0.0.1:1".getBytes(StandardCharsets.UTF_8));
        }
        final TcpTransport victim = TcpJob.open(0, SIZE, JOB, SECRET, bootstrap, settings());
        final TcpTransport honest = TcpJob.open(1, SIZE, JOB, SECRET, bootstrap, settings());
        final ExecutorService pool = Executors.newFixedThreadPool(4);
        try
        {
            final Future<?> wired = pool.submit(honest::wireUp);
            victim.wireUp();
            wired.get();
            final byte[] guarded = new byte[3 * 4096];
            final UnsafeBuffer memory = new UnsafeBuffer(guarded);
            final MemoryRegion region = victim.register(memory, 4096, 4096);
            final List<Future<?>> attacks = new ArrayList<>();
            for (int r = 2; r < SIZE; r++)
            {
                final int fake = r;
                attacks.add(pool.submit(() -> attack(victim, fake, region, new Random(fake))));
            }
            for (final Future<?> f : attacks)
            {
                f.get();
            }

            final List<TcpJob.Seen> failures = TcpJob.await(victim, FAKE_RANKS, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertTrue(failures.stream().allMatch(s -> s.peer >= 2), failures.toString());
            for (int i = 0; i < guarded.length; i++)
            {
                assertEquals(0, guarded[i], "byte " + i + " of the registered memory and its neighbours");
            }
            final TcpJob job = new TcpJob(new TcpTransport[] {victim, honest});
            TcpRefusalTest.assertHonestRanksStillWork(job);
        }
        finally
        {
            pool.shutdownNow();
            victim.close();
            honest.close();
        }
    }

    private static Void attack(final TcpTransport victim, final int fake, final MemoryRegion region, final Random random)
        throws IOException
    {
        try (RawClient client = new RawClient(victim.localAddress()))
        {
            handshake(client, fake);
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (int f = 0; f < FRAMES_PER_PEER; f++)
            {
                bytes.writeBytes(sessionFrame(random, region));
            }
            bytes.writeBytes(RawClient.frame((byte)42, new byte[3]));
            try
            {
                client.write(bytes.toByteArray());
            }
            catch (final IOException e)
            {
                // the victim dropped the connection part-way through: expected
            }
        }
        return null;
    }

    private static void handshake(final RawClient client, final int fake) throws IOException
    {
        final Handshake handshake = new Handshake(SECRET, JOB);
        final byte[] clientNonce = Handshake.nonce();
        client.write(RawClient.hello(JOB, fake, 0, clientNonce));
        final ByteBuffer challenge = ByteBuffer.wrap(client.readFrame());
        assertEquals(Frames.CHALLENGE, challenge.get());
        assertEquals(0, challenge.getInt());
        final byte[] serverNonce = new byte[Frames.NONCE];
        challenge.get(serverNonce);
        client.write(RawClient.frame(Frames.AUTH, handshake.clientProof(fake, 0, clientNonce, serverNonce, new byte[0])));
        final byte[] verdict = client.readFrame();
        assertEquals(Frames.VERDICT, verdict[0]);
        assertEquals(Frames.VERDICT_ACCEPT, verdict[1]);
    }

    /** Well-formed session frames with hostile contents, now and then a protocol violation. */
    private static byte[] sessionFrame(final Random random, final MemoryRegion region)
    {
        final int kind = random.nextInt(VIOLATION_ODDS) == 0 ? 2 + random.nextInt(3) : random.nextInt(2);
        switch (kind)
        {
            case 0:
            {
                final byte[] message = new byte[16 + random.nextInt(100)];
                random.nextBytes(message);
                return RawClient.frame(Frames.MESSAGE, message);
            }
            case 1:
            {
                final long va = random.nextBoolean() ? region.va() + random.nextInt(8192) - 4096 : random.nextLong();
                final int rkey = random.nextBoolean() ? region.rkey() : random.nextInt();
                final int length = random.nextBoolean() ? random.nextInt(8192) : random.nextInt();
                return RawClient.frame(Frames.READ_REQUEST,
                    ByteBuffer.allocate(24).putLong(random.nextLong()).putLong(va).putInt(rkey).putInt(length).array());
            }
            case 2:
                return RawClient.frame(Frames.READ_DATA,
                    ByteBuffer.allocate(12 + 1 + random.nextInt(50)).putLong(random.nextInt(4)).putInt(0).array());
            case 3:
                return RawClient.frame(Frames.READ_ERROR,
                    ByteBuffer.allocate(9).putLong(random.nextInt(4)).put((byte)3).array());
            case 4:
            {
                final byte[] body = new byte[random.nextInt(40)];
                random.nextBytes(body);
                return RawClient.frame((byte)(random.nextInt(12)), body);
            }
            default:
                throw new IllegalStateException("kind " + kind);
        }
    }
}
