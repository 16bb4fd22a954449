package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.Datatype;
import io.rankwire.LocalJob;
import io.rankwire.Message;
import io.rankwire.MutableStatus;
import io.rankwire.Op;
import io.rankwire.PersistentRequest;
import io.rankwire.RankStats;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;

/**
 * The point-to-point conformance suite every transport passes: one subclass per transport (and
 * per interesting setting) supplies {@link #transport()} and {@link #settings()}. Every test runs
 * a fresh {@link LocalJob}. Nothing here depends on timing: orderings are forced with messages.
 */
public abstract class ConformanceSuite extends PersistentRequestConformance
{
    /** How long one job may take before it is failed. */
    protected static final Duration JOB_TIMEOUT = Duration.ofSeconds(45);

    /** The transport's name. */
    protected abstract String transport();

    /** Extra {@code rankwire.*} settings for every job (e.g. {@code rankwire.sim.mode}). */
    protected Map<String, String> settings()
    {
        return Map.of();
    }

    /**
     * How many of three posted receives (at least {@code rankwire.offloadMinBytes} long) the NIC
     * must match in {@code shouldMatchPostedReceivesInTheNicOnlyWhenOffloadIsOn}: 0 without
     * offload, 3 when list operations complete at once, -1 when either outcome is correct (list
     * operations may still be in flight when the messages arrive).
     */
    protected int expectedHardwareMatches()
    {
        return 0;
    }

    /** The configuration of every job. */
    protected RankwireConfig config()
    {
        return new RankwireConfig().setAll(settings());
    }

    /** True when every job runs with {@code rankwire.threads=funneled}: one thread per rank. */
    protected boolean funneled()
    {
        return config().funneled();
    }

    /**
     * With {@code rankwire.threads=funneled}: a second thread's call on a rank fails with an
     * error naming the setting and both threads, and leaves the rank usable by its own thread.
     */
    private void assertSecondThreadRefused()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final Throwable[] seen = new Throwable[1];
            final Thread other = new Thread(() ->
            {
                try
                {
                    world.send(new byte[1], 0, 1, 1 - world.rank(), 5);
                }
                catch (final Throwable e)
                {
                    seen[0] = e;
                }
            }, "intruder-" + world.rank());
            other.start();
            other.join();
            assertTrue(seen[0] instanceof IllegalStateException, String.valueOf(seen[0]));
            final String message = seen[0].getMessage();
            assertTrue(message.contains("rankwire.threads=funneled") && message.contains("intruder-" + world.rank()) &&
                message.contains(Thread.currentThread().getName()), message);
            final int[] got = new int[1];
            world.sendrecv(MessageBuffer.of(new int[] {world.rank()}, 0, 1), 1 - world.rank(), 6, MessageBuffer.of(got, 0, 1),
                1 - world.rank(), 6);
            assertEquals(1 - world.rank(), got[0]);
        });
    }

    protected void run(final int n, final LocalJob.RankBody body)
    {
        LocalJob.run(n, transport(), config(), JOB_TIMEOUT, body);
    }

    protected void run(final int n, final RankwireConfig config, final LocalJob.RankBody body)
    {
        LocalJob.run(n, transport(), config, JOB_TIMEOUT, body);
    }

    static byte[] pattern(final int length, final int seed)
    {
        final byte[] b = new byte[length];
        int x = seed * 0x9E3779B1 + 1;
        for (int i = 0; i < length; i++)
        {
            x = x * 1103515245 + 12345;
            b[i] = (byte)(x >>> 16);
        }
        return b;
    }

    @Test
    @Timeout(60)
    void shouldDeliverMessagesOfOneSenderInSendOrder()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            final int[] sizes = {0, 8, eager, eager + 1, 3 * eager + 5};
            final int count = 60;
            if (world.rank() == 0)
            {
                final Request[] sends = new Request[count];
                for (int i = 0; i < count; i++)
                {
                    final byte[] b = pattern(Math.max(4, sizes[i % sizes.length]), i);
                    ByteBuffer.wrap(b).putInt(0, i);
                    sends[i] = world.isend(b, 0, b.length, 1, 7);
                }
                Request.waitAll(sends);
            }
            else
            {
                for (int i = 0; i < count; i++)
                {
                    final byte[] b = new byte[4 * eager + 64];
                    final Status s = world.recv(b, 0, b.length, i % 2 == 0 ? 0 : Comm.ANY_SOURCE, i % 3 == 0 ? 7 : Comm.ANY_TAG);
                    assertEquals(i, ByteBuffer.wrap(b).getInt(0), "message order");
                    final byte[] expected = pattern(Math.max(4, sizes[i % sizes.length]), i);
                    ByteBuffer.wrap(expected).putInt(0, i);
                    assertEquals(expected.length, s.bytes());
                    assertArrayEquals(expected, Arrays.copyOf(b, s.bytes()));
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldGiveAMessageToTheEarliestPostedMatchingReceive()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 1)
            {
                final int[] a = new int[1];
                final int[] b = new int[1];
                final int[] c = new int[1];
                final Request ra = world.irecv(MessageBuffer.of(a, 0, 1), Comm.ANY_SOURCE, Comm.ANY_TAG);
                final Request rb = world.irecv(MessageBuffer.of(b, 0, 1), 0, 5);
                final Request rc = world.irecv(MessageBuffer.of(c, 0, 1), 0, Comm.ANY_TAG);
                world.send(MessageBuffer.of(new int[0], 0, 0), 0, 1);
                Request.waitAll(ra, rb, rc);
                assertEquals(100, a[0]);
                assertEquals(200, b[0]);
                assertEquals(300, c[0]);
            }
            else
            {
                world.recv(MessageBuffer.of(new int[0], 0, 0), 1, 1);
                world.send(MessageBuffer.of(new int[] {100}, 0, 1), 1, 5);
                world.send(MessageBuffer.of(new int[] {200}, 0, 1), 1, 5);
                world.send(MessageBuffer.of(new int[] {300}, 0, 1), 1, 5);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldMatchWildcardsAndReportTheRealEnvelope()
    {
        run(4, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final Set<Integer> seen = new HashSet<>();
                for (int i = 0; i < 3; i++)
                {
                    final long[] v = new long[2];
                    final Status s = world.recv(MessageBuffer.of(v, 0, 2), Comm.ANY_SOURCE, Comm.ANY_TAG);
                    assertEquals(s.source() * 10L, v[0]);
                    assertEquals(s.tag(), (int)v[1]);
                    assertEquals(16, s.bytes());
                    assertEquals(2, s.count(Datatype.LONG));
                    assertTrue(seen.add(s.source()));
                }
                assertEquals(Set.of(1, 2, 3), seen);
                world.send(MessageBuffer.of(new long[0], 0, 0), 2, 1);
                final long[] v = new long[2];
                final Status s = world.recv(MessageBuffer.of(v, 0, 2), 2, Comm.ANY_TAG);
                assertEquals(2, s.source());
                assertEquals(1002, s.tag());
            }
            else
            {
                final int r = world.rank();
                world.send(MessageBuffer.of(new long[] {r * 10L, 40 + r}, 0, 2), 0, 40 + r);
                if (r == 2)
                {
                    world.recv(MessageBuffer.of(new long[0], 0, 0), 0, 1);
                    world.send(MessageBuffer.of(new long[] {0, 0}, 0, 2), 0, 1002);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldNeverMatchAnyTagWithOtherCommunicatorsOrAnotherSource()
    {
        run(3, rw ->
        {
            final Comm world = rw.world();
            final Comm dup = world.dup();
            if (world.rank() == 0)
            {
                final int[] fromDup = new int[1];
                final int[] fromWorld = new int[1];
                final Request r1 = world.irecv(MessageBuffer.of(fromWorld, 0, 1), 1, Comm.ANY_TAG);
                final Request r2 = dup.irecv(MessageBuffer.of(fromDup, 0, 1), Comm.ANY_SOURCE, Comm.ANY_TAG);
                world.send(MessageBuffer.of(new int[0], 0, 0), 1, 0);
                final Status s2 = r2.await();
                final Status s1 = r1.await();
                assertEquals(2, fromDup[0]);
                assertEquals(2, s2.source());
                assertEquals(1, fromWorld[0]);
                assertEquals(1, s1.source());
            }
            else if (world.rank() == 2)
            {
                dup.send(MessageBuffer.of(new int[] {2}, 0, 1), 0, 3);
            }
            else
            {
                world.recv(MessageBuffer.of(new int[0], 0, 0), 0, 0);
                world.send(MessageBuffer.of(new int[] {1}, 0, 1), 0, 3);
            }
            dup.close();
        });
    }

    @Test
    @Timeout(60)
    void shouldReportTruncationAndNeverWritePastTheBuffer()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            final int[] lengths = {40, eager / 4 + 10, 2 * eager};
            if (world.rank() == 0)
            {
                for (final int ints : lengths)
                {
                    final int[] data = new int[ints];
                    Arrays.fill(data, 7);
                    world.send(MessageBuffer.of(data, 0, ints), 1, 1);
                    world.send(MessageBuffer.of(data, 0, ints), 1, 2);
                }
            }
            else
            {
                for (final int ints : lengths)
                {
                    final int[] small = new int[ints];
                    Arrays.fill(small, -1);
                    final Status s = world.recv(MessageBuffer.of(small, 0, ints / 2), 0, 1);
                    assertEquals(Status.TRUNCATED, s.error());
                    assertEquals((ints / 2) * 4, s.bytes());
                    for (int i = 0; i < ints; i++)
                    {
                        assertEquals(i < ints / 2 ? 7 : -1, small[i], "element " + i);
                    }
                    final byte[] bigger = new byte[ints * 4 + 1];
                    bigger[ints * 4] = 99;
                    final Status ok = world.recv(bigger, 0, bigger.length, 0, 2);
                    assertFalse(ok.isError());
                    assertEquals(ints * 4, ok.bytes());
                    assertEquals(99, bigger[ints * 4], "the extra element is untouched");
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCarryZeroByteMessages()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                world.send(new byte[0], 0, 0, 1, 3);
                world.ssend(ByteBuffer.allocate(0), 1, 4);
            }
            else
            {
                final byte[] b = {5};
                final Status s = world.recv(b, 0, 1, 0, 3);
                assertEquals(0, s.bytes());
                assertEquals(5, b[0]);
                assertEquals(0, world.recv(ByteBuffer.allocate(0), Comm.ANY_SOURCE, 4).bytes());
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCarryMessagesAroundTheEagerThreshold()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            final int[] lengths = {eager - 1, eager, eager + 1};
            for (final int length : lengths)
            {
                final byte[] data = pattern(length, length);
                if (world.rank() == 0)
                {
                    world.send(data, 0, length, 1, 9);
                    final ByteBuffer direct = ByteBuffer.allocateDirect(length + 8);
                    direct.position(4).limit(4 + length);
                    direct.put(data).position(4);
                    world.ssend(direct, 1, 10);
                    assertEquals(4, direct.position());
                }
                else
                {
                    final byte[] got = new byte[length + 1];
                    assertEquals(length, world.recv(got, 0, length + 1, 0, 9).bytes());
                    assertArrayEquals(data, Arrays.copyOf(got, length));
                    final UnsafeBuffer agrona = new UnsafeBuffer(ByteBuffer.allocateDirect(length + 3));
                    assertEquals(length, world.recv(MessageBuffer.of(agrona, 3, length), 0, 10).bytes());
                    final byte[] copy = new byte[length];
                    agrona.getBytes(3, copy);
                    assertArrayEquals(data, copy);
                }
            }
        });
    }

    @Test
    @Timeout(90)
    void shouldCarry64MiBMessagesIntact()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int length = 64 << 20;
            if (world.rank() == 0)
            {
                final byte[] data = pattern(length, 64);
                final CRC32 crc = new CRC32();
                crc.update(data);
                world.send(data, 0, length, 1, 1);
                world.send(MessageBuffer.of(new long[] {crc.getValue()}, 0, 1), 1, 2);
            }
            else
            {
                final ByteBuffer data = ByteBuffer.allocateDirect(length);
                final Status s = world.recv(data, 0, 1);
                assertEquals(length, s.bytes());
                final long[] expected = new long[1];
                world.recv(MessageBuffer.of(expected, 0, 1), 0, 2);
                final CRC32 crc = new CRC32();
                crc.update(data.duplicate());
                assertEquals(expected[0], crc.getValue());
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldProbeWithoutReceivingAndReceiveMatchedProbes()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            if (world.rank() == 0)
            {
                world.send(pattern(100, 1), 0, 100, 1, 5);
                world.send(pattern(eager + 100, 2), 0, eager + 100, 1, 6);
                world.send(pattern(10, 3), 0, 10, 1, 7);
            }
            else
            {
                final Status p = world.probe(0, 5);
                assertEquals(100, p.bytes());
                assertEquals(5, p.tag());
                assertEquals(0, p.source());
                assertEquals(100, world.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).orElseThrow().bytes());
                assertTrue(world.iprobe(0, 8).isEmpty());
                final byte[] b = new byte[100];
                world.recv(b, 0, 100, 0, 5);
                assertArrayEquals(pattern(100, 1), b);

                final Message m = world.mprobe(0, 6);
                assertEquals(eager + 100, m.status().bytes());
                final Optional<Message> m2 = world.improbe(Comm.ANY_SOURCE, 7);
                final Optional<Status> gone = world.iprobe(0, 6);
                assertTrue(gone.isEmpty(), "a matched-probed message is out of matching");
                final byte[] big = new byte[eager + 100];
                assertEquals(eager + 100, m.recv(big, 0, big.length).bytes());
                assertArrayEquals(pattern(eager + 100, 2), big);
                assertThrows(IllegalStateException.class, () -> m.recv(big, 0, 1));
                final Message third = m2.isPresent() ? m2.get() : world.mprobe(0, 7);
                final byte[] small = new byte[10];
                assertEquals(10, third.irecv(small, 0, 10).await().bytes());
                assertArrayEquals(pattern(10, 3), small);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCancelAPostedReceiveAndCompleteMatchedOnesNormally()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 1)
            {
                final byte[] buf = new byte[2048];
                final Request r = world.irecv(buf, 0, buf.length, 0, 1);
                r.cancel();
                final Status s = r.await();
                assertTrue(s.cancelled());
                final Request r2 = world.irecv(buf, 0, buf.length, 0, 2);
                world.send(new byte[0], 0, 0, 0, 3);
                final Status done = r2.await();
                r2.cancel();
                assertFalse(done.cancelled());
                assertEquals(2048, done.bytes());
                assertFalse(r2.status().cancelled());
                final Status late = world.recv(buf, 0, buf.length, 0, 1);
                assertEquals(7, late.bytes(), "the cancelled receive did not take the message");
            }
            else
            {
                world.recv(new byte[0], 0, 0, 1, 3);
                world.send(new byte[2048], 0, 2048, 1, 2);
                world.send(new byte[7], 0, 7, 1, 1);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldNotCompleteASynchronousSendBeforeTheReceiveIsPosted()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            for (final int length : new int[] {16, eager + 16})
            {
                if (world.rank() == 0)
                {
                    final Request r = world.issend(new byte[length], 0, length, 1, 1);
                    world.recv(new byte[0], 0, 0, 1, 2);
                    for (int i = 0; i < 100; i++)
                    {
                        assertFalse(r.test(), "ssend completed before the receive was posted");
                    }
                    world.send(new byte[0], 0, 0, 1, 3);
                    assertEquals(length, r.await().bytes());
                }
                else
                {
                    while (world.iprobe(0, 1).isEmpty())
                    {
                        Thread.onSpinWait();
                    }
                    world.send(new byte[0], 0, 0, 0, 2);
                    world.recv(new byte[0], 0, 0, 0, 3);
                    assertEquals(length, world.recv(new byte[length], 0, length, 0, 1).bytes());
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldSendToSelfAndSendrecvWithSelf()
    {
        run(1, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            for (final int length : new int[] {0, 5, eager, 4 * eager})
            {
                final byte[] out = pattern(length, 3);
                final byte[] in = new byte[length];
                final Status s = world.sendrecv(out, 0, length, 0, 4, in, 0, length, 0, 4);
                assertEquals(length, s.bytes());
                assertArrayEquals(out, in);
                final Request r = world.isend(out, 0, length, 0, 5);
                final byte[] in2 = new byte[length];
                world.recv(in2, 0, length, Comm.ANY_SOURCE, 5);
                r.await();
                assertArrayEquals(out, in2);
            }
            world.send(MessageBuffer.of(new double[] {1.5, 2.5}, 0, 2), 0, 6);
            final double[] d = new double[3];
            assertEquals(2, world.recv(MessageBuffer.of(d, 1, 2), 0, 6).count(Datatype.DOUBLE));
            assertArrayEquals(new double[] {0, 1.5, 2.5}, d);
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteTenThousandOutstandingRequests()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int n = 10_000;
            final Request[] reqs = new Request[n];
            final int[] values = new int[n];
            if (world.rank() == 0)
            {
                for (int i = 0; i < n; i++)
                {
                    values[i] = i * 3;
                    reqs[i] = world.isend(MessageBuffer.of(values, i, 1), 1, i % 100);
                }
            }
            else
            {
                for (int i = 0; i < n; i++)
                {
                    reqs[i] = world.irecv(MessageBuffer.of(values, i, 1), 0, i % 100);
                }
            }
            Request.waitAll(reqs);
            if (world.rank() == 1)
            {
                for (int i = 0; i < n; i++)
                {
                    assertEquals(i * 3, values[i]);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldWaitAnyWaitSomeAndTestAll()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final int[][] bufs = new int[4][1];
                final Request[] reqs = new Request[4];
                for (int i = 0; i < 4; i++)
                {
                    reqs[i] = world.irecv(MessageBuffer.of(bufs[i], 0, 1), 1, i);
                }
                assertFalse(Request.testAll(reqs));
                assertEquals(-1, Request.testAny(reqs));
                world.send(MessageBuffer.of(new int[0], 0, 0), 1, 99);
                assertEquals(2, Request.waitAny(reqs));
                assertEquals(22, bufs[2][0]);
                world.send(MessageBuffer.of(new int[0], 0, 0), 1, 98);
                final int[] some = Request.waitSome(reqs);
                assertTrue(some.length >= 1);
                final Set<Integer> done = new HashSet<>();
                for (final int i : some)
                {
                    done.add(i);
                }
                assertTrue(done.contains(0) || done.contains(2));
                world.send(MessageBuffer.of(new int[0], 0, 0), 1, 97);
                Request.waitAll(reqs);
                assertTrue(Request.testAll(reqs));
                assertEquals(0, bufs[0][0]);
                assertEquals(11, bufs[1][0]);
                assertEquals(33, bufs[3][0]);
            }
            else
            {
                world.recv(MessageBuffer.of(new int[0], 0, 0), 0, 99);
                world.send(MessageBuffer.of(new int[] {22}, 0, 1), 0, 2);
                world.recv(MessageBuffer.of(new int[0], 0, 0), 0, 98);
                world.send(MessageBuffer.of(new int[] {0}, 0, 1), 0, 0);
                world.recv(MessageBuffer.of(new int[0], 0, 0), 0, 97);
                world.send(MessageBuffer.of(new int[] {11}, 0, 1), 0, 1);
                world.send(MessageBuffer.of(new int[] {33}, 0, 1), 0, 3);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteFutures()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final short[] s = new short[3];
                final CompletableFuture<Status> f = world.irecv(MessageBuffer.of(s, 0, 3), 1, 1).toFuture();
                world.send(new byte[0], 0, 0, 1, 2);
                while (!f.isDone())
                {
                    world.iprobe(1, 100);
                }
                assertEquals(6, f.get(10, TimeUnit.SECONDS).bytes());
                assertArrayEquals(new short[] {1, 2, 3}, s);
            }
            else
            {
                world.recv(new byte[0], 0, 0, 0, 2);
                world.send(MessageBuffer.of(new short[] {1, 2, 3}, 0, 3), 0, 1);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldIsolateDupAndSplitCommunicators()
    {
        run(4, rw ->
        {
            final Comm world = rw.world();
            final Comm dup = world.dup();
            final Comm half = world.split(world.rank() % 2, -world.rank());
            assertEquals(2, half.size());
            assertEquals(world.rank() < 2 ? 1 : 0, half.rank(), "ordered by key, then old rank");
            assertEquals(world.rank() % 2, half.worldRank(0) % 2);
            final Comm none = world.split(world.rank() == 3 ? Comm.UNDEFINED : 0, 0);
            if (world.rank() == 3)
            {
                assertNull(none);
            }
            else
            {
                assertNotNull(none);
                assertEquals(3, none.size());
                assertEquals(world.rank(), none.rank());
            }
            final int peer = 1 - half.rank();
            final int[] got = new int[3];
            final Request a = world.irecv(MessageBuffer.of(got, 0, 1), Comm.ANY_SOURCE, 1);
            final Request b = dup.irecv(MessageBuffer.of(got, 1, 1), Comm.ANY_SOURCE, 1);
            final Request c = half.irecv(MessageBuffer.of(got, 2, 1), Comm.ANY_SOURCE, 1);
            half.send(MessageBuffer.of(new int[] {300 + world.rank()}, 0, 1), peer, 1);
            dup.send(MessageBuffer.of(new int[] {200 + world.rank()}, 0, 1), (world.rank() + 1) % 4, 1);
            world.send(MessageBuffer.of(new int[] {100 + world.rank()}, 0, 1), (world.rank() + 3) % 4, 1);
            Request.waitAll(a, b, c);
            assertEquals(100 + (world.rank() + 1) % 4, got[0]);
            assertEquals(200 + (world.rank() + 3) % 4, got[1]);
            assertEquals(300 + half.worldRank(peer), got[2]);
            final Comm dup2 = half.dup();
            dup2.barrier();
            half.barrier();
            world.barrier();
        });
    }

    @Test
    @Timeout(90)
    void shouldCreateCommunicatorsConcurrentlyOnOverlappingGroups()
    {
        if (funneled())
        {
            assertSecondThreadRefused();
            return;
        }
        final int rounds = 25;
        run(3, rw ->
        {
            final Comm world = rw.world();
            final int me = world.rank();
            // pair p holds ranks p and (p + 1) % 3: every rank is in two pairs, the pairs form a cycle
            final Comm[] pairs = new Comm[3];
            for (int p = 0; p < 3; p++)
            {
                final boolean member = me == p || me == (p + 1) % 3;
                pairs[p] = world.split(member ? 0 : Comm.UNDEFINED, 0);
            }
            final int[] mine = {(me + 2) % 3, me};
            final Thread[] threads = new Thread[2];
            final Throwable[] failures = new Throwable[2];
            for (int t = 0; t < 2; t++)
            {
                final int p = mine[t];
                final int slot = t;
                threads[t] = new Thread(() ->
                {
                    try
                    {
                        exchangeOnFreshDups(pairs[p], p, rounds);
                    }
                    catch (final Throwable e)
                    {
                        failures[slot] = e;
                    }
                }, "rank-" + me + "-pair-" + p);
                threads[t].start();
            }
            for (int t = 0; t < 2; t++)
            {
                threads[t].join();
                if (failures[t] != null)
                {
                    throw new AssertionError("pair " + mine[t] + " on rank " + me, failures[t]);
                }
            }
            world.barrier();
        });
    }

    /** Dups {@code pair} repeatedly; on each child both members swap a value naming the pair with ANY_SOURCE. */
    private static void exchangeOnFreshDups(final Comm pair, final int pairId, final int rounds)
    {
        for (int i = 0; i < rounds; i++)
        {
            final Comm child = (i % 2 == 0) ? pair.dup() : pair.split(0, -pair.rank());
            final int other = 1 - child.rank();
            final int[] got = new int[1];
            final Request r = child.irecv(MessageBuffer.of(got, 0, 1), Comm.ANY_SOURCE, Comm.ANY_TAG);
            child.send(MessageBuffer.of(new int[] {pairId * 1000 + i}, 0, 1), other, 7);
            final Status s = r.await();
            assertEquals(pairId * 1000 + i, got[0], "a message of another communicator arrived on " + child);
            assertEquals(other, s.source());
            child.barrier();
        }
    }

    @Test
    @Timeout(60)
    void shouldHoldEveryRankInTheBarrierUntilAllArrive()
    {
        final AtomicInteger arrived = new AtomicInteger();
        final int n = 5;
        run(n, rw ->
        {
            final Comm world = rw.world();
            for (int round = 1; round <= 5; round++)
            {
                arrived.incrementAndGet();
                world.barrier();
                assertTrue(arrived.get() >= round * n, "left the barrier before every rank arrived");
                world.barrier();
            }
        });
        assertEquals(25, arrived.get());
    }

    @Test
    @Timeout(60)
    void shouldHoldEveryRankInBlockingAndNonblockingBarriersAlike()
    {
        final AtomicInteger arrived = new AtomicInteger();
        final int n = 6;
        run(n, rw ->
        {
            final Comm world = rw.world();
            for (int round = 1; round <= 6; round++)
            {
                arrived.incrementAndGet();
                if (round % 2 == 0)
                {
                    world.ibarrier().await();
                }
                else
                {
                    world.barrier();
                }
                assertTrue(arrived.get() >= round * n, "left barrier " + round + " before every rank arrived");
                world.ibarrier().await();   // the next round's increments wait for every check of this one
            }
        });
        assertEquals(36, arrived.get());
    }

    @Test
    @Timeout(90)
    void shouldServeEightConcurrentThreadsPerRank()
    {
        if (funneled())
        {
            assertSecondThreadRefused();
            return;
        }
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int threads = 8;
            final int rounds = 200;
            final int eager = rw.eagerLimit();
            final Thread[] ts = new Thread[threads];
            final Throwable[] errors = new Throwable[threads];
            final int peer = 1 - world.rank();
            for (int t = 0; t < threads; t++)
            {
                final int id = t;
                ts[t] = new Thread(() ->
                {
                    try
                    {
                        for (int i = 0; i < rounds; i++)
                        {
                            final int length = i % 10 == 0 ? eager + 8 : 8;
                            final byte[] out = new byte[length];
                            ByteBuffer.wrap(out).putInt(0, id).putInt(4, i);
                            final byte[] in = new byte[length];
                            final Status s = world.sendrecv(out, 0, length, peer, id, in, 0, length, peer, id);
                            assertEquals(length, s.bytes());
                            assertEquals(id, ByteBuffer.wrap(in).getInt(0));
                            assertEquals(i, ByteBuffer.wrap(in).getInt(4));
                        }
                    }
                    catch (final Throwable e)
                    {
                        errors[id] = e;
                    }
                });
                ts[t].start();
            }
            for (final Thread t : ts)
            {
                t.join();
            }
            for (final Throwable e : errors)
            {
                if (e != null)
                {
                    throw new AssertionError(e);
                }
            }
        });
    }

    @Test
    @Timeout(90)
    void shouldBoundUnexpectedMemoryWhenManySendersFloodALateReceiver()
    {
        final RankwireConfig config = config().unexpectedBytes(64 * 1024).credits(8);
        final int senders = 4;
        final int perSender = 150;
        final int length = 1000;
        run(senders + 1, config, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                for (int i = 0; i < senders; i++)
                {
                    world.recv(new byte[0], 0, 0, Comm.ANY_SOURCE, 2);
                }
                assertTrue(rw.unexpectedBytesHighWater() <= rw.unexpectedBytesBound(),
                    rw.unexpectedBytesHighWater() + " > " + rw.unexpectedBytesBound());
                assertTrue(rw.unexpectedBytesBound() <= 64 * 1024);
                final int[] next = new int[senders + 1];
                final byte[] b = new byte[length];
                for (int i = 0; i < senders * perSender; i++)
                {
                    final Status s = world.recv(b, 0, length, Comm.ANY_SOURCE, 1);
                    assertEquals(length, s.bytes());
                    final int seq = ByteBuffer.wrap(b).getInt(0);
                    assertEquals(next[s.source()]++, seq, "order from " + s.source());
                    assertEquals(s.source(), ByteBuffer.wrap(b).getInt(4));
                }
                assertTrue(rw.unexpectedBytesHighWater() <= rw.unexpectedBytesBound());
                assertEquals(0, rw.unexpectedBytes());
            }
            else
            {
                final Request[] reqs = new Request[perSender];
                for (int i = 0; i < perSender; i++)
                {
                    final byte[] b = new byte[length];
                    ByteBuffer.wrap(b).putInt(0, i).putInt(4, world.rank());
                    reqs[i] = world.isend(b, 0, length, 0, 1);
                }
                world.send(new byte[0], 0, 0, 0, 2);
                Request.waitAll(reqs);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRejectBadArgumentsWithClearMessages()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final byte[] b = new byte[4];
            assertMessage(IllegalArgumentException.class, "rank : 2", () -> world.send(b, 0, 4, 2, 0));
            assertMessage(IllegalArgumentException.class, "rank : -1", () -> world.send(b, 0, 4, -1, 0));
            assertMessage(IllegalArgumentException.class, "tag : " + (Comm.TAG_UB + 1),
                () -> world.send(b, 0, 4, 1, Comm.TAG_UB + 1));
            assertMessage(IllegalArgumentException.class, "tag : -1", () -> world.send(b, 0, 4, 1, -1));
            assertMessage(IllegalArgumentException.class, "tag : -5", () -> world.irecv(b, 0, 4, 1, -5));
            assertMessage(IllegalArgumentException.class, "count : -1", () -> world.send(MessageBuffer.of(new int[2], 0, -1), 1,
                0));
            assertMessage(IllegalArgumentException.class, "length : -3", () -> world.isend(b, 0, -3, 1, 0));
            assertMessage(IllegalArgumentException.class, "offset + length : 5", () -> world.recv(b, 1, 4, 1, 0));
            assertMessage(IllegalArgumentException.class, "color : -3", () -> world.split(-3, 0));
            final Comm dup = world.dup();
            dup.close();
            assertMessage(IllegalStateException.class, "closed", () -> dup.send(b, 0, 4, 1, 0));
            assertMessage(IllegalStateException.class, "closed", () -> dup.iprobe(0, 0));
            world.barrier();
        });
    }

    /** Every call refuses a null buffer by naming the argument, and the rank goes on working. */
    @Test
    @Timeout(60)
    void shouldRefuseNullBuffersNamingTheArgument()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final String buf = "buf : null";
            assertMessage(IllegalArgumentException.class, buf, () -> world.send((byte[])null, 0, 4, peer, 0));
            assertMessage(IllegalArgumentException.class, buf, () -> world.isend((byte[])null, 0, 0, peer, 0));
            assertMessage(IllegalArgumentException.class, buf, () -> world.ssend((ByteBuffer)null, peer, 0));
            assertMessage(IllegalArgumentException.class, buf, () -> world.recv((byte[])null, 0, 4, peer, 0));
            assertMessage(IllegalArgumentException.class, buf, () -> world.irecv((ByteBuffer)null, peer, 0));
            assertMessage(IllegalArgumentException.class, buf, () -> world.sendInit((byte[])null, 0, 4, peer, 0));
            // a descriptor refuses null memory when it is made, naming it
            final String buffer = "buffer : null";
            assertMessage(IllegalArgumentException.class, buffer, () -> MessageBuffer.of((DirectBuffer)null, 0, 4));
            assertMessage(IllegalArgumentException.class, buffer, () -> MessageBuffer.of((int[])null, 0, 1));
            assertMessage(IllegalArgumentException.class, buffer, () -> MessageBuffer.of((double[])null));
            assertMessage(IllegalArgumentException.class, buffer, () -> MessageBuffer.of((MutableDirectBuffer)null, 0, 4));
            assertMessage(IllegalArgumentException.class, buffer, () -> MessageBuffer.of((long[])null, 0, 1));
            assertMessage(IllegalArgumentException.class, "buffer : null",
                () -> world.send((io.rankwire.buffer.MessageBuffer)null, peer, 0));
            assertMessage(IllegalArgumentException.class, "null", () -> world.bcast(null, 0));
            // the wait and test families name a null request, and nothing else happens
            final Request pending = world.irecv(new byte[4], 0, 4, peer, 8);
            assertMessage(IllegalArgumentException.class, "requests[1] : null", () -> Request.waitAll(pending, null));
            assertMessage(IllegalArgumentException.class, "requests[0] : null", () -> Request.testAny((Request)null));
            assertMessage(IllegalArgumentException.class, "requests[1] : null", () -> Request.waitSome(pending, null));
            assertMessage(IllegalArgumentException.class, "statuses[0] : null",
                () -> Request.waitAll(new MutableStatus[1], pending));
            assertFalse(pending.isDone(), "a refused wait leaves its requests alone");
            world.send(new byte[4], 0, 4, peer, 8);
            pending.await();
            // nothing was started: the next messages are the ones that arrive
            final int[] got = new int[1];
            final Request r = world.irecv(MessageBuffer.of(got, 0, 1), peer, 9);
            world.send(MessageBuffer.of(new int[] {40 + world.rank()}, 0, 1), peer, 9);
            r.await();
            assertEquals(40 + peer, got[0]);
        });
    }

    private static void assertMessage(
        final Class<? extends RuntimeException> type, final String fragment, final org.junit.jupiter.api.function.Executable call)
    {
        final RuntimeException e = assertThrows(type, call);
        assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' should contain '" + fragment + "'");
    }

    /** Sends the whole range of buffer kinds through the same message. */
    @Test
    @Timeout(60)
    void shouldMoveEveryBufferKind()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                world.send(MessageBuffer.of(new char[] {'a', 'b'}, 0, 2), 1, 1);
                world.send(MessageBuffer.of(new float[] {1f, 2f}, 0, 2), 1, 2);
                world.send(MessageBuffer.of(new long[] {1L << 40}, 0, 1), 1, 3);
                final ByteBuffer ro = ByteBuffer.wrap(new byte[] {1, 2, 3}).asReadOnlyBuffer();
                world.send(ro, 1, 4);
                world.send(MessageBuffer.of(new UnsafeBuffer(new byte[] {9, 8, 7}), 1, 2), 1, 5);
            }
            else
            {
                final char[] c = new char[2];
                world.recv(MessageBuffer.of(c, 0, 2), 0, 1);
                assertArrayEquals(new char[] {'a', 'b'}, c);
                final float[] f = new float[2];
                world.recv(MessageBuffer.of(f, 0, 2), 0, 2);
                assertArrayEquals(new float[] {1f, 2f}, f);
                final long[] l = new long[1];
                world.recv(MessageBuffer.of(l, 0, 1), 0, 3);
                assertEquals(1L << 40, l[0]);
                final ByteBuffer heap = ByteBuffer.allocate(5).position(1);
                assertEquals(3, world.recv(heap, 0, 4).bytes());
                assertEquals(1, heap.position());
                assertArrayEquals(new byte[] {0, 1, 2, 3, 0}, heap.array());
                final byte[] two = new byte[2];
                world.recv(two, 0, 2, 0, 5);
                assertArrayEquals(new byte[] {8, 7}, two);
            }
        });
    }

    /**
     * {@code Rankwire.allocate}: a direct buffer in native byte order of the asked capacity
     * (transport memory where the transport has some), which carries messages of both protocols
     * either way and is given back with {@code free}; a negative capacity is refused.
     */
    @Test
    @Timeout(60)
    void shouldAllocateBuffersThatCarryMessages()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int big = 3 * rw.eagerLimit() + 5;
            final ByteBuffer b = rw.allocate(big);
            assertTrue(b.isDirect());
            assertEquals(big, b.capacity());
            assertEquals(0, b.position());
            assertEquals(big, b.limit());
            assertEquals(java.nio.ByteOrder.nativeOrder(), b.order());
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rw.allocate(-1));
            assertEquals("capacity : -1 (expected: >= 0)", e.getMessage());
            if (world.rank() == 0)
            {
                b.put(pattern(big, 9)).flip();
                world.send(b, 1, 1);
                world.send(b.duplicate().limit(10), 1, 2);
            }
            else
            {
                assertEquals(big, world.recv(b, 0, 1).bytes());
                final byte[] got = new byte[big];
                b.get(0, got);
                assertArrayEquals(pattern(big, 9), got);
                final ByteBuffer small = rw.allocate(10);
                assertEquals(10, world.recv(small, 0, 2).bytes());
                assertEquals(b.get(9), small.get(9));
                rw.free(small);
            }
            world.barrier();
            rw.free(b);
            rw.free(ByteBuffer.allocate(4));
        });
    }

    @Test
    @Timeout(60)
    void shouldMatchPostedReceivesInTheNicOnlyWhenOffloadIsOn()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int eager = rw.eagerLimit();
            if (world.rank() == 1)
            {
                final byte[] small = new byte[4096];
                final byte[] large = new byte[eager + 4096];
                final Request a = world.irecv(small, 0, small.length, 0, 1);
                final Request b = world.irecv(large, 0, large.length, 0, 2);
                final byte[] guarded = new byte[4096];
                Arrays.fill(guarded, (byte)-7);
                final Request c = world.irecv(guarded, 1024, 2048, 0, 4);
                world.send(new byte[0], 0, 0, 0, 3);
                assertEquals(Math.min(4000, eager), a.await().bytes());
                assertEquals(eager + 4000, b.await().bytes());
                assertArrayEquals(pattern(eager + 4000, 2), Arrays.copyOf(large, eager + 4000));
                final Status truncated = c.await();
                assertEquals(Status.TRUNCATED, truncated.error());
                assertEquals(2048, truncated.bytes());
                assertArrayEquals(Arrays.copyOf(pattern(eager + 4000, 4), 2048), Arrays.copyOfRange(guarded, 1024, 3072));
                for (int i = 0; i < 1024; i++)
                {
                    assertEquals(-7, guarded[i], "byte " + i + " before the buffer");
                    assertEquals(-7, guarded[3072 + i], "byte " + (3072 + i) + " after the buffer");
                }
                final long hw = rw.stats().hardwareMatches();
                assertEquals(3, hw + rw.stats().softwareMatches(), rw.stats().toString());
                if (expectedHardwareMatches() >= 0)
                {
                    assertEquals(expectedHardwareMatches(), hw, rw.stats().toString());
                }
            }
            else
            {
                world.recv(new byte[0], 0, 0, 1, 3);
                final int n = Math.min(4000, eager);
                world.ssend(pattern(n, 1), 0, n, 1, 1);
                world.send(pattern(eager + 4000, 2), 0, eager + 4000, 1, 2);
                world.send(pattern(eager + 4000, 4), 0, eager + 4000, 1, 4);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReceiveIntoAReusableStatus()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                world.send(pattern(10, 1), 0, 10, 1, 3);
                world.send(pattern(100, 2), 0, 100, 1, 4);
                return;
            }
            final MutableStatus st = new MutableStatus();
            final byte[] buf = new byte[64];
            assertSame(st, world.recv(buf, 0, 64, 0, Comm.ANY_TAG, st));
            assertEquals(0, st.source());
            assertEquals(3, st.tag());
            assertEquals(10, st.bytes());
            assertEquals(Status.OK, st.error());
            assertEquals(-1, st.count(Datatype.INT));
            assertArrayEquals(pattern(10, 1), Arrays.copyOf(buf, 10));
            final UnsafeBuffer direct = new UnsafeBuffer(new byte[64]);
            assertSame(st, world.recv(MessageBuffer.of(direct, 0, 64), Comm.ANY_SOURCE, 4, st));
            assertEquals(4, st.tag());
            assertEquals(64, st.bytes());
            assertEquals(16, st.count(Datatype.INT));
            assertEquals(Status.TRUNCATED, st.error());
            assertArrayEquals(Arrays.copyOf(pattern(100, 2), 64), direct.byteArray());
            assertEquals("Status{source=0, tag=4, bytes=64, error=TRUNCATED}", st.toString());
        });
    }

    @Test
    @Timeout(60)
    void shouldReportTheTransportCountersItExposes()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            world.sendrecv(new byte[8], 0, 8, 1 - world.rank(), 1, new byte[8], 0, 8, 1 - world.rank(), 1);
            final RankStats stats = rw.stats();
            assertEquals(transport().equals("sim"), stats.transportCounters().containsKey("matchedInHardware"), stats.toString());
            assertTrue(stats.addsPosted() >= 0 && stats.syncsPosted() >= 0, stats.toString());
        });
    }

    @Test
    @Timeout(60)
    void shouldNameTheFailingRankAndReleaseTheOthers()
    {
        final RuntimeException e = assertThrows(RuntimeException.class, () -> run(3, rw ->
        {
            if (rw.rank() == 2)
            {
                throw new IllegalStateException("boom");
            }
            rw.world().recv(new byte[1], 0, 1, 2, 1);
        }));
        assertTrue(e.getMessage().contains("rank 2"), e.getMessage());
        assertEquals("boom", e.getCause().getMessage());
    }

    @Test
    @Timeout(60)
    void shouldFailAJobThatDoesNotFinishInTime()
    {
        final RuntimeException e = assertThrows(RuntimeException.class, () ->
            LocalJob.run(2, transport(), config(), Duration.ofMillis(300), rw ->
                rw.world().recv(new byte[1], 0, 1, 1 - rw.rank(), 1)));
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
    }

    @Test
    @Timeout(60)
    void shouldTimeOutWaitsWithoutLosingTheRequest()
    {
        run(2, config().timeout(Duration.ofMillis(100)), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final int[] v = new int[1];
                final Request r = world.irecv(MessageBuffer.of(v, 0, 1), 1, 1);
                assertTrue(r.await(Duration.ofMillis(10)).isEmpty());
                final RuntimeException t = assertThrows(RuntimeException.class, () -> world.recv(MessageBuffer.of(new int[1], 0, 1),
                    1, 2));
                assertTrue(t.getMessage().contains("timed out"), t.getMessage());
                world.send(MessageBuffer.of(new int[0], 0, 0), 1, 3);
                assertEquals(4, r.await(Duration.ofSeconds(30)).orElseThrow().bytes());
                assertEquals(42, v[0]);
                assertEquals(4, world.probe(1, 2).bytes(), "the timed-out receive was withdrawn");
                final int[] w = new int[1];
                world.irecv(MessageBuffer.of(w, 0, 1), 1, 2).await(Duration.ofSeconds(30)).orElseThrow();
                assertEquals(43, w[0]);
            }
            else
            {
                world.irecv(MessageBuffer.of(new int[0], 0, 0), 0, 3).await(Duration.ofSeconds(30)).orElseThrow();
                world.send(MessageBuffer.of(new int[] {42}, 0, 1), 0, 1);
                world.send(MessageBuffer.of(new int[] {43}, 0, 1), 0, 2);
            }
        });
    }

    /**
     * The rank's progress agent, run by an Agrona AgentRunner while the rank's own thread makes no
     * call at all (it only reads {@code isDone()}, which makes no progress), completes a
     * rendezvous send: the sender must see the receiver's FIN (and, on TCP, serve its read).
     */
    /** Every other element of a {@code double[]}: a kind of memory the runtime does not know, moved by its own pack/unpack. */
    static final class EveryOther extends io.rankwire.buffer.MessageBuffer
    {
        private final double[] values;
        private final int count;

        EveryOther(final double[] values, final int count)
        {
            this.values = values;
            this.count = count;
        }

        @Override
        public int byteLength()
        {
            return count * Double.BYTES;
        }

        @Override
        protected void pack(final org.agrona.MutableDirectBuffer dst, final int dstOffset)
        {
            for (int i = 0; i < count; i++)
            {
                dst.putDouble(dstOffset + i * Double.BYTES, values[2 * i]);
            }
        }

        @Override
        protected void unpack(final org.agrona.DirectBuffer src, final int srcOffset, final int length)
        {
            for (int i = 0; i < length / Double.BYTES; i++)
            {
                values[2 * i] = src.getDouble(srcOffset + i * Double.BYTES);
            }
        }
    }

    /**
     * One descriptor type for every kind of memory: byte arrays, heap, direct and read-only
     * ByteBuffers, Agrona buffers, typed arrays and a kind of the user's own (a strided view), in
     * blocking, nonblocking, persistent and sendrecv calls and in collectives; a descriptor is
     * re-pointed between calls without touching what an earlier call described; nothing is
     * written outside what a receive descriptor describes.
     */
    @Test
    @Timeout(60)
    void shouldMoveEveryKindOfMemoryThroughOneDescriptor()
    {
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final int n = 3 * rw.eagerLimit() / 8 + 5; // rendezvous-sized doubles
            if (world.rank() == 0)
            {
                final io.rankwire.buffer.MessageBuffer.Bytes bytes = io.rankwire.buffer.MessageBuffer.of(pattern(40, 1), 3, 30);
                world.send(bytes, peer, 1);
                bytes.wrap(pattern(50, 2), 0, 50);
                final Request r = world.isend(bytes, peer, 2);
                bytes.wrap(new byte[1], 0, 1); // re-pointing after the call does not touch the request
                r.await();
                world.send(io.rankwire.buffer.MessageBuffer.of(ByteBuffer.wrap(pattern(64, 3)).asReadOnlyBuffer()), peer, 3);
                world.send(io.rankwire.buffer.MessageBuffer.of(new UnsafeBuffer(pattern(64, 4)), 8, 48), peer, 4);
                final int[] ints = {1, 2, 3, 4, 5, 6};
                world.send(io.rankwire.buffer.MessageBuffer.of(ints, 1, 4), peer, 5);
                final double[] strided = new double[2 * n];
                for (int i = 0; i < strided.length; i++)
                {
                    strided[i] = i;
                }
                world.ssend(new EveryOther(strided, n), peer, 6);
                try (PersistentRequest p = world.sendInit(io.rankwire.buffer.MessageBuffer.of(ints, 0, 6), peer, 7))
                {
                    p.start();
                    p.await();
                }
            }
            else
            {
                final byte[] a = new byte[32];
                assertEquals(30, world.recv(io.rankwire.buffer.MessageBuffer.of(a, 1, 30), peer, 1).bytes());
                assertArrayEquals(Arrays.copyOfRange(pattern(40, 1), 3, 33), Arrays.copyOfRange(a, 1, 31));
                assertEquals(0, a[0]);
                assertEquals(0, a[31]);
                final byte[] b = new byte[50];
                world.recv(io.rankwire.buffer.MessageBuffer.of(b), peer, 2);
                assertArrayEquals(pattern(50, 2), b);
                final ByteBuffer direct = ByteBuffer.allocateDirect(64);
                world.recv(io.rankwire.buffer.MessageBuffer.of(direct), peer, 3);
                final byte[] c = new byte[64];
                direct.get(0, c);
                assertArrayEquals(pattern(64, 3), c);
                final UnsafeBuffer agrona = new UnsafeBuffer(new byte[48]);
                world.recv(io.rankwire.buffer.MessageBuffer.of(agrona, 0, 48), peer, 4);
                assertArrayEquals(Arrays.copyOfRange(pattern(64, 4), 8, 56), agrona.byteArray());
                final int[] ints = new int[6];
                final Status s = world.recv(io.rankwire.buffer.MessageBuffer.of(ints, 2, 4), peer, 5);
                assertEquals(16, s.bytes());
                assertArrayEquals(new int[] {0, 0, 2, 3, 4, 5}, ints);
                final double[] strided = new double[2 * n];
                Arrays.fill(strided, -1);
                final Request r = world.irecv(new EveryOther(strided, n), peer, 6);
                assertEquals(n * Double.BYTES, r.await().bytes());
                for (int i = 0; i < strided.length; i++)
                {
                    assertEquals(i % 2 == 0 ? i : -1, strided[i], 0.0, "element " + i);
                }
                final int[] all = new int[6];
                try (PersistentRequest p = world.recvInit(io.rankwire.buffer.MessageBuffer.of(all, 0, 6), peer, 7))
                {
                    p.start();
                    p.await();
                }
                assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, all);
            }
            final long[] mine = {world.rank() + 1, 10L * (world.rank() + 1)};
            final long[] sums = new long[2];
            world.allReduce(io.rankwire.buffer.MessageBuffer.of(mine, 0, 2), io.rankwire.buffer.MessageBuffer.of(sums, 0, 2), Op.SUM);
            assertArrayEquals(new long[] {3, 30}, sums);
            final double[] got = new double[4];
            world.sendrecv(io.rankwire.buffer.MessageBuffer.of(new double[] {world.rank(), 7}, 0, 2), peer, 8,
                io.rankwire.buffer.MessageBuffer.of(got, 1, 2), peer, 8);
            assertArrayEquals(new double[] {0, peer, 7, 0}, got, 0.0);
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> world.bcast(new EveryOther(new double[2], 1), 0));
            assertTrue(e.getMessage().startsWith("buf : "), e.getMessage());
            final IllegalArgumentException nul = assertThrows(IllegalArgumentException.class,
                () -> io.rankwire.buffer.MessageBuffer.of((int[])null, 0, 1));
            assertEquals("buffer : null (expected: a buffer)", nul.getMessage());
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteARendezvousSendDrivenOnlyByTheProgressAgent()
    {
        if (funneled())
        {
            return; // the agent runs on a second thread, which funneled mode refuses (tested above)
        }
        run(2, rw ->
        {
            final Comm world = rw.world();
            final int length = 3 * rw.eagerLimit() + 1;
            if (world.rank() == 0)
            {
                final byte[] big = new byte[length];
                final Status s = world.recv(big, 0, length, 1, 1);
                assertEquals(length, s.bytes());
                assertArrayEquals(pattern(length, 9), big);
                world.send(new byte[0], 0, 0, 1, 2);
            }
            else
            {
                final Request r = world.isend(pattern(length, 9), 0, length, 0, 1);
                final org.agrona.concurrent.AgentRunner runner = new org.agrona.concurrent.AgentRunner(
                    new org.agrona.concurrent.SleepingIdleStrategy(1_000), Throwable::printStackTrace, null, rw.progressAgent());
                org.agrona.concurrent.AgentRunner.startOnThread(runner);
                try
                {
                    final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    while (!r.isDone() && System.nanoTime() < deadline)
                    {
                        Thread.sleep(1);
                    }
                    assertTrue(r.isDone(), "the agent alone completed the rendezvous send");
                }
                finally
                {
                    runner.close();
                }
                world.recv(new byte[0], 0, 0, 0, 2);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldProgressWithTheProgressThread()
    {
        if (funneled())
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config().progressThread(true).job(0, 1, "refused", new byte[16]).conclude());
            assertTrue(e.getMessage().contains("rankwire.threads : funneled with rankwire.progressThread"), e.getMessage());
            return;
        }
        run(2, config().progressThread(true), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() == 0)
            {
                final byte[] big = new byte[3 * rw.eagerLimit()];
                final CompletableFuture<Status> f = world.irecv(big, 0, big.length, 1, 1).toFuture();
                world.send(new byte[0], 0, 0, 1, 2);
                assertEquals(big.length, f.get(30, TimeUnit.SECONDS).bytes());
                assertArrayEquals(pattern(big.length, 5), big);
            }
            else
            {
                final byte[] big = pattern(3 * rw.eagerLimit(), 5);
                world.recv(new byte[0], 0, 0, 0, 2);
                world.send(big, 0, big.length, 0, 1);
            }
        });
    }
}
