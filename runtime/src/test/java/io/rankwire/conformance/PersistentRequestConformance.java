package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.PersistentRequest;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;

/**
 * Persistent requests and the allocation-free call forms, part of the conformance suite every
 * transport runs ({@link ConformanceSuite} extends this class). The allocation tests count the
 * bytes each rank's thread allocates ({@link Allocations}) and require none where the
 * transport itself allocates nothing per message (the simulated NIC in inline mode, see
 * {@link #allocationFree()}); elsewhere they still check every payload.
 */
abstract class PersistentRequestConformance
{
    private static final int SMALL = 64;
    private static final Duration LONG_JOB_TIMEOUT = Duration.ofSeconds(150);

    protected abstract String transport();

    protected abstract Map<String, String> settings();

    protected abstract void run(int n, LocalJob.RankBody body);

    protected abstract RankwireConfig config();

    /** Runs an allocation test's job: thousands of round trips, so a longer limit on a loaded host. */
    private void runLong(final LocalJob.RankBody body)
    {
        LocalJob.run(2, transport(), config(), LONG_JOB_TIMEOUT, body);
    }

    /** True when the transport allocates nothing per message, so the runtime's calls must not either. */
    protected boolean allocationFree()
    {
        return "sim".equals(transport()) && "inline".equals(settings().get("rankwire.sim.mode"));
    }

    /** Warm-up rounds of the allocation tests (none where only payloads are checked). */
    private int warmUpRounds()
    {
        return allocationFree() ? 5_000 : 0;
    }

    /** Measured rounds of the allocation tests. */
    private int measuredRounds()
    {
        return allocationFree() ? 10_000 : Allocations.WINDOW;
    }

    private static void fill(final byte[] b, final int round)
    {
        for (int i = 0; i < b.length; i++)
        {
            b[i] = (byte)(round * 31 + i);
        }
    }

    private static void fill(final int[] b, final int round)
    {
        for (int i = 0; i < b.length; i++)
        {
            b[i] = round * 1_000_003 + i;
        }
    }

    @Test
    @Timeout(90)
    void shouldRunPersistentSendsAndReceivesForAThousandRounds()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[] small = new byte[SMALL];
            final int[] large = new int[rw.eagerLimit() / 4 + 16];
            final MutableStatus st = new MutableStatus();
            final PersistentRequest smallReq;
            final PersistentRequest largeReq;
            if (world.rank() == 0)
            {
                smallReq = world.sendInit(small, 0, SMALL, peer, 3);
                largeReq = world.ssendInit(MessageBuffer.of(large, 0, large.length), peer, 4);
            }
            else
            {
                smallReq = world.recvInit(small, 0, SMALL, peer, 3);
                largeReq = world.recvInit(MessageBuffer.of(large, 0, large.length), peer, 4);
            }
            assertFalse(smallReq.isActive());
            for (int round = 0; round < 1000; round++)
            {
                final boolean withLarge = round % 50 == 0;
                if (world.rank() == 0)
                {
                    fill(small, round);
                    fill(large, round);
                }
                else
                {
                    Arrays.fill(small, (byte)0);
                    Arrays.fill(large, 0);
                }
                smallReq.start();
                assertTrue(smallReq.isActive());
                if (withLarge)
                {
                    largeReq.start();
                    largeReq.await(st);
                    assertEquals(large.length * 4, st.bytes(), "large bytes, round " + round);
                }
                final Status s = smallReq.await();
                assertFalse(smallReq.isActive());
                assertEquals(SMALL, s.bytes(), "round " + round);
                if (world.rank() == 1)
                {
                    assertEquals(0, s.source());
                    assertEquals(3, s.tag());
                    final byte[] expected = new byte[SMALL];
                    fill(expected, round);
                    assertArrayEquals(expected, small, "small payload, round " + round);
                    if (withLarge)
                    {
                        final int[] expectedLarge = new int[large.length];
                        fill(expectedLarge, round);
                        assertArrayEquals(expectedLarge, large, "large payload, round " + round);
                    }
                }
            }
            smallReq.close();
            largeReq.close();
        });
    }

    @Test
    @Timeout(60)
    void shouldStartAllAndWaitAllIntoMutableStatuses()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final ByteBuffer heap = ByteBuffer.allocate(24);
            final ByteBuffer direct = ByteBuffer.allocateDirect(40);
            final UnsafeBuffer agrona = new UnsafeBuffer(new byte[56]);
            final long[] longs = new long[9];
            final PersistentRequest[] reqs;
            if (world.rank() == 0)
            {
                reqs = new PersistentRequest[] {
                    world.sendInit(heap, peer, 1), world.ssendInit(direct, peer, 2),
                    world.sendInit(MessageBuffer.of(agrona, 0, 56), peer, 3), world.sendInit(MessageBuffer.of(longs, 0, 9), peer, 4)};
            }
            else
            {
                reqs = new PersistentRequest[] {
                    world.recvInit(heap, peer, 1), world.recvInit(direct, peer, 2),
                    world.recvInit(MessageBuffer.of(agrona, 0, 56), peer, 3), world.recvInit(MessageBuffer.of(longs, 0, 9), peer, 4)};
            }
            final MutableStatus[] statuses = {new MutableStatus(), new MutableStatus(), new MutableStatus(), new MutableStatus()};
            final int[] sizes = {24, 40, 56, 72};
            for (int round = 0; round < 50; round++)
            {
                if (world.rank() == 0)
                {
                    heap.put(0, (byte)round);
                    direct.put(39, (byte)(round + 1));
                    agrona.putByte(55, (byte)(round + 2));
                    longs[8] = round + 3L;
                }
                PersistentRequest.startAll(reqs);
                Request.waitAll(statuses, reqs);
                for (int i = 0; i < reqs.length; i++)
                {
                    assertFalse(reqs[i].isActive(), "request " + i + " inactive after waitAll");
                    assertEquals(sizes[i], statuses[i].bytes(), "bytes of request " + i);
                    if (world.rank() == 1)
                    {
                        assertEquals(i + 1, statuses[i].tag());
                        assertEquals(0, statuses[i].source());
                    }
                }
                if (world.rank() == 1)
                {
                    assertEquals((byte)round, heap.get(0));
                    assertEquals((byte)(round + 1), direct.get(39));
                    assertEquals((byte)(round + 2), agrona.getByte(55));
                    assertEquals(round + 3L, longs[8]);
                }
                assertEquals(0, heap.position(), "positions never move");
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRejectStartingAnActiveRequestAndStartNoneOfABadStartAll()
    {
        run(1, rw ->
        {
            final Comm world = rw.world();
            final byte[] in = new byte[8];
            final PersistentRequest recv = world.recvInit(in, 0, 8, 0, 5);
            final PersistentRequest other = world.recvInit(new byte[8], 0, 8, 0, 6);
            recv.start();
            final IllegalStateException e = assertThrows(IllegalStateException.class, recv::start);
            assertEquals("request : active (expected: an inactive persistent request)", e.getMessage());
            final IllegalStateException all = assertThrows(IllegalStateException.class,
                () -> PersistentRequest.startAll(other, recv));
            assertTrue(all.getMessage().startsWith("requests[1] : active"), all.getMessage());
            assertFalse(other.isActive(), "startAll started nothing");

            world.send(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0, 8, 0, 5);
            assertEquals(8, recv.await().bytes());
            assertFalse(recv.isActive());
            assertEquals(8, in[7]);
            assertTrue(recv.test(), "an inactive request tests complete");
            recv.start();
            world.send(new byte[] {9, 9, 9, 9, 9, 9, 9, 9}, 0, 8, 0, 5);
            assertEquals(8, recv.await().bytes());
            assertEquals(9, in[0]);
            recv.close();
            other.close();
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteRoundsByTestAllTestAnyAndWaitAny()
    {
        run(1, rw ->
        {
            final Comm world = rw.world();
            final byte[] in = new byte[4];
            final byte[] out = {1, 2, 3, 4};
            final PersistentRequest[] both = {world.recvInit(in, 0, 4, 0, 8), world.sendInit(out, 0, 4, 0, 8)};
            final MutableStatus st = new MutableStatus();
            for (int round = 0; round < 20; round++)
            {
                out[0] = (byte)round;
                PersistentRequest.startAll(both);
                switch (round % 3)
                {
                    case 0:
                        while (!Request.testAll(both))
                        {
                            Thread.yield();
                        }
                        break;
                    case 1:
                        int done = 0;
                        while (done < 2)
                        {
                            final int i = Request.testAny(both);
                            if (i >= 0 && both[i].isActive())
                            {
                                throw new AssertionError("testAny returned request " + i + " still active");
                            }
                            done = (both[0].isActive() ? 0 : 1) + (both[1].isActive() ? 0 : 1);
                            Thread.yield();
                        }
                        assertEquals(-1, Request.testAny(both), "inactive requests are skipped");
                        break;
                    default:
                        final int first = Request.waitAny(st, both);
                        assertFalse(both[first].isActive());
                        Request.waitAny(st, both[1 - first]);
                        assertEquals(-1, Request.waitAny(both), "inactive requests are skipped");
                        break;
                }
                assertFalse(both[0].isActive(), "round " + round);
                assertFalse(both[1].isActive(), "round " + round);
                assertEquals((byte)round, in[0]);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCancelAStartedPersistentReceiveAndStartItAgain()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final byte[] in = new byte[16];
            if (world.rank() == 1)
            {
                final PersistentRequest recv = world.recvInit(in, 0, 16, 0, 9);
                recv.start();
                recv.cancel();
                final Status cancelled = recv.await();
                assertTrue(cancelled.cancelled(), "cancelled before any message: " + cancelled);
                assertFalse(recv.isActive());
                world.send(new byte[0], 0, 0, 0, 1);
                recv.start();
                final Status s = recv.await();
                assertFalse(s.cancelled());
                assertEquals(16, s.bytes());
                assertEquals(7, in[15]);
                recv.close();
            }
            else
            {
                world.recv(new byte[0], 0, 0, 1, 1);
                final byte[] out = new byte[16];
                out[15] = 7;
                world.send(out, 0, 16, 1, 9);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReceiveEveryBufferKindIntoAMutableStatus()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                world.send(MessageBuffer.of(new short[] {1, -2}, 0, 2), 1, 1);
                world.send(MessageBuffer.of(new char[] {'a', 'b', 'c'}, 0, 3), 1, 2);
                world.send(MessageBuffer.of(new int[] {7, 8, 9, 10}, 1, 3), 1, 3);
                world.send(MessageBuffer.of(new long[] {1L << 40}, 0, 1), 1, 4);
                world.send(MessageBuffer.of(new float[] {1.5f, 2.5f}, 0, 2), 1, 5);
                world.send(MessageBuffer.of(new double[] {Math.E}, 0, 1), 1, 6);
                world.send(ByteBuffer.wrap(new byte[] {4, 5, 6}), 1, 7);
                world.sendrecv(new byte[] {3}, 0, 1, 1, 8, new byte[1], 0, 1, 1, 8, new MutableStatus());
            }
            else
            {
                final MutableStatus st = new MutableStatus();
                final short[] s = new short[3];
                assertEquals(4, world.recv(MessageBuffer.of(s, 1, 2), 0, 1, st).bytes());
                assertArrayEquals(new short[] {0, 1, -2}, s);
                final char[] c = new char[3];
                assertEquals(3, world.recv(MessageBuffer.of(c, 0, 3), 0, 2, st).count(io.rankwire.Datatype.CHAR));
                assertArrayEquals(new char[] {'a', 'b', 'c'}, c);
                final int[] i = new int[3];
                world.recv(MessageBuffer.of(i, 0, 3), 0, 3, st);
                assertArrayEquals(new int[] {8, 9, 10}, i);
                assertEquals(3, st.tag());
                assertEquals(0, st.source());
                final long[] l = new long[1];
                world.recv(MessageBuffer.of(l, 0, 1), 0, 4, st);
                assertEquals(1L << 40, l[0]);
                final float[] f = new float[2];
                world.recv(MessageBuffer.of(f, 0, 2), 0, 5, st);
                assertArrayEquals(new float[] {1.5f, 2.5f}, f);
                final double[] d = new double[2];
                assertEquals(8, world.recv(MessageBuffer.of(d, 0, 2), 0, 6, st).bytes());
                assertEquals(Math.E, d[0]);
                final ByteBuffer bb = ByteBuffer.allocate(4).position(1);
                assertEquals(3, world.recv(bb, 0, 7, st).bytes());
                assertEquals(1, bb.position(), "the position never moves");
                assertEquals(6, bb.get(3));
                final byte[] in = new byte[1];
                world.sendrecv(new byte[] {9}, 0, 1, 0, 8, in, 0, 1, 0, 8, st);
                assertEquals(3, in[0]);
                assertEquals(8, st.tag());
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRejectEveryUseOfAClosedRequest()
    {
        run(1, rw ->
        {
            final Comm world = rw.world();
            final PersistentRequest send = world.sendInit(new byte[4], 0, 4, 0, 2);
            final PersistentRequest recv = world.recvInit(new byte[4], 0, 4, 0, 2);
            send.close();
            send.close();
            assertTrue(send.isClosed());
            final String closed = "request : closed (expected: a persistent request that was not closed)";
            assertEquals("request : closed (expected: an inactive persistent request)",
                assertThrows(IllegalStateException.class, send::start).getMessage());
            assertEquals(closed, assertThrows(IllegalStateException.class, send::await).getMessage());
            assertEquals(closed, assertThrows(IllegalStateException.class, send::test).getMessage());
            assertThrows(IllegalStateException.class, () -> PersistentRequest.startAll(recv, send));
            assertFalse(recv.isActive(), "startAll started nothing");
            recv.close();
        });
    }

    @Test
    @Timeout(60)
    void shouldCheckArgumentsWhenARequestIsCreated()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            assertEquals("rank : 2 (expected: 0..1)",
                assertThrows(IllegalArgumentException.class, () -> world.sendInit(new byte[4], 0, 4, 2, 1)).getMessage());
            assertThrows(IllegalArgumentException.class, () -> world.recvInit(new byte[4], 0, 4, 0, Comm.TAG_UB + 1));
            assertThrows(IllegalArgumentException.class, () -> world.recvInit(new byte[4], 2, 4, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> world.recvInit(ByteBuffer.allocate(4).asReadOnlyBuffer(), 0, 1));
        });
    }

    @Test
    @Timeout(180)
    void shouldAllocateNothingPerBlockingRoundTripWithMutableStatus()
    {
        runLong(rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[] buf = new byte[SMALL];
            final MessageBuffer direct = MessageBuffer.of(new UnsafeBuffer(new byte[SMALL]), 0, SMALL);   // one descriptor, kept
            final MutableStatus st = new MutableStatus();
            final int[] counter = {0};
            final Runnable roundTrip = () ->
            {
                final int form = counter[0]++ % 5;
                if (world.rank() == 0)
                {
                    buf[0]++;
                    switch (form)
                    {
                        case 0: world.send(buf, 0, SMALL, peer, 1); world.recv(buf, 0, SMALL, peer, 1, st); break;
                        case 1: world.ssend(direct, peer, 2); world.recv(direct, peer, 2, st); break;
                        case 2: world.sendrecv(buf, 0, SMALL, peer, 3, buf, 0, SMALL, peer, 3, st); break;
                        case 3: world.send(buf, 0, SMALL, peer, 4); world.probe(peer, 4, st); world.recv(buf, 0, SMALL, peer, 4, st); break;
                        default: world.send(buf, 0, SMALL, peer, 5); world.recv(buf, 0, SMALL, peer, 5, st); break;
                    }
                }
                else
                {
                    final byte before = buf[0];
                    switch (form)
                    {
                        case 0: world.recv(buf, 0, SMALL, peer, 1, st); world.send(buf, 0, SMALL, peer, 1); break;
                        case 1: world.recv(direct, peer, 2, st); world.ssend(direct, peer, 2); break;
                        case 2: world.sendrecv(buf, 0, SMALL, peer, 3, buf, 0, SMALL, peer, 3, st); break;
                        case 3: world.recv(buf, 0, SMALL, peer, 4, st); world.send(buf, 0, SMALL, peer, 4); break;
                        default:
                            while (!world.iprobe(peer, 5, st))
                            {
                                Thread.yield();
                            }
                            world.recv(buf, 0, SMALL, peer, 5, st);
                            world.send(buf, 0, SMALL, peer, 5);
                            break;
                    }
                    if (form != 1 && form != 2 && buf[0] == before || st.bytes() != SMALL)
                    {
                        throw new AssertionError("round " + counter[0] + ": payload " + buf[0] + " after " + before + ", " + st);
                    }
                }
            };
            final long bytes = Allocations.fewestBytesPerWindow(roundTrip, warmUpRounds(), measuredRounds());
            if (allocationFree())
            {
                assertEquals(0, bytes, "bytes allocated by rank " + world.rank() + " in the best window of 1,000 of 10,000 blocking round trips");
            }
        });
    }

    @Test
    @Timeout(180)
    void shouldAllocateNothingPerPersistentRound()
    {
        runLong(rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[] buf = new byte[SMALL];
            final int[] ints = new int[SMALL / 4];
            final MutableStatus st = new MutableStatus();
            final MutableStatus[] sts = {new MutableStatus(), new MutableStatus()};
            final PersistentRequest[] pair = world.rank() == 0 ?
                new PersistentRequest[] {world.sendInit(buf, 0, SMALL, peer, 1), world.recvInit(MessageBuffer.of(ints, 0, ints.length),
                    peer, 2)} :
                new PersistentRequest[] {world.recvInit(buf, 0, SMALL, peer, 1), world.sendInit(MessageBuffer.of(ints, 0, ints.length),
                    peer, 2)};
            final Runnable round = () ->
            {
                if (world.rank() == 1)
                {
                    ints[0] = buf[0];
                }
                else
                {
                    buf[0] = (byte)(ints[0] + 1);
                }
                pair[0].start();
                pair[1].start();
                Request.waitAll(sts, pair);
                pair[world.rank()].start();
                pair[world.rank()].await(st);
                pair[1 - world.rank()].start();
                final Status s = pair[1 - world.rank()].await();
                if (s.bytes() != SMALL || sts[0].bytes() != SMALL)
                {
                    throw new AssertionError("bytes " + s + ", " + sts[0]);
                }
            };
            final long bytes = Allocations.fewestBytesPerWindow(round, warmUpRounds(), measuredRounds());
            if (allocationFree())
            {
                assertEquals(0, bytes, "bytes allocated by rank " + world.rank() + " in the best window of 1,000 of 10,000 persistent rounds");
            }
            final Status first = pair[1].await();
            assertSame(first, pair[1].await(), "an inactive request keeps its last status");
        });
    }
}
