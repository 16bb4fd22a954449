package io.rankwire.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.RankStats;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Small standard sends that can go out as one eager frame at once (credits in hand, nothing
 * queued to the peer, a buffer the transport reads in place) skip the runtime's transfer
 * tracking; sends that cannot (no credits, something queued, a staged typed array) take the
 * general path. Both must give the same outcome: complete on return with their status, counted
 * once, and delivered in the order they were sent whatever path each took.
 */
@Timeout(60)
class SimSendAtOnceTest
{
    private static final int TAG = 5;

    @Test
    void shouldCompleteSmallSendsOfEveryBufferKindOnReturnAndCountThemOnce()
    {
        final RankwireConfig config = new RankwireConfig().setAll(Map.of("rankwire.sim.mode", "inline"));
        LocalJob.run(2, "sim", config, Duration.ofSeconds(45), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final RankStats before = rw.stats();
                final Request[] sent = {
                    world.isend(new byte[] {1, 2, 3}, 0, 3, 1, TAG),
                    world.isend(MessageBuffer.of(new UnsafeBuffer(new byte[] {4, 5, 6, 7}), 0, 4), 1, TAG),
                    world.isend(ByteBuffer.allocateDirect(5).put(0, (byte)8), 1, TAG),
                    world.isend(MessageBuffer.of(new int[] {9, 10}, 0, 2), 1, TAG), // staged: the general path
                };
                final int[] bytes = {3, 4, 5, 8};
                for (int i = 0; i < sent.length; i++)
                {
                    assertTrue(sent[i].isDone(), "send " + i + " complete on return");
                    assertEquals(bytes[i], sent[i].await().bytes(), "send " + i);
                }
                world.send(new byte[] {11}, 0, 1, 1, TAG);
                final RankStats after = rw.stats();
                assertEquals(5, after.messagesSent() - before.messagesSent());
                assertEquals(3 + 4 + 5 + 8 + 1, after.bytesSent() - before.bytesSent());
            }
            else
            {
                final MutableStatus status = new MutableStatus();
                final byte[] b = new byte[8];
                world.recv(b, 0, 8, 0, TAG, status);
                assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOf(b, status.bytes()));
                world.recv(b, 0, 8, 0, TAG, status);
                assertArrayEquals(new byte[] {4, 5, 6, 7}, Arrays.copyOf(b, status.bytes()));
                world.recv(b, 0, 8, 0, TAG, status);
                assertEquals(5, status.bytes());
                assertEquals(8, b[0]);
                final int[] ints = new int[2];
                world.recv(MessageBuffer.of(ints, 0, 2), 0, TAG);
                assertArrayEquals(new int[] {9, 10}, ints);
                world.recv(b, 0, 8, 0, TAG, status);
                assertEquals(11, b[0]);
            }
        });
    }

    /**
     * Blocking sends that go out at once never become transfers: each returns with its buffer
     * free to reuse (the receiver gets what the buffer held at the call), counts once, and leaves
     * nothing pending, for every buffer kind the transport reads in place and for a staged one.
     */
    @Test
    void shouldReturnBlockingSendsWithTheirBuffersFreeAndCountThemOnce()
    {
        final RankwireConfig config = new RankwireConfig().setAll(Map.of("rankwire.sim.mode", "inline"));
        LocalJob.run(2, "sim", config, Duration.ofSeconds(45), rw ->
        {
            final Comm world = rw.world();
            final int rounds = 100;
            if (world.rank() == 0)
            {
                final RankStats before = rw.stats();
                final byte[] bytes = new byte[4];
                final UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(4));
                final ByteBuffer heap = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder());
                final int[] ints = new int[1];
                for (int i = 0; i < rounds; i++)
                {
                    new UnsafeBuffer(bytes).putInt(0, 4 * i);
                    world.send(bytes, 0, 4, 1, TAG);
                    Arrays.fill(bytes, (byte)-1);
                    direct.putInt(0, 4 * i + 1);
                    world.send(MessageBuffer.of(direct, 0, 4), 1, TAG);
                    direct.putInt(0, -1);
                    heap.putInt(0, 4 * i + 2);
                    world.send(heap, 1, TAG);
                    heap.putInt(0, -1);
                    ints[0] = 4 * i + 3;
                    world.send(MessageBuffer.of(ints, 0, 1), 1, TAG);
                    ints[0] = -1;
                }
                final RankStats after = rw.stats();
                assertEquals(4 * rounds, after.messagesSent() - before.messagesSent());
                assertEquals(16L * rounds, after.bytesSent() - before.bytesSent());
                assertEquals(0, after.activeOperations());
            }
            else
            {
                final UnsafeBuffer got = new UnsafeBuffer(new byte[4]);
                final MutableStatus status = new MutableStatus();
                for (int i = 0; i < 4 * rounds; i++)
                {
                    world.recv(MessageBuffer.of(got, 0, 4), 0, TAG, status);
                    assertEquals(4, status.bytes());
                    assertEquals(i, got.getInt(0), "message " + i);
                }
            }
        });
    }

    /**
     * A flood past the receiver's credits, alternating sends that can go at once with staged ones
     * that never do, while the receiver drains slowly: credits run out and come back many times,
     * sends queue and leave the queue, and every message still arrives in order.
     */
    @Test
    void shouldKeepSendOrderAcrossBothPathsWhileCreditsComeAndGo()
    {
        final int messages = 5_000;
        final RankwireConfig config = new RankwireConfig().setAll(Map.of(
            "rankwire.sim.mode", "inline", "rankwire.credits", "4", "rankwire.creditWaitMicros", "0"));
        LocalJob.run(2, "sim", config, Duration.ofSeconds(45), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final byte[] bytes = new byte[4];
                final int[] ints = new int[1];
                for (int i = 0; i < messages; i++)
                {
                    if ((i & 1) == 0)
                    {
                        new UnsafeBuffer(bytes).putInt(0, i);
                        world.send(bytes, 0, 4, 1, TAG);
                    }
                    else
                    {
                        ints[0] = i;
                        world.send(MessageBuffer.of(ints, 0, 1), 1, TAG);
                    }
                }
            }
            else
            {
                final UnsafeBuffer got = new UnsafeBuffer(new byte[4]);
                final int[] ints = new int[1];
                final MutableStatus status = new MutableStatus();
                for (int i = 0; i < messages; i++)
                {
                    if (i % 64 == 0)
                    {
                        LockSupport.parkNanos(200_000); // let the sender run out of credits
                    }
                    final int value;
                    if ((i & 1) == 0)
                    {
                        world.recv(MessageBuffer.of(got, 0, 4), 0, TAG, status);
                        value = got.getInt(0);
                    }
                    else
                    {
                        world.recv(MessageBuffer.of(ints, 0, 1), 0, TAG);
                        value = ints[0];
                    }
                    assertEquals(i, value, "message " + i + " in order");
                }
            }
        });
    }
}
