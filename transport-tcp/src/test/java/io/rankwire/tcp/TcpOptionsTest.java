package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import io.netty.handler.ssl.SslHandler;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TcpOptionsTest
{
    @Test
    void shouldCarryMessagesAndReadsOverTls() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("tls", "true")))
        {
            exchange(job);
            for (int r = 0; r < 2; r++)
            {
                assertTrue(job.ranks[r].sessionOf(1 - r).isTls(), "rank " + r + "'s session runs through TLS");
                assertNull(job.ranks[r].channelTo(1 - r).pipeline().get(SslHandler.class),
                    "the SslHandler left the pipeline: the rank's thread owns the connection");
            }
        }
    }

    @Test
    void shouldRefuseATlsServerWhoseCertificateIsNotTheOnePublished() throws Exception
    {
        final Map<String, String> tls = TcpJob.settings("tls", "true");
        final byte[] secret = "shared-secret-0123".getBytes(StandardCharsets.UTF_8);
        final InMemoryBootstrap theirs = new InMemoryBootstrap(2);
        theirs.forRank(0).put(TcpTransport.ADDRESS_KEY, "127.0.0.1:1".getBytes(StandardCharsets.UTF_8));
        theirs.forRank(0).put(TlsContexts.FINGERPRINT_KEY, new byte[32]);
        final InMemoryBootstrap ours = new InMemoryBootstrap(2);
        try (TcpTransport middle = TcpJob.open(1, 2, "pinned", secret, theirs, tls);
            TcpTransport victim = TcpJob.open(0, 2, "pinned", secret, ours, tls))
        {
            middle.wireUp();
            ours.forRank(1).put(TcpTransport.ADDRESS_KEY,
                ("127.0.0.1:" + middle.localAddress().getPort()).getBytes(StandardCharsets.UTF_8));
            ours.forRank(1).put(TlsContexts.FINGERPRINT_KEY, new byte[32]);
            victim.wireUp();

            final UnsafeBuffer msg = TcpJob.message(1, new byte[4]);
            assertEquals(ReturnCode.OK, victim.postSend(1, msg, 0, 16, msg, 16, 4, 0));
            final TcpJob.Seen failed = TcpJob.await(victim, 1).get(0);
            assertEquals(CompletionOpcode.PEER_FAILED, failed.opcode);
            assertEquals(1, failed.peer);
            assertEquals(0, middle.poll(c -> { }, 10));
        }
    }

    @Test
    void shouldCarryMessagesAndReadsOverTlsWithSmallChunksAndManyReadsInFlight() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("tls", "true", "readChunk", "40000")))
        {
            exchange(job);
        }
    }

    @Test
    void shouldRefuseTheSettingsThatAreGoneSayingWhy()
    {
        final IllegalArgumentException engineIo = assertThrows(IllegalArgumentException.class,
            () -> new TcpSettings(TcpJob.settings("engineIo", "false")));
        assertEquals("rankwire.tcp.engineIo : false (expected: not set; the setting is gone: engine-thread I/O is the " +
            "only data path, TLS included)", engineIo.getMessage());
        final IllegalArgumentException busyPoll = assertThrows(IllegalArgumentException.class,
            () -> new TcpSettings(TcpJob.settings("busyPoll", "true")));
        assertTrue(busyPoll.getMessage().startsWith("rankwire.tcp.busyPoll : true (expected: not set; the setting is gone"),
            busyPoll.getMessage());
    }

    @Test
    void shouldWorkWithSeveralEventLoopThreadsAndEagerConnect() throws Exception
    {
        try (TcpJob job = new TcpJob(3, TcpJob.settings("ioThreads", "3", "connect", "eager")))
        {
            exchange(job);
        }
    }

    @Test
    void shouldGiveTheHandshakeMoreTimeByDefaultWhenRanksMayOutnumberCores()
    {
        assertEquals(1, TcpSettings.oversubscription(1, 2));
        assertEquals(1, TcpSettings.oversubscription(2, 2));
        assertEquals(2, TcpSettings.oversubscription(3, 2));
        assertEquals(16, TcpSettings.oversubscription(32, 2));
        final TcpSettings alone = new TcpSettings(Map.of(), 1);
        assertEquals(10_000, alone.connectTimeoutMs);
        assertEquals(5_000, alone.helloTimeoutMs);
        final int factor = TcpSettings.oversubscription(64, Runtime.getRuntime().availableProcessors());
        final TcpSettings many = new TcpSettings(Map.of(), 64);
        assertEquals(Math.min(120_000, 10_000 * factor), many.connectTimeoutMs);
        assertEquals(Math.min(5_000L * factor, many.connectTimeoutMs), many.helloTimeoutMs);
        assertEquals(3_000, new TcpSettings(TcpJob.settings("connectTimeoutMs", "3000"), 64).connectTimeoutMs,
            "a value given wins");
    }

    @Test
    void shouldRejectBadSettingsNamingTheValue()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new TcpSettings(TcpJob.settings("eagerLimit", "-5")));
        assertEquals("rankwire.tcp.eagerLimit : -5 (expected: a byte size 0..2147483614)", e.getMessage());
        assertEquals(48 << 10, new TcpSettings(TcpJob.settings("eagerLimit", "48k")).eagerLimit);
        assertEquals(2 << 20, new TcpSettings(TcpJob.settings("maxFrame", "2M")).maxFrame);
        assertEquals(30_000, new TcpSettings(TcpJob.settings("wireUpTimeoutMs", "30s")).wireUpTimeoutMs);
        assertThrows(IllegalArgumentException.class, () -> new TcpSettings(TcpJob.settings("connect", "sometimes")));
        assertThrows(IllegalArgumentException.class, () -> new TcpSettings(TcpJob.settings("port", "x")));
    }

    private static void exchange(final TcpJob job)
    {
        final int size = 3 << 20;
        final UnsafeBuffer source = new UnsafeBuffer(new byte[size]);
        TcpRendezvousTest.fill(source, 8);
        final MemoryRegion region = job.ranks[1].register(source, 0, size);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[size]);
        assertEquals(ReturnCode.OK, job.ranks[0].postRead(1, region.va(), region.rkey(), size, dst, 0, 4));
        TcpMessagingTest.sendSequence(job.ranks[1], 0, 500, 0);
        final List<TcpJob.Seen> seen = TcpJob.await(job.ranks[0], 501);
        int next = 0;
        for (final TcpJob.Seen s : seen)
        {
            if (s.bytes == null)
            {
                assertEquals(CompletionStatus.SUCCESS, s.status);
                assertEquals(4, s.wrId);
            }
            else
            {
                assertEquals(next++, s.tag());
            }
        }
        assertEquals(500, next);
        assertEquals(TcpRendezvousTest.crc(source, 0, size), TcpRendezvousTest.crc(dst, 0, size));
    }
}
