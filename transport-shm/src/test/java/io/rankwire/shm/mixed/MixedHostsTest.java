package io.rankwire.shm.mixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.conformance.ArrayBuffers;

/**
 * Jobs whose ranks sit on two fake hosts ({@code rankwire.hostId}): which transport carries each
 * pair, that the other one carries none of its messages, and the refusals.
 */
class MixedHostsTest extends ShmDirCase
{
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private RankwireConfig config(final String hostIds)
    {
        return new RankwireConfig().setAll(Map.of("rankwire.hostId", hostIds, "rankwire.shm.dir", shmDir.toString()));
    }

    private static long counter(final Rankwire rw, final String name)
    {
        final Long v = rw.stats().transportCounters().get(name);
        assertTrue(v != null, "counter " + name + " in " + rw.stats().transportCounters());
        return v;
    }

    @Test
    @Timeout(120)
    void shouldCarryPairsOfOneHostOverShmAndTheOthersOverTcp()
    {
        LocalJob.run(4, "auto", config("a,a,b,b"), TIMEOUT, rw ->
        {
            final Comm world = rw.world();
            final int me = world.rank();
            final int partner = me ^ 1;
            final int far = me ^ 2;
            for (int p = 0; p < 4; p++)
            {
                assertEquals(p / 2 == me / 2 ? "shm" : "tcp", rw.transportOf(p), "rank " + me + " -> " + p);
            }
            assertEquals(2L, counter(rw, "shm.peers"));
            assertEquals(2L, counter(rw, "tcp.peers"));
            assertEquals(16384, rw.eagerLimit(), "the smaller of shm's and tcp's eager limits");

            exchange(world, partner, 20);
            assertEquals(0L, counter(rw, "tcp.messagesSent"), "nothing went to the other host yet");
            final long shmAfterPartner = counter(rw, "shm.messagesSent");
            assertTrue(shmAfterPartner >= 21, "shm messages: " + shmAfterPartner);

            exchange(world, far, 20);
            assertTrue(counter(rw, "tcp.messagesSent") >= 21, "tcp messages: " + counter(rw, "tcp.messagesSent"));
            assertTrue(counter(rw, "tcp.completions") >= 21, "tcp completions: " + counter(rw, "tcp.completions"));

            final ByteBuffer shared = rw.allocate(3 << 20);
            for (int i = 0; i < shared.capacity(); i++)
            {
                shared.put(i, (byte)(i * 31 + me));
            }
            for (final int peer : new int[] {partner, far, me})
            {
                final byte[] in = new byte[shared.capacity()];
                final Request r = world.irecv(in, 0, in.length, peer == me ? me : peer, 9);
                world.send(shared, peer, 9);
                r.await();
                for (int i = 0; i < in.length; i += 4099)
                {
                    assertEquals((byte)(i * 31 + peer), in[i], "byte " + i + " from rank " + peer);
                }
            }
            rw.free(shared);
            world.barrier();
        });
    }

    /**
     * {@code rounds} round trips with {@code peer} of an eager message, then one of 1 MiB
     * (rendezvous): at least {@code rounds + 1} messages from each side.
     */
    private static void exchange(final Comm world, final int peer, final int rounds)
    {
        final byte[] small = new byte[8];
        final byte[] smallIn = new byte[8];
        final byte[] large = new byte[1 << 20];
        final byte[] largeIn = new byte[1 << 20];
        for (int i = 0; i < rounds; i++)
        {
            small[0] = (byte)i;
            large[i] = (byte)(world.rank() + i);
            world.sendrecv(small, 0, 8, peer, 1, smallIn, 0, 8, peer, 1);
            assertEquals((byte)i, smallIn[0]);
        }
        world.sendrecv(large, 0, large.length, peer, 2, largeIn, 0, largeIn.length, peer, 2);
        for (int i = 0; i < rounds; i++)
        {
            assertEquals((byte)(peer + i), largeIn[i]);
        }
    }

    @Test
    @Timeout(60)
    void shouldOpenPlainShmWhenEveryRankIsOnOneHost()
    {
        LocalJob.run(2, "auto", config("same"), TIMEOUT, rw ->
        {
            assertEquals("shm", rw.transportOf(0));
            assertEquals("shm", rw.transportOf(1));
            assertFalse(rw.stats().transportCounters().containsKey("shm.peers"), "no composite");
            final int[] got = new int[1];
            rw.world().sendrecv(MessageBuffer.of(new int[] {rw.rank()}, 0, 1), 1 - rw.rank(), 3, MessageBuffer.of(got, 0, 1),
                1 - rw.rank(), 3);
            assertEquals(1 - rw.rank(), got[0]);
        });
    }

    @Test
    @Timeout(60)
    void shouldOpenPlainTcpWhenNoTwoRanksShareAHost()
    {
        LocalJob.run(2, "auto", config("@1"), TIMEOUT, rw ->
        {
            assertEquals("tcp", rw.transportOf(0));
            assertEquals("tcp", rw.transportOf(1));
            assertFalse(rw.stats().transportCounters().containsKey("tcp.peers"), "no composite");
            final int[] got = new int[1];
            rw.world().sendrecv(MessageBuffer.of(new int[] {rw.rank()}, 0, 1), 1 - rw.rank(), 3, MessageBuffer.of(got, 0, 1),
                1 - rw.rank(), 3);
            assertEquals(1 - rw.rank(), got[0]);
        });
    }

    @Test
    @Timeout(60)
    void shouldCarryEveryPeerOverTcpWhenForced()
    {
        LocalJob.run(2, "tcp", config("a,a"), TIMEOUT, rw ->
        {
            assertEquals("tcp", rw.transportOf(1 - rw.rank()));
            assertEquals("tcp", rw.transportOf(rw.rank()));
        });
    }

    @Test
    @Timeout(60)
    void shouldRefuseShmForRanksOfTwoHostsNamingTheRankAndItsHost() throws Exception
    {
        final RankwireException e = assertThrows(RankwireException.class,
            () -> LocalJob.run(4, "shm", config("a,a,b,b"), TIMEOUT, rw -> rw.world().barrier()));
        final String message = String.valueOf(e.getMessage());
        assertTrue(message.matches("(?s).*rank [0-3] runs on host 'fake:[ab]' \\(expected: 'fake:[ab]', the host of rank [0-3];" +
            " the shm transport connects the ranks of one host.*"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a,b,c", "a,,b", "a b", "@0", "@x", "a/b"})
    @Timeout(60)
    void shouldRefuseABadHostId(final String value)
    {
        final RankwireException e = assertThrows(RankwireException.class,
            () -> LocalJob.run(2, "auto", config(value), TIMEOUT, rw -> rw.world().barrier()));
        final String message = String.valueOf(e.getMessage());
        assertTrue(message.contains("rankwire.hostId : " + value + " (expected: one host name, "),
            message);
    }

    @Test
    void shouldRefuseABadAutoSetting()
    {
        final RankwireException e = assertThrows(RankwireException.class, () -> LocalJob.run(1, "auto",
            new RankwireConfig().setAll(Map.of("rankwire.auto.composite", "sometimes")), TIMEOUT, rw -> { }));
        assertTrue(e.getMessage().contains("rankwire.auto.composite : sometimes (expected: needed or always)"),
            e.getMessage());
    }

    @Test
    void shouldKeepTheValuesOfOneRankAcrossTheComposite()
    {
        final int[][] seen = new int[4][];
        LocalJob.run(4, "auto", config("@2"), TIMEOUT, rw ->
        {
            final int[] all = new int[4];
            rw.world().allGather(ArrayBuffers.of(new int[] {rw.rank() * 10}, 0, 1),
                ArrayBuffers.blocks(all, 0, 1, rw.world().size()));
            seen[rw.rank()] = all;
        });
        for (final int[] s : seen)
        {
            assertArrayEquals(new int[] {0, 10, 20, 30}, s);
        }
    }
}
