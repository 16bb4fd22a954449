package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Throws random and mutated frames at a live listener over many connections, then checks that
 * the honest ranks of the job are still served, including one that connects only afterwards.
 */
@Timeout(180)
class TcpFuzzTest
{
    private static final String JOB = "fuzz-job";
    private static final byte[] SECRET = "fuzz-secret-01234".getBytes(StandardCharsets.UTF_8);
    private static final int CONNECTIONS = 1_000;
    private static final int FRAMES_PER_CONNECTION = 100;
    private static final int THREADS = 4;

    @Test
    void shouldSurviveRandomAndMutatedFramesAndKeepServingHonestPeers() throws Exception
    {
        // The listener may still be draining the attack's backlog when the late rank connects;
        // on a loaded 2-core machine that can take longer than the default 10 s handshake limit.
        try (TcpJob job = new TcpJob(3, Map.of("rankwire.tcp.connectTimeoutMs", "60000"), JOB, SECRET))
        {
            TcpRefusalTest.assertHonestRanksStillWork(job);
            final InetSocketAddress target = job.ranks[0].localAddress();
            final ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            long frames = 0;
            try
            {
                final List<Future<Long>> results = new ArrayList<>();
                for (int t = 0; t < THREADS; t++)
                {
                    final long seed = 1234 + t;
                    results.add(pool.submit(() -> attack(target, new Random(seed), CONNECTIONS / THREADS)));
                }
                for (final Future<Long> f : results)
                {
                    frames += f.get();
                }
            }
            finally
            {
                pool.shutdownNow();
            }
            assertTrue(frames >= 100_000, "frames thrown: " + frames);

            job.ranks[0].poll(c -> assertTrue(c.opcode() != CompletionOpcode.PEER_FAILED, c.toString()), 1000);
            TcpRefusalTest.assertHonestRanksStillWork(job);
            assertLateRankIsServed(job);
            assertTrue(job.ranks[0].tcp.refusals.count() >= CONNECTIONS / 2, "refused: " + job.ranks[0].tcp.refusals.count());
        }
    }

    private static void assertLateRankIsServed(final TcpJob job)
    {
        final UnsafeBuffer source = new UnsafeBuffer(new byte[100_000]);
        TcpRendezvousTest.fill(source, 99);
        final MemoryRegion region = job.ranks[0].register(source, 0, 100_000);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[100_000]);
        assertEquals(ReturnCode.OK, job.ranks[2].postRead(0, region.va(), region.rkey(), 100_000, dst, 0, 5));
        final TcpJob.Seen read = TcpJob.await(job.ranks[2], 1).get(0);
        assertEquals(CompletionStatus.SUCCESS, read.status);
        assertEquals(TcpRendezvousTest.crc(source, 0, 100_000), TcpRendezvousTest.crc(dst, 0, 100_000));
    }

    private static long attack(final InetSocketAddress target, final Random random, final int connections)
        throws IOException
    {
        long frames = 0;
        for (int c = 0; c < connections; c++)
        {
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            final int mode = random.nextInt(4);
            for (int f = 0; f < FRAMES_PER_CONNECTION; f++)
            {
                bytes.writeBytes(f == 0 ? opening(mode, random) : randomFrame(random));
                frames++;
            }
            try (RawClient client = new RawClient(target))
            {
                client.write(bytes.toByteArray());
            }
            catch (final IOException e)
            {
                // the listener closed the connection part-way through: expected
            }
        }
        return frames;
    }

    /** The first frame of a connection: random, a mutated HELLO, a valid HELLO, or a HELLO of another job. */
    private static byte[] opening(final int mode, final Random random)
    {
        final byte[] nonce = new byte[Frames.NONCE];
        random.nextBytes(nonce);
        switch (mode)
        {
            case 0:
                return randomFrame(random);
            case 1:
                final byte[] hello = RawClient.hello(JOB, 1 + random.nextInt(2), 0, nonce);
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--)
                {
                    hello[random.nextInt(hello.length)] ^= (byte)(1 << random.nextInt(8));
                }
                return hello;
            case 2:
                return RawClient.hello(JOB, 1 + random.nextInt(2), 0, nonce);
            default:
                return RawClient.hello("x" + random.nextInt(), random.nextInt(4) - 1, random.nextInt(3), nonce);
        }
    }

    /** A frame with a random type, a length field that is usually right and sometimes wild, and a random body. */
    private static byte[] randomFrame(final Random random)
    {
        final int type = random.nextInt(12);
        final int bodyLength = random.nextInt(4) == 0 ? random.nextInt(40) : random.nextInt(300);
        final int lengthField;
        switch (random.nextInt(8))
        {
            case 0: lengthField = random.nextInt(); break;
            case 1: lengthField = 0; break;
            case 2: lengthField = 1 + bodyLength + random.nextInt(5) - 2; break;
            default: lengthField = 1 + bodyLength; break;
        }
        final byte[] body = new byte[bodyLength];
        random.nextBytes(body);
        return ByteBuffer.allocate(Frames.HEADER + bodyLength).putInt(lengthField).put((byte)type).put(body).array();
    }
}
