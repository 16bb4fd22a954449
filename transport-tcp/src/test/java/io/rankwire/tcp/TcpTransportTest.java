package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.TransportProvider;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TcpTransportTest
{
    @Test
    void shouldBeFoundByServiceLoaderUnderItsName()
    {
        final boolean found = ServiceLoader.load(TransportProvider.class).stream()
            .anyMatch(p -> "tcp".equals(p.get().name()));
        assertTrue(found);
    }

    @Test
    void shouldReportNoOffloadAndConfiguredLimits() throws Exception
    {
        try (TcpJob job = new TcpJob(1, TcpJob.settings("eagerLimit", "1000", "maxFrame", "5000")))
        {
            final TcpTransport t = job.ranks[0];
            assertEquals(0, t.capabilities().maxNumTags());
            assertEquals(1000, t.capabilities().eagerLimit());
            assertEquals(4999, t.capabilities().maxMessageSize());
            assertNull(t.offloadPort());
        }
    }

    @Test
    void shouldLeaveNoThreadsBehindWhenClosed() throws Exception
    {
        final TcpJob job = new TcpJob(3, TcpJob.settings("ioThreads", "2", "connect", "eager"));
        final java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        final List<Thread> ours = before.stream()
            .filter(t -> t.getName().startsWith("rankwire-tcp-"))
            .collect(java.util.stream.Collectors.toList());
        assertTrue(ours.size() >= 3, ours.toString());
        assertTrue(ours.stream().allMatch(Thread::isDaemon));
        job.close();
        for (final Thread t : ours)
        {
            t.join(30_000);
            assertTrue(!t.isAlive(), t.getName() + " still running after close()");
        }
    }

    @Test
    void shouldDeliverMessageBetweenTwoRanks() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final UnsafeBuffer msg = TcpJob.message(42, new byte[] {1, 2, 3, 4, 5});
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, msg, 0, 16, msg, 16, 5, 7));
            final List<TcpJob.Seen> seen = TcpJob.await(job.ranks[1], 1);
            assertEquals(CompletionOpcode.RECV, seen.get(0).opcode);
            assertEquals(0, seen.get(0).peer);
            assertEquals(42, seen.get(0).tag());
            assertEquals(21, seen.get(0).bytes.length);
            final byte[] payload = new byte[5];
            System.arraycopy(seen.get(0).bytes, 16, payload, 0, 5);
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, payload);
        }
    }
}
