package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import io.netty.handler.ssl.SslHandler;
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
            assertNotNull(job.ranks[0].channelTo(1).pipeline().get(SslHandler.class));
        }
    }

    @Test
    void shouldWorkWithBusyPollingEventLoops() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("busyPoll", "true")))
        {
            exchange(job);
        }
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
    void shouldRejectBadSettingsNamingTheValue()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new TcpSettings(TcpJob.settings("eagerLimit", "-5")));
        assertEquals("rankwire.tcp.eagerLimit : -5 (expected: 0..1048687)", e.getMessage());
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
