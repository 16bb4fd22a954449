package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The poll a waiting rank makes right before its kernel wait ({@code Transport.pollBeforeWait}):
 * it reads no socket, since the wait watches them all and returns at once for a frame that is
 * already there; the poll after the wait reads it.
 */
class TcpPollBeforeWaitTest
{
    private static final long LONG_WAIT_NS = TimeUnit.SECONDS.toNanos(30);

    @Test
    @Timeout(60)
    void shouldLeaveAnArrivedFrameToTheKernelWaitAndThePollAfterIt() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager")).allDriven())
        {
            final TcpTransport one = connected(job.ranks[1], 0);
            final EngineSession session = one.sessionOf(0);
            final UnsafeBuffer m = TcpJob.message(7, new byte[8]);
            final List<TcpJob.Seen> got = new ArrayList<>();
            try (Selector readable = Selector.open())
            {
                session.socket.register(readable, SelectionKey.OP_READ); // a look at the socket that reads nothing
                for (int i = 0; i < 20; i++)
                {
                    assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, m, 0, 16, m, 16, 8, 0));
                    final long polls = session.polls();
                    readable.selectedKeys().clear();
                    assertEquals(1, readable.select(TimeUnit.NANOSECONDS.toMillis(LONG_WAIT_NS)), "the frame arrives, round " + i);
                    roundAfterArrival(one, session, polls, got, i);
                }
            }
        }
    }

    /** One round once the frame is in the socket: the poll before the wait leaves it, the wait returns at once, the poll after reads it. */
    private static void roundAfterArrival(
        final TcpTransport one, final EngineSession session, final long polls, final List<TcpJob.Seen> got, final int i)
    {
        assertEquals(0, one.pollBeforeWait(c -> got.add(new TcpJob.Seen(c)), 64), "round " + i);
        assertEquals(polls, session.polls(), "no read before the kernel wait, round " + i);
        final long start = System.nanoTime();
        assertTrue(one.awaitActivity(LONG_WAIT_NS));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "the wait returns at once: the frame waits unread");
        assertEquals(1, one.poll(c -> got.add(new TcpJob.Seen(c)), 64), "round " + i);
        assertEquals(i + 1, got.size());
        assertEquals(7, got.get(i).tag());
    }

    @Test
    @Timeout(60)
    void shouldStillWriteWhatWaitsAndDeliverWhatWasReadAlready() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager")).allDriven())
        {
            final TcpTransport zero = connected(job.ranks[0], 1);
            connected(job.ranks[1], 0);
            final int count = 300;
            final byte[] payload = new byte[16 << 10];
            final UnsafeBuffer m = TcpJob.message(3, payload);
            int posted = 0;
            while (posted < count)
            {
                final int rc = zero.postSend(1, m, 0, 16, m, 16, payload.length, 0);
                if (rc == ReturnCode.OK)
                {
                    posted++;
                }
                else
                {
                    assertEquals(ReturnCode.BACK_PRESSURED, rc);
                    zero.pollBeforeWait(c -> { }, 64); // the only progress rank 0 makes: it must write
                    TcpJob.idle();
                }
            }
            final List<TcpJob.Seen> got = new ArrayList<>();
            while (got.size() < count)
            {
                zero.pollBeforeWait(c -> { }, 64);
                final TcpTransport one = job.ranks[1];
                final int before = got.size();
                one.poll(c -> got.add(new TcpJob.Seen(c)), 4); // stops at 4: the rest stays read and not delivered
                if (one.sessionOf(0).hasInput())
                {
                    final int n = one.pollBeforeWait(c -> got.add(new TcpJob.Seen(c)), 64);
                    assertTrue(n > 0, "bytes read already are delivered before the wait");
                }
                if (got.size() == before)
                {
                    TcpJob.idle();
                }
            }
            assertEquals(count, got.size());
            got.forEach(s -> assertEquals(3, s.tag()));
        }
    }

    private static TcpTransport connected(final TcpTransport rank, final int peer)
    {
        while (rank.sessionOf(peer) == null)
        {
            rank.poll(c -> { }, 64);
            TcpJob.idle();
        }
        rank.poll(c -> { }, 64);
        return rank;
    }
}
