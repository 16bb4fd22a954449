package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TcpMessagingTest
{
    @Test
    void shouldKeepPerPairOrderUnderBursts() throws Exception
    {
        final int count = 10_000;
        try (TcpJob job = new TcpJob(2, Map.of()).allDriven())
        {
            final ExecutorService pool = Executors.newSingleThreadExecutor();
            try
            {
                final Future<?> sender = pool.submit(() -> sendSequence(job.ranks[0], 1, count, 0));
                final List<TcpJob.Seen> seen = TcpJob.await(job.ranks[1], count);
                sender.get();
                for (int i = 0; i < count; i++)
                {
                    assertEquals(i, seen.get(i).tag(), "message " + i);
                    assertEquals(0, seen.get(i).peer);
                    assertEquals(16 + i % 100, seen.get(i).bytes.length);
                }
            }
            finally
            {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void shouldExchangeAllToAllAmongFourRanksInOrder() throws Exception
    {
        final int size = 4;
        final int perPeer = 1_000;
        try (TcpJob job = new TcpJob(size, Map.of()).allDriven())
        {
            final ExecutorService pool = Executors.newFixedThreadPool(size);
            try
            {
                final List<Future<List<TcpJob.Seen>>> results = new ArrayList<>();
                for (int r = 0; r < size; r++)
                {
                    final TcpTransport t = job.ranks[r];
                    results.add(pool.submit(() -> allToAll(t, size, perPeer)));
                }
                for (int r = 0; r < size; r++)
                {
                    final List<TcpJob.Seen> seen = results.get(r).get();
                    final int[] next = new int[size];
                    for (final TcpJob.Seen s : seen)
                    {
                        assertEquals(next[s.peer]++, s.tag(), "rank " + r + " from " + s.peer);
                    }
                    for (int p = 0; p < size; p++)
                    {
                        assertEquals(perPeer, next[p], "rank " + r + " from " + p);
                    }
                }
            }
            finally
            {
                pool.shutdownNow();
            }
        }
    }

    private static List<TcpJob.Seen> allToAll(final TcpTransport t, final int size, final int perPeer)
    {
        final List<TcpJob.Seen> seen = new ArrayList<>();
        final UnsafeBuffer msg = TcpJob.message(0, new byte[64]);
        for (int i = 0; i < perPeer; i++)
        {
            for (int p = 0; p < size; p++)
            {
                final int peer = (t.tcp.rank + p) % size;
                msg.putLong(8, i, java.nio.ByteOrder.BIG_ENDIAN);
                assertEquals(ReturnCode.OK, TcpJob.retry(t, () -> t.postSend(peer, msg, 0, 16, msg, 16, 64, 0), seen));
            }
        }
        seen.addAll(TcpJob.await(t, size * perPeer - seen.size()));
        return seen;
    }

    @Test
    void shouldDeliverSendsToSelfThroughPoll() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final TcpTransport t = job.ranks[1];
            for (int i = 0; i < 100; i++)
            {
                final UnsafeBuffer msg = TcpJob.message(i, new byte[] {(byte)i});
                assertEquals(ReturnCode.OK, t.postSend(1, msg, 0, 16, msg, 16, 1, 0));
            }
            final List<TcpJob.Seen> seen = TcpJob.await(t, 100);
            for (int i = 0; i < 100; i++)
            {
                assertEquals(CompletionOpcode.RECV, seen.get(i).opcode);
                assertEquals(1, seen.get(i).peer);
                assertEquals(i, seen.get(i).tag());
                assertEquals((byte)i, seen.get(i).bytes[16]);
            }
        }
    }

    @Test
    void shouldCarryMessagesUpToTheMaximumSizeAndRefuseLarger() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final int max = job.ranks[0].capabilities().maxMessageSize();
            final byte[] payload = new byte[max - 16];
            new Random(7).nextBytes(payload);
            final UnsafeBuffer msg = TcpJob.message(9, payload);
            final UnsafeBuffer header = new UnsafeBuffer(new byte[16]);
            msg.getBytes(0, header, 0, 16);
            final UnsafeBuffer heapPayload = new UnsafeBuffer(payload);
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, msg, 0, 16, msg, 16, payload.length, 0));
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, header, 0, 16, heapPayload, 0, payload.length, 0));
            assertEquals(ReturnCode.TOO_LARGE,
                job.ranks[0].postSend(1, header, 0, 16, new UnsafeBuffer(new byte[max]), 0, max - 15, 0));
            final List<TcpJob.Seen> seen = TcpJob.await(job.ranks[1], 2);
            for (final TcpJob.Seen s : seen)
            {
                assertEquals(max, s.bytes.length);
                final byte[] got = new byte[payload.length];
                System.arraycopy(s.bytes, 16, got, 0, got.length);
                assertArrayEquals(payload, got);
            }
        }
    }

    @Test
    void shouldRejectBadArgumentsWithReturnCodes() throws Exception
    {
        try (TcpJob job = new TcpJob(2, Map.of()))
        {
            final TcpTransport t = job.ranks[0];
            final UnsafeBuffer msg = TcpJob.message(1, new byte[4]);
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(2, msg, 0, 16, msg, 16, 4, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(-1, msg, 0, 16, msg, 16, 4, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postSend(1, msg, 0, 8, msg, 16, 4, 0));
            assertEquals(ReturnCode.INVALID_ARGUMENT, t.postRead(1, 0, 1, 10, new UnsafeBuffer(new byte[5]), 0, 0));
            t.close();
            assertEquals(ReturnCode.CLOSED, t.postSend(1, msg, 0, 16, msg, 16, 4, 0));
        }
    }

    static void sendSequence(final TcpTransport t, final int peer, final int count, final long firstTag)
    {
        final List<TcpJob.Seen> ignored = new ArrayList<>();
        final UnsafeBuffer msg = TcpJob.message(0, new byte[100]);
        for (int i = 0; i < count; i++)
        {
            msg.putLong(8, firstTag + i, java.nio.ByteOrder.BIG_ENDIAN);
            final int len = i % 100;
            assertEquals(ReturnCode.OK, TcpJob.retry(t, () -> t.postSend(peer, msg, 0, 16, msg, 16, len, 0), ignored));
        }
        TcpJob.flush(t, peer);
    }
}
