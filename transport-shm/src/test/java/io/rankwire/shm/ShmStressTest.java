package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Traffic through the whole stack over shared memory, in each ring layout and with the
 * transport squeezed: wildcard receives keeping every sender's order, a flood of small messages
 * into one late receiver, and a soak of random-size messages of every buffer kind (heap arrays,
 * direct buffers, the shared heap) checked with CRC-32s.
 */
class ShmStressTest
{
    @TempDir
    Path dir;

    static Stream<Arguments> layouts()
    {
        return Stream.of(
            Arguments.of("pair rings", Map.of()),
            Arguments.of("shared ring", Map.of("rankwire.shm.rings", "shared")),
            Arguments.of("tight", Map.of("rankwire.shm.ringBytes", "8192", "rankwire.shm.slotBytes", "4096",
                "rankwire.shm.slots", "2", "rankwire.shm.doorbell", "none")));
    }

    private RankwireConfig config(final Map<String, String> settings)
    {
        return new RankwireConfig().setAll(settings).set(ShmSettings.DIR, dir.toString());
    }

    /** {@code length} random bytes whose first 8 hold the CRC-32 of the rest (at least 8 bytes). */
    private static void fill(final ByteBuffer b, final int length, final Random random)
    {
        fill(b, length, -1, random);
    }

    /** Like {@link #fill(ByteBuffer, int, Random)}, with {@code seq} in bytes 8..11 when not negative. */
    private static void fill(final ByteBuffer b, final int length, final int seq, final Random random)
    {
        final byte[] body = new byte[length - 8];
        random.nextBytes(body);
        if (seq >= 0)
        {
            ByteBuffer.wrap(body).putInt(0, seq);
        }
        final CRC32 crc = new CRC32();
        crc.update(body);
        b.clear();
        b.putLong(crc.getValue()).put(body).flip();
    }

    private static void check(final ByteBuffer b, final int length, final String what)
    {
        final ByteBuffer body = b.duplicate().position(8).limit(length);
        final CRC32 crc = new CRC32();
        crc.update(body);
        assertEquals(b.getLong(0), crc.getValue(), what);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    @Timeout(120)
    void shouldKeepEverySendersOrderUnderWildcardReceives(final String name, final Map<String, String> settings)
    {
        final int perSender = 600;
        LocalJob.run(4, "shm", config(settings), Duration.ofSeconds(100), rw ->
        {
            final Comm world = rw.world();
            final Random random = new Random(world.rank());
            if (world.rank() > 0)
            {
                final Request[] reqs = new Request[perSender];
                for (int i = 0; i < perSender; i++)
                {
                    final int length = 12 + random.nextInt(random.nextBoolean() ? 64 : 60_000);
                    final ByteBuffer buf = ByteBuffer.allocate(length);
                    fill(buf, length, i, random);
                    reqs[i] = world.isend(buf.array(), 0, length, 0, i % 3);
                }
                Request.waitAll(reqs);
                return;
            }
            final ByteBuffer buf = ByteBuffer.allocate(100_000);
            final BitSet[] received = {new BitSet(), new BitSet(), new BitSet(), new BitSet()};
            final MutableStatus st = new MutableStatus();
            // messages of each tag not yet received: a receive for a tag of which none is left could
            // never match (the any-tag receives take the tags in whatever order they arrive)
            final int[] left = {perSender, perSender, perSender}; // 3 senders, perSender / 3 of each tag
            for (int k = 0; k < 3 * perSender; k++)
            {
                final boolean anyTag = k % 2 == 0;
                int tag = k % 3;
                while (left[tag] == 0)
                {
                    tag = (tag + 1) % 3;
                }
                world.recv(buf.array(), 0, buf.capacity(), Comm.ANY_SOURCE, anyTag ? Comm.ANY_TAG : tag, st);
                final int seq = buf.getInt(8);
                final BitSet got = received[st.source()];
                assertEquals(seq % 3, st.tag());
                if (!anyTag)
                {
                    assertEquals(tag, st.tag(), "the tag of a receive for one tag");
                }
                left[st.tag()]--;
                int earliest = anyTag ? got.nextClearBit(0) : st.tag();
                while (!anyTag && got.get(earliest))
                {
                    earliest += 3;
                }
                assertEquals(earliest, seq, name + ": the earliest message of rank " + st.source() +
                    (anyTag ? "" : " with tag " + st.tag()) + " left");
                got.set(seq);
                check(buf, st.bytes(), name + ": payload of rank " + st.source() + " message " + seq);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    @Timeout(120)
    void shouldDeliverAFloodFromEveryRankToALateReceiverInOrder(final String name, final Map<String, String> settings)
    {
        final int perSender = 5000;
        LocalJob.run(5, "shm", config(settings).credits(16), Duration.ofSeconds(100), rw ->
        {
            final Comm world = rw.world();
            if (world.rank() > 0)
            {
                final Request[] window = new Request[perSender];
                final long[][] values = new long[perSender][1];
                for (int i = 0; i < perSender; i++)
                {
                    values[i][0] = ((long)world.rank() << 32) | i;
                    window[i] = world.isend(MessageBuffer.of(values[i], 0, 1), 0, 4);
                }
                world.barrier();
                Request.waitAll(window);
                return;
            }
            world.barrier();
            final int[] next = new int[5];
            final long[] v = new long[1];
            final MutableStatus st = new MutableStatus();
            for (int k = 0; k < 4 * perSender; k++)
            {
                world.recv(MessageBuffer.of(v, 0, 1), Comm.ANY_SOURCE, 4, st);
                final int sender = (int)(v[0] >>> 32);
                assertEquals(st.source(), sender);
                assertEquals(next[sender]++, (int)v[0], name + ": order of rank " + sender);
            }
            assertTrue(rw.unexpectedBytesHighWater() <= rw.unexpectedBytesBound(), rw.stats().toString());
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    @Timeout(180)
    void shouldSoakRandomTrafficOfEveryBufferKindIntact(final String name, final Map<String, String> settings) throws Exception
    {
        final int rounds = 40;
        LocalJob.run(4, "shm", config(settings), Duration.ofSeconds(160), rw ->
        {
            final Comm world = rw.world();
            final int n = world.size();
            final Random random = new Random(1000 + world.rank());
            final ByteBuffer[] out = new ByteBuffer[n];
            final ByteBuffer[] in = new ByteBuffer[n];
            for (int p = 0; p < n; p++)
            {
                out[p] = buffer(rw, p, 2 << 20);
                in[p] = buffer(rw, p + 1, 2 << 20);
            }
            for (int round = 0; round < rounds; round++)
            {
                final Request[] reqs = new Request[2 * n];
                final int[][] sizes = new int[n][1];
                final Request[] sizeReqs = new Request[2 * n];
                for (int p = 0; p < n; p++)
                {
                    final int length = 8 + (random.nextInt(4) == 0 ? random.nextInt(2 << 20) - 8 : random.nextInt(40_000));
                    sizes[p][0] = length;
                    fill(out[p], length, random);
                    sizeReqs[2 * p] = world.isend(MessageBuffer.of(sizes[p], 0, 1), p, 100 + round);
                }
                final int[][] incoming = new int[n][1];
                for (int p = 0; p < n; p++)
                {
                    sizeReqs[2 * p + 1] = world.irecv(MessageBuffer.of(incoming[p], 0, 1), p, 100 + round);
                }
                Request.waitAll(sizeReqs);
                for (int p = 0; p < n; p++)
                {
                    in[p].clear();
                    reqs[2 * p] = world.irecv(in[p], p, round);
                    reqs[2 * p + 1] = world.isend(out[p], p, round);
                }
                Request.waitAll(reqs);
                for (int p = 0; p < n; p++)
                {
                    assertEquals(incoming[p][0], reqs[2 * p].await().bytes(), name + ": length from " + p);
                    check(in[p], incoming[p][0], name + ": round " + round + " from rank " + p);
                }
            }
            world.barrier();
        });
        try (Stream<Path> left = Files.list(dir))
        {
            assertEquals(0, left.count());
        }
    }

    /** A heap, direct or shared-heap buffer, by {@code kind}. */
    private static ByteBuffer buffer(final Rankwire rw, final int kind, final int capacity)
    {
        switch (kind % 3)
        {
            case 0: return ByteBuffer.allocate(capacity);
            case 1: return ByteBuffer.allocateDirect(capacity);
            default: return rw.allocate(capacity).order(ByteOrder.BIG_ENDIAN);
        }
    }
}
