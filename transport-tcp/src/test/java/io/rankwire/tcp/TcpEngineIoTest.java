package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.progress.Wakeup;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Engine-thread I/O ({@code rankwire.tcp.engineIo}): the polling thread reads and writes the
 * sockets itself after the handshake, and a waiting thread blocks on them in the kernel.
 */
class TcpEngineIoTest
{
    private static final Map<String, String> ENGINE_IO = TcpJob.settings();
    private static final long LONG_WAIT_NS = TimeUnit.SECONDS.toNanos(60);

    @Test
    @Timeout(60)
    void shouldKeepPerPairOrderIncludingFramesPostedBeforeTheConnection() throws Exception
    {
        final int count = 5_000;
        try (TcpJob job = new TcpJob(2, ENGINE_IO).allDriven())
        {
            final List<TcpJob.Seen> sink = new ArrayList<>();
            for (int i = 0; i < count; i++)
            {
                final byte[] payload = new byte[1 + (i % 3) * 700];
                payload[0] = (byte)i;
                final UnsafeBuffer m = TcpJob.message(i, payload);
                assertEquals(ReturnCode.OK, TcpJob.retry(job.ranks[0],
                    () -> job.ranks[0].postSend(1, m, 0, 16, m, 16, payload.length, 0), sink));
            }
            final List<TcpJob.Seen> got = TcpJob.await(job.ranks[1], count);
            for (int i = 0; i < count; i++)
            {
                assertEquals(i, got.get(i).tag());
                assertEquals((byte)i, got.get(i).bytes[16]);
                assertEquals(16 + 1 + (i % 3) * 700, got.get(i).bytes.length);
            }
            assertNotNull(linkSession(job.ranks[0], 1), "rank 0 drives its connection itself");
        }
    }

    @Test
    @Timeout(60)
    void shouldCarryMessagesUpToTheMaximumSizeAndRefuseLarger() throws Exception
    {
        try (TcpJob job = new TcpJob(2, ENGINE_IO).allDriven())
        {
            final int max = job.ranks[0].capabilities().maxMessageSize();
            final byte[] payload = new byte[max - 16];
            new Random(7).nextBytes(payload);
            final UnsafeBuffer m = TcpJob.message(3, Arrays.copyOf(payload, payload.length + 1));
            assertEquals(ReturnCode.TOO_LARGE, job.ranks[0].postSend(1, m, 0, 16, m, 16, payload.length + 1, 0));
            assertEquals(ReturnCode.OK, TcpJob.retry(job.ranks[0],
                () -> job.ranks[0].postSend(1, m, 0, 16, m, 16, payload.length, 0), new ArrayList<>()));
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread sender = poller(job.ranks[0], running);
            try
            {
                final List<TcpJob.Seen> got = TcpJob.await(job.ranks[1], 1);
                final byte[] body = new byte[payload.length];
                System.arraycopy(got.get(0).bytes, 16, body, 0, body.length);
                assertArrayEquals(payload, body);
            }
            finally
            {
                running.set(false);
                sender.join();
            }
        }
    }

    @Test
    @Timeout(90)
    void shouldReadSixtyFourMebibytesFromAPollingOwner() throws Exception
    {
        final int length = 64 << 20;
        try (TcpJob job = new TcpJob(2, ENGINE_IO).allDriven())
        {
            final byte[] source = new byte[length];
            new Random(11).nextBytes(source);
            final MemoryRegion region = job.ranks[1].register(new UnsafeBuffer(source), 0, length);
            final UnsafeBuffer dst = new UnsafeBuffer(ByteBuffer.allocateDirect(length + 2));
            dst.putByte(0, (byte)0x5A);
            dst.putByte(length + 1, (byte)0x5A);
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread owner = poller(job.ranks[1], running);
            try
            {
                assertEquals(ReturnCode.OK, job.ranks[0].postRead(1, region.va(), region.rkey(), length, dst, 1, 42));
                final TcpJob.Seen done = TcpJob.await(job.ranks[0], 1).get(0);
                assertEquals(CompletionOpcode.READ, done.opcode);
                assertEquals(CompletionStatus.SUCCESS, done.status);
                assertEquals(42, done.wrId);
            }
            finally
            {
                running.set(false);
                owner.join();
            }
            final byte[] copy = new byte[length];
            dst.getBytes(1, copy);
            assertEquals(crc(source), crc(copy));
            assertEquals((byte)0x5A, dst.getByte(0));
            assertEquals((byte)0x5A, dst.getByte(length + 1));
        }
    }

    @Test
    @Timeout(60)
    void shouldReadASubRangeIntoAHeapDestinationWithoutTouchingItsNeighbours() throws Exception
    {
        final int regionLength = 1 << 20;
        final int length = 600 << 10;
        try (TcpJob job = new TcpJob(2, TcpJob.settings("readChunk", "100000")).allDriven())
        {
            final byte[] source = new byte[regionLength];
            new Random(5).nextBytes(source);
            final MemoryRegion region = job.ranks[1].register(new UnsafeBuffer(source), 0, regionLength);
            final byte[] dst = new byte[length + 6];
            Arrays.fill(dst, (byte)0x33);
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread owner = poller(job.ranks[1], running);
            try
            {
                assertEquals(ReturnCode.OK, job.ranks[0].postRead(
                    1, region.va() + 1000, region.rkey(), length, new UnsafeBuffer(dst, 1, length + 4), 2, 5));
                assertEquals(CompletionStatus.SUCCESS, TcpJob.await(job.ranks[0], 1).get(0).status);
            }
            finally
            {
                running.set(false);
                owner.join();
            }
            assertArrayEquals(Arrays.copyOfRange(source, 1000, 1000 + length),
                Arrays.copyOfRange(dst, 3, 3 + length));
            for (final int guard : new int[] {0, 1, 2, 3 + length, 4 + length, 5 + length})
            {
                assertEquals((byte)0x33, dst[guard], "byte " + guard);
            }
        }
    }

    @Test
    @Timeout(60)
    void shouldReportPeerFailedWhenThePeerDropsItsConnection() throws Exception
    {
        try (TcpJob job = new TcpJob(3, ENGINE_IO).allDriven())
        {
            final UnsafeBuffer m = TcpJob.message(1, new byte[8]);
            assertEquals(ReturnCode.OK, job.ranks[1].postSend(0, m, 0, 16, m, 16, 8, 0));
            assertEquals(ReturnCode.OK, job.ranks[2].postSend(0, m, 0, 16, m, 16, 8, 0));
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread third = poller(job.ranks[2], running);
            try
            {
                assertEquals(2, TcpJob.await(job.ranks[0], 2, s -> s.opcode == CompletionOpcode.RECV).size());
            }
            finally
            {
                running.set(false);
                third.join();
            }
            job.ranks[1].close(false);
            final TcpJob.Seen failed = TcpJob.await(job.ranks[0], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED).get(0);
            assertEquals(1, failed.peer);
            assertEquals(ReturnCode.PEER_FAILED, job.ranks[0].postSend(1, m, 0, 16, m, 16, 8, 0));
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(2, m, 0, 16, m, 16, 8, 0));
            assertEquals(1, TcpJob.await(job.ranks[2], 1, s -> s.opcode == CompletionOpcode.RECV).size());
        }
    }

    @Test
    @Timeout(60)
    void shouldReadOnlyTheSessionsThatHaveSomethingWhenManyPeersAreConnected() throws Exception
    {
        final int size = 2 + ReadySet.SELECT_ABOVE;
        try (TcpJob job = new TcpJob(size, TcpJob.settings("connect", "eager")).allDriven())
        {
            final TcpTransport zero = job.ranks[0];
            for (int p = 1; p < size; p++)
            {
                while (zero.sessionOf(p) == null)
                {
                    zero.poll(c -> { }, 64); // the sessions' first polls decode what the handshake left
                    TcpJob.idle();
                }
            }
            zero.poll(c -> { }, 64);
            final long[] before = new long[size];
            for (int p = 1; p < size; p++)
            {
                before[p] = zero.sessionOf(p).polls();
            }
            final UnsafeBuffer m = TcpJob.message(9, new byte[8]);
            final int last = size - 1;
            assertEquals(ReturnCode.OK, job.ranks[last].postSend(0, m, 0, 16, m, 16, 8, 0));
            final TcpJob.Seen got = TcpJob.await(zero, 1).get(0);
            assertEquals(last, got.peer);
            assertEquals(9, got.tag());
            assertTrue(zero.sessionOf(last).polls() > before[last]);
            for (int p = 1; p < last; p++)
            {
                assertEquals(before[p], zero.sessionOf(p).polls(), "session with silent rank " + p + " was read");
            }
        }
    }

    @Test
    @Timeout(60)
    void shouldTreatGoodbyeAsAnOrderlyCloseAfterEarlierMessages() throws Exception
    {
        final TcpJob job = new TcpJob(2, ENGINE_IO).allDriven();
        try
        {
            for (int i = 0; i < 100; i++)
            {
                final UnsafeBuffer m = TcpJob.message(i, new byte[100]);
                assertEquals(ReturnCode.OK, TcpJob.retry(job.ranks[0],
                    () -> job.ranks[0].postSend(1, m, 0, 16, m, 16, 100, 0), new ArrayList<>()));
            }
            job.ranks[0].close();
            final List<TcpJob.Seen> got = TcpJob.await(job.ranks[1], 100);
            assertEquals(99, got.get(99).tag());
            while (job.ranks[1].linkState(0) == PeerLink.READY)
            {
                job.ranks[1].poll(c -> got.add(new TcpJob.Seen(c)), 64);
                TcpJob.idle();
            }
            assertEquals(PeerLink.CLOSED, job.ranks[1].linkState(0));
            assertEquals(100, got.size(), got.toString());
            final UnsafeBuffer m = TcpJob.message(1, new byte[8]);
            assertEquals(ReturnCode.PEER_FAILED, job.ranks[1].postSend(0, m, 0, 16, m, 16, 8, 0));
        }
        finally
        {
            job.close();
        }
    }

    @Test
    @Timeout(30)
    void shouldEndInOrderWhenAWriteFailsBeforeTheGoodbyeWaitingInTheSocketIsRead() throws Exception
    {
        final TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager")).allDriven();
        try
        {
            final UnsafeBuffer m = TcpJob.message(1, new byte[8]);
            assertEquals(ReturnCode.OK, job.ranks[1].postSend(0, m, 0, 16, m, 16, 8, 0));
            assertEquals(1, TcpJob.await(job.ranks[0], 1).size());
            job.ranks[0].close(); // GOODBYE, then the socket closes; rank 1 does not poll meanwhile
            int rc = ReturnCode.OK;
            for (int i = 0; i < 200 && rc == ReturnCode.OK; i++)
            {
                rc = job.ranks[1].postSend(0, m, 0, 16, m, 16, 8, 0); // the closed peer answers with a reset
                Thread.sleep(10);
            }
            assertEquals(ReturnCode.PEER_FAILED, rc, "a write to the closed peer failed");
            final List<TcpJob.Seen> seen = new ArrayList<>();
            for (int i = 0; i < 200 && job.ranks[1].linkState(0) == PeerLink.READY; i++)
            {
                job.ranks[1].poll(c -> seen.add(new TcpJob.Seen(c)), 64);
                Thread.sleep(5);
            }
            assertEquals(PeerLink.CLOSED, job.ranks[1].linkState(0), "the GOODBYE in the socket decided: an orderly close");
            assertTrue(seen.stream().noneMatch(c -> c.opcode == CompletionOpcode.PEER_FAILED), seen.toString());
        }
        finally
        {
            job.close();
        }
    }

    @Test
    @Timeout(30)
    void shouldWakeAThreadBlockedInAwaitActivityWhenAFrameArrives() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager")).allDriven())
        {
            final List<TcpJob.Seen> got = new ArrayList<>();
            final Thread receiver = new Thread(() ->
            {
                while (job.ranks[1].poll(c -> got.add(new TcpJob.Seen(c)), 64) == 0)
                {
                    assertTrue(job.ranks[1].awaitActivity(LONG_WAIT_NS));
                }
            });
            receiver.start();
            final UnsafeBuffer m = TcpJob.message(9, new byte[8]);
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, m, 0, 16, m, 16, 8, 0));
            receiver.join();
            assertEquals(1, got.size());
            assertEquals(9, got.get(0).tag());
        }
    }

    @Test
    @Timeout(30)
    void shouldEndAKernelWaitOnSignal() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager")).allDriven())
        {
            final Wakeup wakeup = new Wakeup();
            wakeup.attach(job.ranks[1]);
            final long seen = wakeup.epoch();
            final Thread waiter = new Thread(() -> wakeup.await(LONG_WAIT_NS, LONG_WAIT_NS, seen));
            waiter.start();
            wakeup.signal();
            waiter.join();
            assertTrue(job.ranks[1].awaitActivity(1), "a transport offers a kernel wait");
        }
    }

    @Test
    @Timeout(30)
    void shouldWakeAThreadBlockedInAwaitActivityWhenAFrameArrivesOverTls() throws Exception
    {
        try (TcpJob job = new TcpJob(2, TcpJob.settings("connect", "eager", "tls", "true")).allDriven())
        {
            assertTrue(linkSession(job.ranks[1], 0).isTls());
            final List<TcpJob.Seen> got = new ArrayList<>();
            final Thread receiver = new Thread(() ->
            {
                while (job.ranks[1].poll(c -> got.add(new TcpJob.Seen(c)), 64) == 0)
                {
                    assertTrue(job.ranks[1].awaitActivity(LONG_WAIT_NS));
                }
            });
            receiver.start();
            final UnsafeBuffer m = TcpJob.message(5, new byte[3]);
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, m, 0, 16, m, 16, 3, 0));
            receiver.join();
            assertEquals(1, got.size());
            assertEquals(5, got.get(0).tag());
        }
    }

    private static EngineSession linkSession(final TcpTransport t, final int peer)
    {
        return t.sessionOf(peer);
    }

    /** Polls {@code rank} until {@code running} is cleared, as a rank waiting in the runtime does. */
    private static Thread poller(final TcpTransport rank, final AtomicBoolean running)
    {
        final Thread t = new Thread(() ->
        {
            while (running.get())
            {
                if (rank.poll(c -> { }, 64) == 0)
                {
                    Thread.yield();
                }
            }
        });
        t.start();
        return t;
    }

    private static long crc(final byte[] bytes)
    {
        final CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
