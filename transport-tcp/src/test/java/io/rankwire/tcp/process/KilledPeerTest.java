package io.rankwire.tcp.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.conformance.FileBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.tcp.TcpTransportProvider;

/**
 * Rank 1 runs in a child JVM ({@link RegionOwnerMain}) and is killed with SIGKILL while rank 0,
 * in this JVM, has two reads from it in flight. The child is first stopped (SIGSTOP) so that the
 * reads are certainly unanswered when it dies, whatever the scheduling: the kill then resets the
 * connection as a crashed process would. Linux only (uses {@code kill} and {@code /proc}).
 */
class KilledPeerTest
{
    private static final long FAIL_WITHIN_NANOS = TimeUnit.SECONDS.toNanos(20);

    @TempDir
    Path dir;

    /** Rank 0 in the default engine-thread I/O: its own polls must see the reset connection. */
    @Test
    @Timeout(120)
    void shouldFailPendingReadsAndReportThePeerWhenItsProcessIsKilled() throws Exception
    {
        killPeerDuringReads(Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.connect", "eager"));
    }

    /** The same with TLS on both ranks' connections (the same data path, through {@code TlsWire}). */
    @Test
    @Timeout(120)
    void shouldFailPendingReadsAndReportThePeerWhenItsProcessIsKilledWithTls() throws Exception
    {
        killPeerDuringReads(Map.of(
            "rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.connect", "eager", "rankwire.tcp.tls", "true"));
    }

    private void killPeerDuringReads(final Map<String, String> settings) throws Exception
    {
        final byte[] secret = new byte[16];
        new java.security.SecureRandom().nextBytes(secret);
        final String jobId = "killed-peer-" + System.nanoTime();
        final Process child = startOwner(jobId, secret, "true".equals(settings.get("rankwire.tcp.tls")));
        final TransportContext context = new TransportContext(0, 2, jobId, secret, new FileBootstrap(dir, 0, 2),
            settings, () -> { });
        final Transport rank0 = new TcpTransportProvider().open(context);
        try
        {
            rank0.wireUp();
            final ByteBuffer region = ByteBuffer.wrap(context.bootstrap().get(1, "region", Duration.ofSeconds(60)));
            final long va = region.getLong();
            final int rkey = region.getInt();
            final int length = region.getInt();

            stop(child);
            final UnsafeBuffer dst1 = new UnsafeBuffer(ByteBuffer.allocateDirect(length));
            final UnsafeBuffer dst2 = new UnsafeBuffer(ByteBuffer.allocateDirect(length));
            assertEquals(ReturnCode.OK, rank0.postRead(1, va, rkey, length, dst1, 0, 11));
            assertEquals(ReturnCode.OK, rank0.postRead(1, va, rkey, length, dst2, 0, 12));
            child.destroyForcibly();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child still alive after SIGKILL");

            final List<String> seen = awaitFailures(rank0);
            assertTrue(seen.contains("READ wrId 11 status " + CompletionStatus.PEER_FAILED), seen.toString());
            assertTrue(seen.contains("READ wrId 12 status " + CompletionStatus.PEER_FAILED), seen.toString());
            assertTrue(seen.contains("PEER_FAILED peer 1"), seen.toString());

            final UnsafeBuffer header = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
            TmHeader.write(header, 0, TmHeader.EAGER, 0, 0, 7L);
            assertEquals(ReturnCode.PEER_FAILED, rank0.postSend(1, header, 0, TmHeader.LENGTH, header, 0, 0, 13));
            assertEquals(ReturnCode.PEER_FAILED, rank0.postRead(1, va, rkey, length, dst1, 0, 14));
        }
        finally
        {
            child.destroyForcibly();
            rank0.close();
        }
    }

    /** Polls rank 0 until both reads and the peer failure were reported, or fails after 20 s. */
    private static List<String> awaitFailures(final Transport rank0)
    {
        final List<String> seen = new ArrayList<>();
        final long start = System.nanoTime();
        while (seen.size() < 3)
        {
            rank0.poll(c ->
            {
                if (c.opcode() == CompletionOpcode.READ)
                {
                    seen.add("READ wrId " + c.wrId() + " status " + c.status());
                }
                else if (c.opcode() == CompletionOpcode.PEER_FAILED)
                {
                    seen.add("PEER_FAILED peer " + c.peer());
                }
            }, 64);
            if (System.nanoTime() - start > FAIL_WITHIN_NANOS)
            {
                fail("rank 0 not told of the killed peer within 20 s; completions so far: " + seen);
            }
            Thread.yield();
        }
        return seen;
    }

    private Process startOwner(final String jobId, final byte[] secret, final boolean tls) throws Exception
    {
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java,
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx96m",
            "-cp", System.getProperty("java.class.path"),
            RegionOwnerMain.class.getName(), dir.toString(), "1", "2", jobId, HexFormat.of().formatHex(secret),
            tls ? "tls" : "plain")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("rank1.log").toFile())
            .start();
    }

    /** Stops the child with SIGSTOP and waits until the kernel reports it stopped. */
    private static void stop(final Process child) throws Exception
    {
        final Process kill = new ProcessBuilder("kill", "-STOP", Long.toString(child.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -STOP " + child.pid());
        final Path stat = Path.of("/proc", Long.toString(child.pid()), "stat");
        while (!state(stat).equals("T"))
        {
            Thread.sleep(5);
        }
    }

    private static String state(final Path stat) throws Exception
    {
        final String s = Files.readString(stat);
        return s.substring(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3);
    }
}
