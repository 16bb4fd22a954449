package io.rankwire.tcp.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;
import io.rankwire.conformance.ConformanceSuite;

/**
 * The conformance suite over TCP with tiny per-peer send queues and inbound queue, so posts are
 * refused with BACK_PRESSURED all the time and the runtime's retry queues (sends in per-peer
 * order, control messages, FINs, rendezvous reads) carry the traffic.
 */
class TcpBackPressureConformanceTest extends ConformanceSuite
{
    @Override
    protected String transport()
    {
        return "tcp";
    }

    @Override
    protected Map<String, String> settings()
    {
        return Map.of(
            "rankwire.tcp.bind", "127.0.0.1",
            "rankwire.tcp.sendQueue", "4",
            "rankwire.tcp.inboundQueue", "16");
    }

    /**
     * 24 MiB of eager messages to a receiver that does not call in: more than its inbound queue
     * and the kernel's socket buffers hold, so the sender's posts are refused and retried, and
     * every message still arrives in order once the receiver starts receiving.
     */
    @Test
    @Timeout(90)
    void shouldRetryRefusedSendsInOrder()
    {
        final CountDownLatch posted = new CountDownLatch(1);
        final int count = 384;
        final int length = 65536;
        final RankwireConfig config = config().credits(1 << 16).unexpectedBytes(1L << 30);
        run(2, config, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final Request[] reqs = new Request[count];
                for (int i = 0; i < count; i++)
                {
                    final byte[] b = new byte[length];
                    ByteBuffer.wrap(b).putInt(0, i);
                    reqs[i] = world.isend(b, 0, length, 1, 1);
                }
                posted.countDown();
                Request.waitAll(reqs);
                assertTrue(rw.stats().backPressured() > 0, rw.stats().toString());
            }
            else
            {
                posted.await();
                final byte[] b = new byte[length];
                for (int i = 0; i < count; i++)
                {
                    final Status s = world.recv(b, 0, length, 0, 1);
                    assertEquals(length, s.bytes());
                    assertEquals(i, ByteBuffer.wrap(b).getInt(0));
                }
            }
        });
    }
}
