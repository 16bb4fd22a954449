package io.rankwire.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * Random traffic (eager and rendezvous sizes, specific and ANY_TAG receives posted before and
 * after the messages arrive, cancels, ANY_SOURCE draining) through the runtime on the scheduled
 * simulator with offload, over many seeds: every message arrives once, intact, in its sender's
 * order. A failure names the seed, which replays it.
 */
class SimScheduledSeedSweepTest
{
    private static final int SENDERS = 2;
    private static final int PER_SENDER = 48;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    @Timeout(60)
    void shouldDeliverEveryMessageOnceInOrder(final long seed)
    {
        final RankwireConfig config = new RankwireConfig()
            .set("rankwire.sim.mode", "scheduled")
            .set("rankwire.sim.seed", Long.toString(seed))
            .set("rankwire.sim.maxNumTags", "8")
            .offloadMinBytes(0)
            .credits(4);
        LocalJob.run(SENDERS + 1, "sim", config, Duration.ofSeconds(45), rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            if (world.rank() == 0)
            {
                receive(world, seed, eager);
            }
            else
            {
                send(world, seed, eager);
            }
        });
    }

    private static int[] sizes(final long seed, final int sender, final int eager)
    {
        final Random r = new Random(seed * 31 + sender);
        final int[] sizes = new int[PER_SENDER];
        for (int i = 0; i < PER_SENDER; i++)
        {
            final int kind = r.nextInt(4);
            sizes[i] = kind == 0 ? 8 : kind == 1 ? 8 + r.nextInt(eager) : kind == 2 ? eager + 1 + r.nextInt(2 * eager) : 8 + r.nextInt(64);
        }
        return sizes;
    }

    private static int tagOf(final long seed, final int sender, final int i)
    {
        return (int)((seed + sender * 7 + i * 13) % 3);
    }

    private static byte[] payload(final int sender, final int i, final int size)
    {
        final byte[] b = new byte[size];
        final ByteBuffer bb = ByteBuffer.wrap(b);
        bb.putInt(0, sender).putInt(4, i);
        for (int k = 8; k < size; k++)
        {
            b[k] = (byte)(sender * 31 + i * 7 + k);
        }
        return b;
    }

    private static void send(final Comm world, final long seed, final int eager)
    {
        final int me = world.rank();
        final int[] sizes = sizes(seed, me, eager);
        final Request[] reqs = new Request[PER_SENDER];
        final Random r = new Random(seed * 17 + me);
        for (int i = 0; i < PER_SENDER; i++)
        {
            final byte[] b = payload(me, i, sizes[i]);
            reqs[i] = r.nextInt(5) == 0 ?
                world.issend(b, 0, b.length, 0, tagOf(seed, me, i)) :
                world.isend(b, 0, b.length, 0, tagOf(seed, me, i));
            if (i == PER_SENDER / 2)
            {
                world.barrier();
            }
        }
        Request.waitAll(reqs);
        world.barrier();
        for (int i = 0; i < PER_SENDER; i++)
        {
            final byte[] b = payload(me, i, 16);
            world.send(b, 0, b.length, 0, 5);
        }
    }

    private static void receive(final Comm world, final long seed, final int eager)
    {
        final Random r = new Random(seed);
        final byte[][][] bufs = new byte[SENDERS + 1][PER_SENDER][];
        final Request[][] reqs = new Request[SENDERS + 1][PER_SENDER];
        final int[][] sizes = new int[SENDERS + 1][];
        final Request never = world.irecv(new byte[64], 0, 64, 1, 999);
        for (int s = 1; s <= SENDERS; s++)
        {
            sizes[s] = sizes(seed, s, eager);
        }
        for (int i = 0; i < PER_SENDER; i++)
        {
            if (i == PER_SENDER / 2)
            {
                world.barrier();
            }
            for (int s = 1; s <= SENDERS; s++)
            {
                bufs[s][i] = new byte[sizes[s][i] + r.nextInt(3)];
                final int tag = r.nextBoolean() ? Comm.ANY_TAG : tagOf(seed, s, i);
                reqs[s][i] = world.irecv(bufs[s][i], 0, bufs[s][i].length, s, tag);
            }
        }
        never.cancel();
        assertTrue(never.await().cancelled(), "seed " + seed);
        for (int s = 1; s <= SENDERS; s++)
        {
            for (int i = 0; i < PER_SENDER; i++)
            {
                final Status st = reqs[s][i].await();
                assertEquals(sizes[s][i], st.bytes(), "seed " + seed + " sender " + s + " message " + i);
                assertEquals(tagOf(seed, s, i), st.tag(), "seed " + seed);
                assertArrayEquals(payload(s, i, sizes[s][i]), Arrays.copyOf(bufs[s][i], sizes[s][i]), "seed " + seed);
            }
        }
        world.barrier();
        final int[] next = new int[SENDERS + 1];
        for (int k = 0; k < SENDERS * PER_SENDER; k++)
        {
            final byte[] b = new byte[16];
            final Status st = world.recv(b, 0, 16, Comm.ANY_SOURCE, Comm.ANY_TAG);
            final ByteBuffer bb = ByteBuffer.wrap(b);
            assertEquals(st.source(), bb.getInt(0), "seed " + seed);
            assertEquals(next[st.source()]++, bb.getInt(4), "seed " + seed + ": order from " + st.source());
        }
    }
}
