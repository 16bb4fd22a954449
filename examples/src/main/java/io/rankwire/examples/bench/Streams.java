package io.rankwire.examples.bench;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * The windowed streaming loops of {@link Bandwidth}, {@link BiBandwidth} and {@link MessageRate},
 * over Rankwire and over the raw baseline. Each returns the nanoseconds the timed iterations took
 * on rank 0 (rank 1's figure is not used). Every iteration moves {@code window} messages of
 * {@code size} bytes, then (one-way streams) waits for a zero-byte acknowledgement.
 */
final class Streams implements AutoCloseable
{
    private static final int DATA = 21;
    private static final int ACK = 22;

    private final Comm world;
    private final int window;
    private final Request[] requests;
    private final UnsafeBuffer sendBuf;
    private final UnsafeBuffer recvBuf;
    /**
     * The Rankwire streams' messages, {@code [0, size)} of sendBuf and recvBuf: made once, re-pointed
     * ({@code wrap}, no allocation) at each size before its loop.
     */
    private final MessageBuffer.Direct sendMsg;
    private final MessageBuffer.Direct recvMsg;
    /** Zero-byte acknowledgements. */
    private final MessageBuffer ackOut;
    private final MessageBuffer ackIn;
    private final ByteBuffer rawSend;
    private final ByteBuffer rawRecv;
    private final ByteBuffer rawAck = ByteBuffer.allocateDirect(1);
    private final Rankwire rw;

    Streams(final Comm world, final int window, final int maxSize)
    {
        this(world, window, maxSize, null);
    }

    /**
     * With {@code rw} non-null Rankwire's own streams send from and receive into buffers from
     * {@link Rankwire#allocate} (over shm, memory the peer reads directly: one copy per message
     * instead of two); the raw baseline keeps its direct buffers. {@link #close()} frees them.
     */
    Streams(final Comm world, final int window, final int maxSize, final Rankwire rw)
    {
        this.world = world;
        this.window = window;
        this.requests = new Request[2 * window];
        this.rawSend = ByteBuffer.allocateDirect(Math.max(1, maxSize));
        this.rawRecv = ByteBuffer.allocateDirect(Math.max(1, maxSize));
        this.rw = rw;
        this.sendBuf = new UnsafeBuffer(rw == null ? rawSend : rw.allocate(Math.max(1, maxSize)));
        this.recvBuf = new UnsafeBuffer(rw == null ? rawRecv : rw.allocate(Math.max(1, maxSize)));
        this.sendMsg = MessageBuffer.of(sendBuf, 0, 0);
        this.recvMsg = MessageBuffer.of(recvBuf, 0, 0);
        this.ackOut = MessageBuffer.of(sendBuf, 0, 0);
        this.ackIn = MessageBuffer.of(recvBuf, 0, 0);
    }

    /** Frees the buffers {@link Rankwire#allocate} gave, if any. */
    @Override
    public void close()
    {
        if (rw != null)
        {
            rw.free(sendBuf.byteBuffer());
            rw.free(recvBuf.byteBuffer());
        }
    }

    /**
     * Nanoseconds for rank 0 to copy {@code iters} windows of {@code size} bytes from one direct
     * buffer into another (one thread, Agrona's {@code putBytes}: {@code Unsafe.copyMemory}), the
     * bytes the streams move; rank 1 waits meanwhile and gets 0.
     */
    long memcpy(final int size, final int iters)
    {
        final int peer = 1 - world.rank();
        if (world.rank() != 0)
        {
            world.recv(ackIn, peer, ACK);
            return 0;
        }
        final UnsafeBuffer from = new UnsafeBuffer(rawSend);
        final UnsafeBuffer to = new UnsafeBuffer(rawRecv);
        final long start = System.nanoTime();
        for (int i = 0; i < iters * window; i++)
        {
            to.putBytes(0, from, 0, size);
        }
        final long took = System.nanoTime() - start;
        world.send(ackOut, peer, ACK);
        return took;
    }

    /** Rank 0 sends {@code window} messages to rank 1 per iteration. */
    long oneWay(final int size, final int iters, final int warmup)
    {
        final int peer = 1 - world.rank();
        sendMsg.wrap(sendBuf, 0, size);
        recvMsg.wrap(recvBuf, 0, size);
        long start = System.nanoTime();
        for (int i = 0; i < warmup + iters; i++)
        {
            if (i == warmup)
            {
                start = System.nanoTime();
            }
            if (world.rank() == 0)
            {
                for (int j = 0; j < window; j++)
                {
                    requests[j] = world.isend(sendMsg, peer, DATA);
                }
                waitWindow(window);
                world.recv(ackIn, peer, ACK);
            }
            else
            {
                for (int j = 0; j < window; j++)
                {
                    requests[j] = world.irecv(recvMsg, peer, DATA);
                }
                waitWindow(window);
                world.send(ackOut, peer, ACK);
            }
        }
        return System.nanoTime() - start;
    }

    /** Both ranks send {@code window} messages to each other per iteration. */
    long bothWays(final int size, final int iters, final int warmup)
    {
        final int peer = 1 - world.rank();
        sendMsg.wrap(sendBuf, 0, size);
        recvMsg.wrap(recvBuf, 0, size);
        long start = System.nanoTime();
        for (int i = 0; i < warmup + iters; i++)
        {
            if (i == warmup)
            {
                start = System.nanoTime();
            }
            for (int j = 0; j < window; j++)
            {
                requests[j] = world.irecv(recvMsg, peer, DATA);
            }
            for (int j = 0; j < window; j++)
            {
                requests[window + j] = world.isend(sendMsg, peer, DATA);
            }
            waitWindow(2 * window);
        }
        return System.nanoTime() - start;
    }

    /** {@link #oneWay} over the raw channel. */
    long rawOneWay(final RawChannel raw, final int size, final int iters, final int warmup)
    {
        long start = System.nanoTime();
        for (int i = 0; i < warmup + iters; i++)
        {
            if (i == warmup)
            {
                start = System.nanoTime();
            }
            if (world.rank() == 0)
            {
                for (int j = 0; j < window; j++)
                {
                    raw.send(rawSend, size);
                }
                raw.recv(rawAck, 0);
            }
            else
            {
                for (int j = 0; j < window; j++)
                {
                    raw.recv(rawRecv, size);
                }
                raw.send(rawAck, 0);
            }
        }
        return System.nanoTime() - start;
    }

    /** {@link #bothWays} over the raw channel: a sending thread and the receiving caller per rank. */
    long rawBothWays(final RawChannel raw, final int size, final int iters, final int warmup)
    {
        rawDuplex(raw, size, warmup * window);
        final long start = System.nanoTime();
        rawDuplex(raw, size, iters * window);
        return System.nanoTime() - start;
    }

    private void rawDuplex(final RawChannel raw, final int size, final int messages)
    {
        final Thread sender = new Thread(() ->
        {
            for (int m = 0; m < messages; m++)
            {
                raw.send(rawSend, size);
            }
        }, "raw-sender");
        sender.start();
        for (int m = 0; m < messages; m++)
        {
            raw.recv(rawRecv, size);
        }
        try
        {
            sender.join();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while streaming", e);
        }
    }

    private void waitWindow(final int count)
    {
        for (int j = 0; j < count; j++)
        {
            requests[j].await();
            requests[j] = null;
        }
    }
}
