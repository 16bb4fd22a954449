package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.RankStats;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * Small standard-mode sends complete locally whatever the eager credits, as in every mainstream
 * MPI, while the receiver's unexpected memory stays bounded. One subclass per transport.
 *
 * <p>The burst pattern: ranks 1..3 each send 20-80 messages of 12 bytes to rank 0 in one burst
 * of blocking sends; rank 0 has posted exact receives for most of them and waits for those, and
 * takes the few others (tagged apart, at random places in each burst) only afterwards with
 * {@code ANY_SOURCE}/{@code ANY_TAG}. A sender that blocked on one of those late messages would
 * hold back every later message, including those rank 0 waits for. Rounds are seeded (the plan
 * of every round comes from one {@link SplittableRandom} every rank draws alike) and run
 * {@code rankwire.test.burstRounds} times (default 1,000) per credit setting.
 */
public abstract class SmallSendConformance
{
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(240);
    private static final int ROUNDS = Integer.getInteger("rankwire.test.burstRounds", 1000);
    private static final int SENDERS = 3;
    private static final int LENGTH = 12;
    private static final int LATE_TAG = 1000;
    private static final long SEED = 0x5EED_17L;

    /** The transport's name. */
    protected abstract String transport();

    /** Extra {@code rankwire.*} settings for every job. */
    protected Map<String, String> settings()
    {
        return Map.of();
    }

    private RankwireConfig config()
    {
        return new RankwireConfig().setAll(settings());
    }

    @Test
    void shouldCompleteBurstsWithLateWildcardReceivesWithTheDefaultCredits()
    {
        bursts(config(), SEED);
    }

    @Test
    void shouldCompleteBurstsWithLateWildcardReceivesWithOneCredit()
    {
        final RankStats[] stats = bursts(config().credits(1), SEED + 1);
        assertTrue(stats[1].sendsBuffered() > 0, "the fallback was exercised: " + stats[1]);
    }

    @Test
    void shouldCompleteBurstsWithLateWildcardReceivesWithEightCredits()
    {
        bursts(config().credits(8), SEED + 8);
    }

    /**
     * Runs {@link #ROUNDS} seeded rounds of the burst pattern on 4 ranks; returns every rank's
     * counters at the end.
     */
    private RankStats[] bursts(final RankwireConfig config, final long seed)
    {
        final RankStats[] stats = new RankStats[SENDERS + 1];
        LocalJob.run(SENDERS + 1, transport(), config, JOB_TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            final SplittableRandom random = new SplittableRandom(seed);
            for (int round = 0; round < ROUNDS; round++)
            {
                final boolean[][] late = plan(random);
                if (world.rank() == 0)
                {
                    receiveRound(world, round, late);
                    final RankStats s = rw.stats();
                    assertTrue(s.unexpectedBytesHighWater() <= s.unexpectedBytesBound(), "round " + round + ": " + s);
                }
                else
                {
                    sendRound(world, round, late[world.rank()]);
                }
                world.barrier();
            }
            final RankStats s = rw.stats();
            assertEquals(0, s.sendBufferWaits(), "the send buffer never filled: " + s);
            assertTrue(s.sendBufferHighWater() <= s.sendBufferBound(), s.toString());
            stats[world.rank()] = s;
        });
        return stats;
    }

    /** Per sender, which messages of its burst are received late (1 to 5 of them, anywhere). */
    private static boolean[][] plan(final SplittableRandom random)
    {
        final boolean[][] late = new boolean[SENDERS + 1][];
        for (int s = 1; s <= SENDERS; s++)
        {
            final int count = 20 + random.nextInt(61);
            late[s] = new boolean[count];
            final int lateCount = 1 + random.nextInt(5);
            for (int k = 0; k < lateCount; k++)
            {
                late[s][random.nextInt(count)] = true;
            }
        }
        return late;
    }

    private static void sendRound(final Comm world, final int round, final boolean[] late)
    {
        final byte[] b = new byte[LENGTH];
        final ByteBuffer view = ByteBuffer.wrap(b);
        for (int i = 0; i < late.length; i++)
        {
            view.putInt(0, round).putInt(4, world.rank()).putInt(8, i);
            world.send(b, 0, LENGTH, 0, late[i] ? LATE_TAG + i : i);
        }
    }

    private static void receiveRound(final Comm world, final int round, final boolean[][] late)
    {
        int onTime = 0;
        int lateCount = 0;
        for (int s = 1; s <= SENDERS; s++)
        {
            for (final boolean l : late[s])
            {
                if (l)
                {
                    lateCount++;
                }
                else
                {
                    onTime++;
                }
            }
        }
        final Request[] requests = new Request[onTime];
        final byte[][] buffers = new byte[onTime][];
        final int[][] expected = new int[onTime][];
        int r = 0;
        for (int s = 1; s <= SENDERS; s++)
        {
            for (int i = 0; i < late[s].length; i++)
            {
                if (!late[s][i])
                {
                    buffers[r] = new byte[LENGTH + 1];
                    expected[r] = new int[] {s, i};
                    requests[r] = world.irecv(buffers[r], 0, LENGTH + 1, s, i);
                    r++;
                }
            }
        }
        final Status[] statuses = Request.waitAll(requests);
        for (int k = 0; k < onTime; k++)
        {
            assertEquals(LENGTH, statuses[k].bytes());
            assertPayload(buffers[k], round, expected[k][0], expected[k][1]);
        }
        final int[] lastLate = {-1, -1, -1, -1};
        final byte[] b = new byte[LENGTH + 1];
        for (int k = 0; k < lateCount; k++)
        {
            final Status st = world.recv(b, 0, LENGTH + 1, Comm.ANY_SOURCE, Comm.ANY_TAG);
            final int index = st.tag() - LATE_TAG;
            assertEquals(LENGTH, st.bytes());
            assertTrue(late[st.source()][index], "round " + round + ": message " + index + " of " + st.source() + " is late");
            assertTrue(index > lastLate[st.source()], "round " + round + ": late messages of " + st.source() + " in send order");
            lastLate[st.source()] = index;
            assertPayload(b, round, st.source(), index);
        }
    }

    private static void assertPayload(final byte[] b, final int round, final int source, final int index)
    {
        final ByteBuffer view = ByteBuffer.wrap(b);
        assertEquals(round, view.getInt(0), "round");
        assertEquals(source, view.getInt(4), "source");
        assertEquals(index, view.getInt(8), "index");
        assertEquals(0, b[LENGTH], "no byte written past the message");
    }

    /**
     * Past {@code rankwire.sendBufferBytes} a small send waits, and is counted: with one credit and
     * room for four 12-byte copies, of ten nonblocking sends to a receiver that has posted nothing
     * for them the first goes eagerly, the next four complete from copies and the last five stay
     * pending until the receiver takes them (it holds the one credit in an unexpected message, so
     * they go by rendezvous and complete when it has read them).
     */
    @Test
    void shouldWaitForTheMatchOnlyPastTheSendBufferBoundAndCountTheWaits()
    {
        final int sends = 10;
        final long copy = LENGTH + RankwireConfig.SEND_BUFFER_COPY_OVERHEAD;
        final RankwireConfig config = config().credits(1).sendBufferBytes(4 * copy);
        LocalJob.run(2, transport(), config, JOB_TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 1)
            {
                final Request[] requests = new Request[sends];
                for (int i = 0; i < sends; i++)
                {
                    final byte[] b = new byte[LENGTH];
                    ByteBuffer.wrap(b).putInt(8, i);
                    requests[i] = world.isend(b, 0, LENGTH, 0, 1);
                }
                for (int i = 0; i < sends; i++)
                {
                    assertEquals(i < 5, requests[i].test(), "send " + i + " complete");
                }
                final RankStats held = rw.stats();
                assertEquals(4, held.sendsBuffered(), held.toString());
                assertEquals(5, held.sendBufferWaits(), held.toString());
                assertEquals(4 * copy, held.sendBufferBytes(), held.toString());
                assertEquals(4 * copy, held.sendBufferHighWater(), held.toString());
                assertEquals(4 * copy, held.sendBufferBound(), held.toString());
                world.send(new byte[1], 0, 1, 0, 2);
                Request.waitAll(requests);
                world.barrier();
                final RankStats after = rw.stats();
                assertEquals(0, after.sendBufferBytes(), "every copy released once read: " + after);
                assertEquals(4 * copy, after.sendBufferHighWater(), after.toString());
            }
            else
            {
                world.recv(new byte[1], 0, 1, 1, 2);
                final byte[] b = new byte[LENGTH];
                for (int i = 0; i < sends; i++)
                {
                    world.recv(b, 0, LENGTH, 1, 1);
                    assertEquals(i, ByteBuffer.wrap(b).getInt(8), "send order");
                }
                world.barrier();
            }
        });
    }

    /**
     * A flood of blocking small sends to a receiver that receives nothing until every sender has
     * finished: every send completes locally, the receiver's buffered eager bytes never pass
     * their bound at any point, and every message arrives intact and in order per sender.
     */
    @Test
    void shouldKeepTheReceiversUnexpectedBytesWithinTheirBoundDuringAFloodOfBlockingSends()
    {
        final int senders = 3;
        final int perSender = 2000;
        final int length = 1000;
        final RankwireConfig config = config().unexpectedBytes(64 * 1024).credits(8);
        LocalJob.run(senders + 1, transport(), config, JOB_TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                for (int i = 0; i < senders; i++)
                {
                    world.recv(new byte[0], 0, 0, Comm.ANY_SOURCE, 2);
                    assertWithinBound(rw.stats());
                }
                final int[] next = new int[senders + 1];
                final byte[] b = new byte[length];
                for (int i = 0; i < senders * perSender; i++)
                {
                    final Status s = world.recv(b, 0, length, Comm.ANY_SOURCE, 1);
                    assertEquals(length, s.bytes());
                    final ByteBuffer view = ByteBuffer.wrap(b);
                    assertEquals(next[s.source()]++, view.getInt(0), "order from " + s.source());
                    assertEquals(s.source(), view.getInt(4));
                    assertEquals((byte)(s.source() + view.getInt(0)), b[length - 1]);
                    if (i % 512 == 0)
                    {
                        assertWithinBound(rw.stats());
                    }
                }
                assertWithinBound(rw.stats());
                assertEquals(0, rw.unexpectedBytes());
            }
            else
            {
                final byte[] b = new byte[length];
                final ByteBuffer view = ByteBuffer.wrap(b);
                for (int i = 0; i < perSender; i++)
                {
                    view.putInt(0, i).putInt(4, world.rank());
                    b[length - 1] = (byte)(world.rank() + i);
                    world.send(b, 0, length, 0, 1);
                }
                final RankStats s = rw.stats();
                assertTrue(s.sendsBuffered() > 0, "sends completed from copies: " + s);
                assertEquals(0, s.sendBufferWaits(), s.toString());
                world.send(new byte[0], 0, 0, 0, 2);
            }
        });
    }

    private static void assertWithinBound(final RankStats s)
    {
        assertTrue(s.unexpectedBytes() <= s.unexpectedBytesBound(), s.toString());
        assertTrue(s.unexpectedBytesHighWater() <= s.unexpectedBytesBound(), s.toString());
        assertFalse(s.unexpectedBytesBound() > 64 * 1024, s.toString());
    }
}
