package io.rankwire.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import io.rankwire.spi.SharedWait;

/**
 * How a rank sleeps in the kernel and is woken by a peer: one Unix domain socket connection per
 * ordered pair of ranks on the host. A rank listens on {@code bell-<r>} in the job directory;
 * every peer connects to it at wire-up and says which rank it is; the socket file is then
 * unlinked. A sleeping rank blocks in a selector over the connections its peers made; a peer
 * that published something for it writes one byte (only when the sleeper's flag in the segment
 * said so, see {@link ShmTransport}). The connections double as a liveness signal: the kernel
 * closes them when a process dies, so a sleeping rank sees end-of-stream at once.
 *
 * <pre>
 *   hello, 12 bytes, sent once by the connecting rank:  magic u32 'RWDB' | rank u32 | job hash u32
 * </pre>
 */
final class Doorbell implements AutoCloseable
{
    private static final int HELLO_MAGIC = 0x5257_4442;
    private static final int HELLO = 12;

    private final Path path;
    private final int rank;
    private final int jobHash;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final SocketChannel[] out;
    private final ByteBuffer one = ByteBuffer.allocateDirect(1);
    private final ByteBuffer drain = ByteBuffer.allocateDirect(256);
    private final Consumer<SelectionKey> onReady = this::onReady;
    private IntConsumer onClosed = rank -> { };
    private volatile boolean closed;
    private volatile boolean selecting;
    /** Bells drained and connections seen ending, so far (thread driving the waits). */
    private long heard;

    /** Listens on {@code path} for {@code peers} connections. */
    Doorbell(final Path path, final int rank, final String jobId, final int localRanks)
    {
        this.path = path;
        this.rank = rank;
        this.jobHash = jobId.hashCode();
        this.out = new SocketChannel[localRanks];
        try
        {
            this.selector = Selector.open();
            this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(path), localRanks + 8);
            server.configureBlocking(false);
        }
        catch (final IOException | IllegalArgumentException e)
        {
            closeQuietly();
            throw new IllegalStateException("rankwire-shm: cannot listen on " + path + " (" + path.toString().length() +
                " characters; a Unix socket path has at most about 100): " + e, e);
        }
    }

    /** Called with the world rank of a peer whose connection ended (its process closed it or died). */
    void onClosed(final IntConsumer onClosed)
    {
        this.onClosed = onClosed;
    }

    /** Connects to the bell of local peer {@code index} at {@code peerPath} and says who this rank is. */
    void connect(final int index, final Path peerPath)
    {
        try
        {
            final SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            out[index] = ch;
            ch.connect(UnixDomainSocketAddress.of(peerPath));
            final ByteBuffer hello = ByteBuffer.allocate(HELLO).putInt(HELLO_MAGIC).putInt(rank).putInt(jobHash).flip();
            while (hello.hasRemaining())
            {
                ch.write(hello);
            }
            ch.configureBlocking(false);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: rank " + rank + " cannot connect to " + peerPath, e);
        }
    }

    /**
     * Accepts {@code count} peers' connections and reads their hellos, up to {@code deadline}
     * ({@code System.nanoTime()}); {@code expected} tells whether a rank is a local peer. Each
     * connection is then watched for bells, keyed by the peer's world rank.
     */
    void accept(final int count, final long deadline, final java.util.function.IntPredicate expected)
    {
        final List<SocketChannel> pending = new ArrayList<>();
        final List<ByteBuffer> hellos = new ArrayList<>();
        int done = 0;
        try
        {
            while (done < count)
            {
                final SocketChannel ch = server.accept();
                if (ch != null)
                {
                    ch.configureBlocking(false);
                    pending.add(ch);
                    hellos.add(ByteBuffer.allocate(HELLO));
                }
                for (int i = 0; i < pending.size(); i++)
                {
                    final ByteBuffer h = hellos.get(i);
                    if (h == null)
                    {
                        continue;
                    }
                    if (pending.get(i).read(h) < 0)
                    {
                        throw new IOException("a peer closed its doorbell connection during its hello");
                    }
                    if (!h.hasRemaining())
                    {
                        register(pending.get(i), h, expected);
                        hellos.set(i, null);
                        done++;
                    }
                }
                if (done < count && ch == null)
                {
                    if (System.nanoTime() - deadline > 0)
                    {
                        throw new IllegalStateException("rankwire-shm: rank " + rank + " has " + done + " of " + count +
                            " doorbell connections from its peers (expected: all within the wire-up timeout)");
                    }
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: rank " + rank + " doorbell wire-up failed", e);
        }
    }

    private void register(final SocketChannel ch, final ByteBuffer hello, final java.util.function.IntPredicate expected)
        throws IOException
    {
        final int magic = hello.getInt(0);
        final int peer = hello.getInt(4);
        final int hash = hello.getInt(8);
        if (magic != HELLO_MAGIC || hash != jobHash || !expected.test(peer))
        {
            ch.close();
            throw new IOException("bad doorbell hello: magic 0x" + Integer.toHexString(magic) + ", rank " + peer +
                ", job hash " + hash + " (expected: 0x" + Integer.toHexString(HELLO_MAGIC) + ", a local peer, " + jobHash + ")");
        }
        ch.register(selector, SelectionKey.OP_READ, peer);
    }

    /**
     * Adds the connections peers made to this rank's bell to a composite endpoint's shared wait
     * (after {@link #accept}); a bell or an ended connection then wakes that wait, whose handler
     * calls {@link #pollNow()} to drain it.
     */
    void share(final SharedWait wait, final Object attachment)
    {
        for (final SelectionKey k : selector.keys())
        {
            wait.register(k.channel(), SelectionKey.OP_READ, attachment);
        }
    }

    /** Removes the listening socket's name; connections made stay. */
    void unlink()
    {
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot unlink " + path, e);
        }
    }

    /** Wakes local peer {@code index} (one byte on its connection); a full or broken connection is ignored. */
    void ring(final int index)
    {
        final SocketChannel ch = out[index];
        if (ch == null)
        {
            selector.wakeup();
            return;
        }
        try
        {
            one.clear();
            ch.write(one);
        }
        catch (final IOException e)
        {
            // the peer is gone; its end-of-stream or the liveness check reports it
        }
    }

    /** Bells drained and connections seen ending so far: what a {@link #await} heard. */
    long heard()
    {
        return heard;
    }

    /** Sleeps until a bell, {@link #wakeup()}, a peer's connection ending, or {@code nanos} pass. */
    void await(final long nanos)
    {
        selecting = true;
        try
        {
            selector.select(onReady, Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos + 999_999)));
        }
        catch (final ClosedSelectorException e)
        {
            // closed by another thread while this one slept: the caller sees the transport closed
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: doorbell wait failed", e);
        }
        finally
        {
            selecting = false;
        }
    }

    /** Drains bells and looks for ended connections without blocking (skipped while a thread waits here: it does it). */
    void pollNow()
    {
        if (selecting)
        {
            return;
        }
        try
        {
            selector.selectNow(onReady);
        }
        catch (final ClosedSelectorException e)
        {
            // closed meanwhile
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: doorbell poll failed", e);
        }
    }

    /** Ends an {@link #await} in progress on another thread, or makes the next one return at once. */
    void wakeup()
    {
        selector.wakeup();
    }

    private void onReady(final SelectionKey key)
    {
        heard++;
        final SocketChannel ch = (SocketChannel)key.channel();
        try
        {
            int n;
            do
            {
                drain.clear();
                n = ch.read(drain);
            }
            while (n > 0);
            if (n < 0)
            {
                ended(key);
            }
        }
        catch (final IOException e)
        {
            ended(key);
        }
    }

    private void ended(final SelectionKey key)
    {
        key.cancel();
        try
        {
            key.channel().close();
        }
        catch (final IOException e)
        {
            // closing a dead connection
        }
        if (!closed)
        {
            onClosed.accept((Integer)key.attachment());
        }
    }

    /** Closes every connection and the listener (peers see end-of-stream). Idempotent. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        closeQuietly();
    }

    private void closeQuietly()
    {
        for (final SocketChannel ch : out)
        {
            closeQuietly(ch);
        }
        closeQuietly(server);
        if (selector != null && selector.isOpen())
        {
            for (final SelectionKey k : selector.keys())
            {
                closeQuietly(k.channel());
            }
            closeQuietly(selector);
        }
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException e)
        {
            // best effort: the launcher removes the job directory
        }
    }

    private static void closeQuietly(final AutoCloseable c)
    {
        if (c == null)
        {
            return;
        }
        try
        {
            c.close();
        }
        catch (final Exception e)
        {
            // closing
        }
    }
}
