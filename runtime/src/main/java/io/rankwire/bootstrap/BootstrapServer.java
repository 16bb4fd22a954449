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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

import io.rankwire.spi.TransportContext;

/**
 * A job's bootstrap service: a key-value exchange and a barrier for the ranks of one job, and
 * the job's membership (which ranks run the runtime, and which ended without closing), served by
 * one daemon thread over NIO ({@link BootstrapProtocol} describes the wire). Clients must prove
 * they hold the job secret; anyone else is refused and disconnected. Connections that have not
 * authenticated have a small budget and a short deadline of their own ({@link Admission}), so
 * idle or slow strangers cannot keep a rank out. Not on any data path. {@code rwrun} runs it for
 * the ranks it starts; rank 0 of a Slurm step started without {@code rwrun} runs it in its own
 * JVM ({@link SlurmRendezvous}).
 */
public final class BootstrapServer implements AutoCloseable
{
    /** Most authenticated connections one rank may hold (its requests, its membership, spares). */
    static final int MAX_CONNECTIONS_PER_RANK = 4;

    private final int size;
    private final byte[] secret;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final BootstrapTable table;
    private final Membership membership;
    private final Admission admission;
    private final int[] perRank;
    private final SecureRandom random = new SecureRandom();
    private final List<BootstrapConnection> connections = new ArrayList<>();
    private final ArrayDeque<BootstrapConnection> overdue = new ArrayDeque<>();
    private final Thread thread;
    private volatile boolean running = true;

    private BootstrapServer(final InetAddress bind, final int size, final byte[] secret, final long helloDeadlineNanos)
        throws IOException
    {
        this.size = size;
        this.secret = secret.clone();
        this.table = new BootstrapTable(size);
        this.membership = new Membership(size, table);
        this.admission = new Admission(size, helloDeadlineNanos);
        this.perRank = new int[size];
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
        return start(bind, size, secret, Admission.HELLO_DEADLINE_NANOS);
    }

    /** Like {@link #start(InetAddress, int, byte[])} with another deadline for a new connection's HELLO. */
    static BootstrapServer start(final InetAddress bind, final int size, final byte[] secret, final long helloDeadlineNanos)
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        TransportContext.checkSecret("secret", secret, size);
        try
        {
            final BootstrapServer s = new BootstrapServer(bind, size, secret, helloDeadlineNanos);
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

    /**
     * Whether {@code rank} joined (its {@code Rankwire.init} ran) and has not left (its
     * {@code Rankwire.close} did not finish): a rank process that exits now exits without
     * closing. Any thread; exact once the rank's process has ended, since a rank's JOIN and LEAVE
     * are answered before it goes on.
     */
    public boolean joinedWithoutLeaving(final int rank)
    {
        final int state = membership.state(rank);
        return state == Membership.JOINED || state == Membership.DEPARTED;
    }

    /**
     * Calls {@code listener} (on the service's thread) with each rank that ended without closing:
     * its membership connection closed before it left. Every other member is told as well.
     */
    public void onDeparture(final IntConsumer listener)
    {
        membership.listener(listener);
    }

    /**
     * Calls {@code listener} (on the service's thread) with each rank that aborts the job
     * ({@code Rankwire.abort}) and its error code, before the rank goes on to end. Every other
     * member is told as well, and the rank's end is then no departure.
     */
    public void onAbort(final io.rankwire.spi.Bootstrap.Aborted listener)
    {
        membership.abortListener(listener);
    }

    /**
     * Calls {@code listener} (on the service's thread) with each value a rank publishes under
     * {@code key}, and the rank: how {@code rwrun --stats} collects the counters ranks publish
     * as they close. One listener; set it before the ranks start.
     */
    public void onPublished(final String key, final java.util.function.ObjIntConsumer<byte[]> listener)
    {
        table.watch(key, listener);
    }

    /** Connections evicted so far because too many waited to authenticate; for tests. */
    long evicted()
    {
        return admission.evicted();
    }

    /** Connections dropped so far for missing their HELLO deadline; for tests. */
    long expired()
    {
        return admission.expired();
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
        channel.configureBlocking(false);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        final SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
        final byte[] nonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        random.nextBytes(nonce);
        final BootstrapConnection c =
            new BootstrapConnection(channel, key, nonce, admission.deadline(System.nanoTime()));
        key.attach(c);
        connections.add(c);
        final BootstrapConnection oldest = admission.admit(c);
        if (oldest != null)
        {
            closeSoon(oldest, "busy: more than " + admission.budget() +
                " connections were waiting to authenticate, and this was the oldest");
        }
        final ByteBuffer challenge = BootstrapProtocol.begin(4 + 1 + nonce.length, BootstrapProtocol.CHALLENGE);
        challenge.putInt(BootstrapProtocol.MAGIC).put(BootstrapProtocol.VERSION).put(nonce);
        c.send(BootstrapProtocol.finish(challenge));
    }

    /**
     * Tells a connection that has not authenticated to come back later and closes it at once:
     * the few bytes go out with what the socket takes now (a client that never reads cannot hold
     * it open; one whose unread bytes turn the close into a reset retries all the same).
     */
    private void closeSoon(final BootstrapConnection c, final String reason)
    {
        c.busy(reason);
        close(c);
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
                    BootstrapRequests.handle(table, membership, c, body);
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
        if (perRank[rank] == MAX_CONNECTIONS_PER_RANK)
        {
            c.refuse("rank " + rank + " : " + MAX_CONNECTIONS_PER_RANK + " connections open already (expected: fewer)");
            return;
        }
        admission.remove(c);
        perRank[rank]++;
        c.authenticate(rank);
        final ByteBuffer welcome = BootstrapProtocol.begin(BootstrapProtocol.MAC_LENGTH + 4, BootstrapProtocol.WELCOME);
        welcome.put(BootstrapProtocol.serverMac(secret, c.serverNonce(), clientNonce, rank)).putInt(size);
        c.send(BootstrapProtocol.finish(welcome));
    }

    private long expire(final long now)
    {
        long wait = Math.min(table.expire(now), admission.expire(now, overdue));
        BootstrapConnection late;
        while ((late = overdue.poll()) != null)
        {
            closeSoon(late, "busy: no complete HELLO within " +
                TimeUnit.NANOSECONDS.toMillis(late.authDeadline() - late.acceptedAt()) + " ms of connecting");
        }
        for (final BootstrapConnection c : new ArrayList<>(connections))
        {
            if (c.closing() && c.flush())
            {
                close(c);
            }
        }
        return wait;
    }

    private void close(final BootstrapConnection c)
    {
        if (!connections.remove(c))
        {
            return;
        }
        admission.remove(c);
        if (c.authenticated())
        {
            perRank[c.rank()]--;
            if (running)
            {
                membership.closed(c);
            }
        }
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
