package io.rankwire.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.rankwire.spi.TransportContext;

/**
 * A job's bootstrap service: a key-value exchange and a barrier for the ranks of one job,
 * served by one daemon thread over NIO ({@link BootstrapProtocol} describes the wire). Clients
 * must prove they hold the job secret; anyone else is refused and disconnected. Not on any data
 * path. {@code rwrun} runs it for the ranks it starts; rank 0 of a Slurm step started without
 * {@code rwrun} runs it in its own JVM ({@link SlurmRendezvous}).
 */
public final class BootstrapServer implements AutoCloseable
{
    /** How long a client has to authenticate after connecting. */
    static final long AUTH_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final int size;
    private final byte[] secret;
    private final int maxConnections;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final BootstrapTable table;
    private final SecureRandom random = new SecureRandom();
    private final List<BootstrapConnection> connections = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    private BootstrapServer(final InetAddress bind, final int size, final byte[] secret) throws IOException
    {
        this.size = size;
        this.secret = secret.clone();
        this.maxConnections = 4 * size + 16;
        this.table = new BootstrapTable(size);
        this.selector = Selector.open();
        this.server = ServerSocketChannel.open();
        try
        {
            server.bind(new InetSocketAddress(bind, 0), 128);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        }
        catch (final IOException e)
        {
            server.close();
            selector.close();
            throw e;
        }
        this.thread = new Thread(this::run, "rankwire-bootstrap");
        thread.setDaemon(true);
    }

    /**
     * Starts a service for a job of {@code size} ranks on an ephemeral port of {@code bind}.
     *
     * @param secret the job secret; at least {@link TransportContext#MIN_SECRET_BYTES} bytes when
     *               {@code size > 1}
     * @throws IllegalArgumentException for a size below 1 or a secret too short
     * @throws UncheckedIOException if it cannot listen there
     */
    public static BootstrapServer start(final InetAddress bind, final int size, final byte[] secret)
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        TransportContext.checkSecret("secret", secret, size);
        try
        {
            final BootstrapServer s = new BootstrapServer(bind, size, secret);
            s.thread.start();
            return s;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot listen on " + bind.getHostAddress() + ": " + e.getMessage(), e);
        }
    }

    /** Where clients connect. */
    public InetSocketAddress address()
    {
        try
        {
            return (InetSocketAddress)server.getLocalAddress();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the service; its thread closes every connection on its way out. */
    @Override
    public void close()
    {
        running = false;
        selector.wakeup();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void run()
    {
        try
        {
            long wait = Long.MAX_VALUE;
            while (running)
            {
                selector.select(wait == Long.MAX_VALUE ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait) + 1));
                for (final SelectionKey key : selector.selectedKeys())
                {
                    try
                    {
                        onReady(key);
                    }
                    catch (final RuntimeException e)
                    {
                        if (key.attachment() instanceof BootstrapConnection)
                        {
                            close((BootstrapConnection)key.attachment());
                        }
                    }
                }
                selector.selectedKeys().clear();
                wait = expire(System.nanoTime());
            }
        }
        catch (final IOException | ClosedSelectorException e)
        {
            running = false;
        }
        finally
        {
            for (final BootstrapConnection c : new ArrayList<>(connections))
            {
                close(c);
            }
            closeQuietly();
        }
    }

    private void onReady(final SelectionKey key) throws IOException
    {
        if (!key.isValid())
        {
            return;
        }
        if (key.isAcceptable())
        {
            accept();
            return;
        }
        final BootstrapConnection c = (BootstrapConnection)key.attachment();
        if (key.isWritable() && c.flush() && c.closing())
        {
            close(c);
            return;
        }
        if (key.isReadable() && !c.closing())
        {
            read(c);
        }
    }

    private void accept() throws IOException
    {
        final SocketChannel channel = server.accept();
        if (channel == null)
        {
            return;
        }
        if (connections.size() >= maxConnections)
        {
            channel.close();
            return;
        }
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        final SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
        final byte[] nonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        random.nextBytes(nonce);
        final BootstrapConnection c =
            new BootstrapConnection(channel, key, nonce, System.nanoTime() + AUTH_TIMEOUT_NANOS);
        key.attach(c);
        connections.add(c);
        final ByteBuffer challenge = BootstrapProtocol.begin(4 + 1 + nonce.length, BootstrapProtocol.CHALLENGE);
        challenge.putInt(BootstrapProtocol.MAGIC).put(BootstrapProtocol.VERSION).put(nonce);
        c.send(BootstrapProtocol.finish(challenge));
    }

    private void read(final BootstrapConnection c)
    {
        try
        {
            ByteBuffer body;
            while (!c.closing() && (body = c.readFrame()) != null)
            {
                if (c.authenticated())
                {
                    BootstrapRequests.handle(table, c, body);
                }
                else
                {
                    hello(c, body);
                }
            }
        }
        catch (final IOException e)
        {
            close(c);
            return;
        }
        catch (final RuntimeException e)
        {
            c.refuse("malformed frame: " + e.getMessage());
        }
        if (c.closing() && c.flush())
        {
            close(c);
        }
    }

    private void hello(final BootstrapConnection c, final ByteBuffer body)
    {
        if (body.remaining() != BootstrapProtocol.HELLO_LENGTH || body.get() != BootstrapProtocol.HELLO ||
            body.getInt() != BootstrapProtocol.MAGIC)
        {
            c.refuse("not a rankwire bootstrap client");
            return;
        }
        final byte version = body.get();
        if (version != BootstrapProtocol.VERSION)
        {
            c.refuse("protocol version : " + version + " (expected: " + BootstrapProtocol.VERSION + ")");
            return;
        }
        final int rank = body.getInt();
        final byte[] clientNonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        final byte[] mac = new byte[BootstrapProtocol.MAC_LENGTH];
        body.get(clientNonce).get(mac);
        final byte[] expected = BootstrapProtocol.clientMac(secret, c.serverNonce(), clientNonce, rank);
        if (!BootstrapProtocol.macEquals(expected, mac))
        {
            c.refuse("authentication failed (wrong job secret)");
            return;
        }
        if (rank < 0 || rank >= size)
        {
            c.refuse("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
            return;
        }
        c.authenticate(rank);
        final ByteBuffer welcome = BootstrapProtocol.begin(BootstrapProtocol.MAC_LENGTH + 4, BootstrapProtocol.WELCOME);
        welcome.put(BootstrapProtocol.serverMac(secret, c.serverNonce(), clientNonce, rank)).putInt(size);
        c.send(BootstrapProtocol.finish(welcome));
    }

    private long expire(final long now)
    {
        long wait = table.expire(now);
        for (final BootstrapConnection c : new ArrayList<>(connections))
        {
            if (c.closing() && c.flush())
            {
                close(c);
            }
            else if (!c.authenticated())
            {
                final long left = c.authDeadline() - now;
                if (left <= 0)
                {
                    close(c);
                }
                else
                {
                    wait = Math.min(wait, left);
                }
            }
        }
        return wait;
    }

    private void close(final BootstrapConnection c)
    {
        connections.remove(c);
        table.drop(c);
        try
        {
            c.channel().close();
        }
        catch (final IOException ignored)
        {
            // already gone
        }
    }

    private void closeQuietly()
    {
        try
        {
            server.close();
            selector.close();
        }
        catch (final IOException ignored)
        {
            // closing anyway
        }
    }
}
