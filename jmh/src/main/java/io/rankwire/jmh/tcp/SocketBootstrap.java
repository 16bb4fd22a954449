package io.rankwire.jmh.tcp;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.rankwire.RankwireException;
import io.rankwire.spi.Bootstrap;

/**
 * The bootstrap of a two-rank job whose ranks are connected by one socket (the benchmark
 * process and the partner it started). Each {@code put} is sent to the peer at once; a reader
 * thread files the peer's entries and barrier arrivals.
 *
 * <pre>
 *   frame := PUT(1) key:UTF value-length:i32 value:bytes
 *          | BARRIER(2)
 * </pre>
 *
 * When the peer's side closes while this side is not closing, {@code onPeerLost} runs (the
 * partner uses it to exit when the benchmark process is gone).
 */
public final class SocketBootstrap implements Bootstrap, AutoCloseable
{
    private static final byte PUT = 1;
    private static final byte BARRIER = 2;

    private final int rank;
    private final Socket socket;
    private final DataOutputStream out;
    private final Map<String, byte[]> local = new HashMap<>();
    private final Map<String, byte[]> remote = new HashMap<>();
    private final Runnable onPeerLost;
    private int barriersSent;
    private int barriersReceived;
    private boolean peerGone;
    private volatile boolean closing;

    /** Rank {@code rank} (0 or 1) of a two-rank job over {@code socket}; {@code onPeerLost} runs if the peer goes away unexpectedly. */
    public SocketBootstrap(final int rank, final Socket socket, final Runnable onPeerLost) throws IOException
    {
        if (rank != 0 && rank != 1)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0..1)");
        }
        this.rank = rank;
        this.socket = socket;
        this.onPeerLost = Objects.requireNonNull(onPeerLost, "onPeerLost");
        socket.setTcpNoDelay(true);
        this.out = new DataOutputStream(socket.getOutputStream());
        final DataInputStream in = new DataInputStream(socket.getInputStream());
        final Thread reader = new Thread(() -> readLoop(in), "bootstrap-reader-" + rank);
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public int rank()
    {
        return rank;
    }

    @Override
    public int size()
    {
        return 2;
    }

    @Override
    public void put(final String key, final byte[] value)
    {
        synchronized (this)
        {
            local.put(key, value.clone());
        }
        synchronized (out)
        {
            try
            {
                out.writeByte(PUT);
                out.writeUTF(key);
                out.writeInt(value.length);
                out.write(value);
                out.flush();
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("bootstrap put '" + key + "'", e);
            }
        }
    }

    @Override
    public synchronized byte[] get(final int fromRank, final String key, final Duration timeout)
    {
        if (fromRank != 0 && fromRank != 1)
        {
            throw new IllegalArgumentException("rank : " + fromRank + " (expected: 0..1)");
        }
        final Map<String, byte[]> table = fromRank == rank ? local : remote;
        final long deadline = System.nanoTime() + timeout.toNanos();
        byte[] value;
        while ((value = table.get(key)) == null)
        {
            await(deadline, "key '" + key + "' of rank " + fromRank);
        }
        return Arrays.copyOf(value, value.length);
    }

    @Override
    public void barrier(final Duration timeout)
    {
        final int target;
        synchronized (this)
        {
            target = ++barriersSent;
        }
        synchronized (out)
        {
            try
            {
                out.writeByte(BARRIER);
                out.flush();
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("bootstrap barrier", e);
            }
        }
        final long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this)
        {
            while (barriersReceived < target)
            {
                await(deadline, "the bootstrap barrier");
            }
        }
    }

    private void await(final long deadline, final String what)
    {
        if (peerGone)
        {
            throw new RankwireException("bootstrap: peer closed while waiting for " + what);
        }
        final long leftMs = (deadline - System.nanoTime()) / 1_000_000;
        if (leftMs <= 0)
        {
            throw new RankwireException("bootstrap: timed out waiting for " + what);
        }
        try
        {
            wait(leftMs);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new RankwireException("bootstrap: interrupted waiting for " + what, e);
        }
    }

    private void readLoop(final DataInputStream in)
    {
        try
        {
            while (true)
            {
                final byte type = in.readByte();
                if (type == PUT)
                {
                    final String key = in.readUTF();
                    final byte[] value = new byte[in.readInt()];
                    in.readFully(value);
                    synchronized (this)
                    {
                        remote.put(key, value);
                        notifyAll();
                    }
                }
                else if (type == BARRIER)
                {
                    synchronized (this)
                    {
                        barriersReceived++;
                        notifyAll();
                    }
                }
                else
                {
                    throw new IOException("frame type : " + type + " (expected: 1..2)");
                }
            }
        }
        catch (final EOFException e)
        {
            peerLost();
        }
        catch (final IOException e)
        {
            peerLost();
        }
    }

    private void peerLost()
    {
        synchronized (this)
        {
            peerGone = true;
            notifyAll();
        }
        if (!closing)
        {
            onPeerLost.run();
        }
    }

    /** From now on the peer closing is expected. */
    public void closing()
    {
        closing = true;
    }

    @Override
    public void close() throws IOException
    {
        closing = true;
        socket.close();
    }
}
