package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The TCP transport of one rank: one Netty connection per peer pair, software rendezvous by
 * READ_REQUEST/READ_DATA, no tag-matching offload. See {@code docs/TCP.md}.
 *
 * <p>Who connects: each rank connects lazily on its first send (or eagerly in {@link #wireUp()},
 * lower ranks to higher ones). When two ranks connect to each other at the same time the lower
 * rank decides: it accepts the higher rank's connection only if it has not started its own, and
 * otherwise answers DUPLICATE, after which the higher rank waits for the lower rank's connection.
 * Frames posted meanwhile wait in the peer's queue, so nothing is lost or reordered.
 */
final class TcpTransport implements Transport
{
    static final String ADDRESS_KEY = "tcp.address";
    private static final long CLOSE_TIMEOUT_MS = 5_000;
    private static final System.Logger LOG = System.getLogger(TcpTransport.class.getName());

    final TcpSettings settings;
    final int rank;
    final int size;
    final String jobId;
    final Handshake handshake;
    final InboundQueue inbound;
    final PendingReads pendingReads;
    final MemoryRegistry registry = new MemoryRegistry();
    final Refusals refusals = new Refusals();
    /** Accepted connections that have not authenticated yet, and their budget. */
    final InboundAdmission admission;
    /** Engine-thread I/O ({@code rankwire.tcp.engineIo}), or null. */
    final EngineIo engineIo;
    private final TransportContext context;
    private final Capabilities capabilities;
    private final EventLoops loops;
    private final Connector connector;
    private final PeerLink[] links;
    final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
    private final ConcurrentLinkedQueue<ConnectionHandler> stalled = new ConcurrentLinkedQueue<>();
    /**
     * {@link #acceptInbound}'s answer to a peer that connects while this rank is closing: at the end
     * of a job, after the closing rendezvous, a slower peer may still be dialling to deliver its
     * finalize notice, which this rank no longer needs. Routine, so not counted as a refusal.
     */
    static final byte REFUSE_CLOSING = -2;

    private volatile boolean closed;

    TcpTransport(final TransportContext context)
    {
        this.context = context;
        this.settings = new TcpSettings(context.settings());
        this.rank = context.rank();
        this.size = context.size();
        this.jobId = context.jobId();
        final int jobIdBytes = jobId.getBytes(StandardCharsets.UTF_8).length;
        if (jobIdBytes < 1 || jobIdBytes > Frames.MAX_JOB_ID)
        {
            throw new IllegalArgumentException(
                "jobId : " + jobIdBytes + " bytes (expected: 1.." + Frames.MAX_JOB_ID + " bytes of UTF-8)");
        }
        this.handshake = new Handshake(context.secret(), jobId);
        this.admission = new InboundAdmission(
            settings.pendingHandshakes > 0 ? settings.pendingHandshakes : InboundAdmission.defaultBudget(size));
        this.inbound = new InboundQueue(settings.inboundQueue, context);
        this.pendingReads = new PendingReads(inbound);
        this.capabilities = new Capabilities(settings.eagerLimit, settings.maxMessage(), 64, 0, 0, 0, 0);
        this.loops = new EventLoops(rank, settings.ioThreads, settings.busyPoll, settings.engineIo);
        this.engineIo = settings.engineIo ? new EngineIo() : null;
        this.links = new PeerLink[size];
        for (int p = 0; p < size; p++)
        {
            links[p] = new PeerLink(p, loops.group.next(), settings.sendQueue, settings.sendQueueBytes, alloc);
        }
        try
        {
            this.connector = new Connector(this, loops, settings);
        }
        catch (final RuntimeException e)
        {
            loops.group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (engineIo != null)
            {
                engineIo.close();
            }
            throw e;
        }
    }

    @Override
    public Capabilities capabilities()
    {
        return capabilities;
    }

    @Override
    public String transportOf(final int peer)
    {
        return context.serves(peer) ? "tcp" : null;
    }

    /** Whether this endpoint carries messages to and from {@code peer} (every rank unless it was opened for some). */
    boolean serves(final int peer)
    {
        return context.serves(peer);
    }

    /** The address this rank listens on. */
    InetSocketAddress localAddress()
    {
        return connector.localAddress();
    }

    @Override
    public void wireUp()
    {
        final var bootstrap = context.bootstrap();
        final Duration timeout = Duration.ofMillis(settings.wireUpTimeoutMs);
        final byte[] fingerprint = connector.fingerprint();
        if (fingerprint != null)
        {
            bootstrap.put(TlsContexts.FINGERPRINT_KEY, fingerprint);
        }
        bootstrap.put(ADDRESS_KEY, advertisedAddress().getBytes(StandardCharsets.UTF_8));
        for (int p = 0; p < size; p++)
        {
            if (p != rank && context.serves(p))
            {
                links[p].address(parseAddress(p, new String(bootstrap.get(p, ADDRESS_KEY, timeout), StandardCharsets.UTF_8)));
                if (fingerprint != null)
                {
                    links[p].fingerprint(bootstrap.get(p, TlsContexts.FINGERPRINT_KEY, timeout));
                }
            }
        }
        if (settings.eagerConnect)
        {
            for (int p = rank + 1; p < size; p++)
            {
                if (context.serves(p))
                {
                    connect(links[p]);
                }
            }
            awaitAllReady(System.nanoTime() + timeout.toNanos());
        }
    }

    private void awaitAllReady(final long deadline)
    {
        for (int p = 0; p < size; p++)
        {
            while (p != rank && context.serves(p) && links[p].state() != PeerLink.READY)
            {
                if (links[p].state() == PeerLink.FAILED || System.nanoTime() - deadline > 0)
                {
                    throw new TransportException("rankwire-tcp: rank " + rank + " could not connect to rank " + p);
                }
                pause();
            }
        }
    }

    private String advertisedAddress()
    {
        final InetSocketAddress local = connector.localAddress();
        String host = settings.advertise;
        if (host.isEmpty())
        {
            try
            {
                host = local.getAddress().isAnyLocalAddress() ?
                    InetAddress.getLocalHost().getHostAddress() : local.getAddress().getHostAddress();
            }
            catch (final UnknownHostException e)
            {
                throw new TransportException("rankwire-tcp: cannot name this host; set rankwire.tcp.advertise", e);
            }
        }
        return host + ":" + local.getPort();
    }

    private static InetSocketAddress parseAddress(final int peer, final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0)
        {
            throw new TransportException("rankwire-tcp: rank " + peer + " published a bad address '" + text + "'");
        }
        final String host = text.substring(0, colon);
        return new InetSocketAddress(
            host.startsWith("[") ? host.substring(1, host.length() - 1) : host, Integer.parseInt(text.substring(colon + 1)));
    }

    @Override
    public int postSend(
        final int peer,
        final DirectBuffer header,
        final int hdrOffset,
        final int hdrLength,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadLength,
        final long wrId)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size || !context.serves(peer) || header == null || hdrLength < Frames.TMH || hdrOffset < 0 ||
            hdrOffset > header.capacity() - hdrLength || payloadLength < 0 ||
            (payloadLength > 0 && (payload == null || payloadOffset < 0 ||
            payloadOffset > payload.capacity() - payloadLength)))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final long messageLength = (long)hdrLength + payloadLength;
        if (messageLength > settings.maxMessage())
        {
            return ReturnCode.TOO_LARGE;
        }
        final int frameLength = Frames.HEADER + (int)messageLength;
        final PeerLink link = links[peer];
        final EngineSession session = link.session();
        if (session != null)
        {
            final int admitted = session.admit(frameLength, false);
            if (admitted == ReturnCode.OK)
            {
                session.sendMessage(header, hdrOffset, hdrLength, payload, payloadOffset, payloadLength);
            }
            return admitted;
        }
        if (peer != rank)
        {
            final int admitted = link.admit(frameLength);
            if (admitted != ReturnCode.OK)
            {
                return admitted;
            }
        }
        final ByteBuf pooled = link.frames.acquire(frameLength);
        final ByteBuf frame = pooled != null ? pooled : alloc.directBuffer(frameLength);
        frame.writeInt(peer == rank ? rank : 1 + (int)messageLength);
        frame.writeByte(Frames.MESSAGE);
        Buffers.append(frame, header, hdrOffset, hdrLength);
        Buffers.append(frame, payload, payloadOffset, payloadLength);
        if (peer == rank)
        {
            if (inbound.offerFrame(frame))
            {
                inbound.signal();
                return ReturnCode.OK;
            }
            frame.release();
            return ReturnCode.BACK_PRESSURED;
        }
        return enqueue(link, frame);
    }

    private int enqueue(final PeerLink link, final ByteBuf frame)
    {
        final int rc = link.enqueue(frame);
        if (rc == ReturnCode.OK && link.state() == PeerLink.IDLE)
        {
            connect(link);
        }
        return rc;
    }

    @Override
    public MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        if (closed)
        {
            throw new IllegalStateException("transport closed");
        }
        return registry.register(buffer, offset, length);
    }

    @Override
    public int postRead(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset, final long wrId)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size || !context.serves(peer) || dst == null || length < 0 || dstOffset < 0 ||
            dstOffset > dst.capacity() - length)
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (peer == rank || length == 0)
        {
            inbound.offerEvent(CompletionOpcode.READ, peer, readLocally(peer, va, rkey, length, dst, dstOffset), wrId);
            return ReturnCode.OK;
        }
        final PeerLink link = links[peer];
        final EngineSession session = link.session();
        if (session != null)
        {
            final int admitted = session.admit(Frames.HEADER + Frames.READ_REQUEST_BODY, true);
            if (admitted == ReturnCode.OK)
            {
                final PendingReads.Read read = pendingReads.add(peer, dst, dstOffset, length, wrId);
                session.sendReadRequest(Frames.readRequest(alloc, read.id, va, rkey, length), length);
            }
            return admitted;
        }
        final int admitted = link.admitRequest(Frames.HEADER + Frames.READ_REQUEST_BODY);
        if (admitted != ReturnCode.OK)
        {
            return admitted;
        }
        final PendingReads.Read read = pendingReads.add(peer, dst, dstOffset, length, wrId);
        final int rc = enqueue(link, Frames.readRequest(alloc, read.id, va, rkey, length));
        if (rc != ReturnCode.OK)
        {
            return pendingReads.cancel(read) ? rc : ReturnCode.OK;
        }
        final int state = link.state();
        if (state == PeerLink.FAILED || state == PeerLink.CLOSED)
        {
            pendingReads.complete(read, CompletionStatus.PEER_FAILED);
        }
        return ReturnCode.OK;
    }

    private int readLocally(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset)
    {
        if (peer != rank)
        {
            return CompletionStatus.SUCCESS;
        }
        final MemoryRegistry.Region region = registry.lookup(rkey);
        if (region == null || region.isClosed() || !region.contains(va, length))
        {
            return CompletionStatus.REMOTE_ACCESS_ERROR;
        }
        dst.putBytes(dstOffset, region.buffer(), region.bufferOffset(va), length);
        return CompletionStatus.SUCCESS;
    }

    @Override
    public OffloadPort offloadPort()
    {
        return null;
    }

    @Override
    public int poll(final CompletionHandler handler, final int max)
    {
        if (closed)
        {
            return 0;
        }
        int count = engineIo != null ? engineIo.poll(handler, max) : 0;
        count += inbound.poll(handler, max - count);
        if (!stalled.isEmpty())
        {
            ConnectionHandler h;
            while ((h = stalled.poll()) != null)
            {
                h.channel().eventLoop().execute(h::resume);
            }
        }
        return count;
    }

    @Override
    public boolean awaitActivity(final long maxNanos)
    {
        if (engineIo == null || closed)
        {
            return false;
        }
        return engineIo.awaitActivity(maxNanos);
    }

    @Override
    public void wakeAwait()
    {
        if (engineIo != null)
        {
            engineIo.wakeAwait();
        }
    }

    @Override
    public void close()
    {
        close(true);
    }

    /**
     * Closes the transport: with {@code graceful} each connected peer first gets GOODBYE (so it
     * does not report a failure); without, connections simply drop, as if the process died.
     */
    void close(final boolean graceful)
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (graceful)
        {
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_TIMEOUT_MS);
            for (final PeerLink link : links)
            {
                sayGoodbye(link, deadline);
            }
        }
        connector.close(CLOSE_TIMEOUT_MS);
        loops.group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        if (engineIo != null)
        {
            for (final EngineSession s : engineIo.sessions())
            {
                s.release();
            }
            engineIo.close();
        }
        for (final PeerLink link : links)
        {
            link.releaseQueued();
            link.frames.release();
        }
        stalled.clear();
        inbound.clear();
        pendingReads.clear();
        registry.closeAll();
    }

    /**
     * Sends what is queued for {@code link} (waiting for a connection still on its way), then
     * GOODBYE, and waits until the channel has written it all, up to {@code deadline}.
     */
    private void sayGoodbye(final PeerLink link, final long deadline)
    {
        // Frames queued for a connection still on its way: wait until it is READY (or failed).
        // Waiting on the queue alone is not enough: with engine-thread I/O the event loop moves
        // the queue into the new session before it marks the link READY.
        final boolean queued = link.queuedBytes() > 0;
        while (link.state() == PeerLink.CONNECTING && queued && System.nanoTime() - deadline < 0)
        {
            pause();
        }
        if (link.state() != PeerLink.READY)
        {
            return;
        }
        final EngineSession session = link.session();
        if (session != null)
        {
            session.goodbye(deadline);
            return;
        }
        link.enqueue(Frames.goodbye(alloc));
        while (link.state() == PeerLink.READY && link.queuedBytes() > 0 && System.nanoTime() - deadline < 0)
        {
            pause();
        }
        final Channel ch = link.channel();
        final long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (ch != null && left > 0)
        {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).awaitUninterruptibly(left);
        }
    }

    private static void pause()
    {
        LockSupport.parkNanos(100_000);
    }

    boolean isClosed()
    {
        return closed;
    }

    /** Starts this rank's connection to {@code link}'s peer unless one is already on its way. */
    void connect(final PeerLink link)
    {
        if (link.compareAndSetState(PeerLink.IDLE, PeerLink.CONNECTING))
        {
            connector.connect(link);
            link.loop.schedule(() -> connectTimedOut(link), settings.connectTimeoutMs, TimeUnit.MILLISECONDS);
        }
    }

    private void connectTimedOut(final PeerLink link)
    {
        if (link.state() == PeerLink.CONNECTING)
        {
            connectFailed(link.peer, "no connection with rank " + link.peer + " within " + settings.connectTimeoutMs +
                " ms" + link.turnedAwayNote());
        }
    }

    /**
     * Decides on an authenticated connection from {@code peer}: {@link Frames#VERDICT_ACCEPT},
     * {@link Frames#VERDICT_DUPLICATE} (this lower rank has started its own), -1 to refuse, or
     * {@link #REFUSE_CLOSING} to refuse because this rank is closing.
     */
    byte acceptInbound(final int peer)
    {
        final PeerLink link = links[peer];
        if (closed)
        {
            return REFUSE_CLOSING;
        }
        if (link.compareAndSetState(PeerLink.IDLE, PeerLink.CONNECTING))
        {
            return Frames.VERDICT_ACCEPT;
        }
        final int state = link.state();
        if (peer > rank && (state == PeerLink.CONNECTING || state == PeerLink.READY))
        {
            return Frames.VERDICT_DUPLICATE;
        }
        return peer < rank && state == PeerLink.CONNECTING ? Frames.VERDICT_ACCEPT : -1;
    }

    /** The engine-thread session with {@code peer}, or null (for tests and monitoring). */
    EngineSession sessionOf(final int peer)
    {
        return links[peer].session();
    }

    /** The state of the link to {@code peer} ({@link PeerLink#READY} etc.; for tests and monitoring). */
    int linkState(final int peer)
    {
        return links[peer].state();
    }

    /** This transport's TLS certificate fingerprint, or null without TLS. */
    byte[] ownFingerprint()
    {
        return connector.fingerprint();
    }

    /** The TLS certificate fingerprint {@code peer} published, or null. */
    byte[] peerFingerprint(final int peer)
    {
        return links[peer].fingerprint();
    }

    /** The ready connection to {@code peer}, or null. */
    Channel channelTo(final int peer)
    {
        return links[peer].channel();
    }

    void attach(final int peer, final Channel ch)
    {
        links[peer].attach(ch);
    }

    /** A session for engine-thread I/O on {@code peer}'s authenticated connection; not yet published. */
    EngineSession newSession(final int peer, final Channel ch, final SocketChannel socket)
    {
        return new EngineSession(this, links[peer], ch, socket);
    }

    /**
     * Publishes {@code session}: the rank's thread owns the connection's I/O from now on. Wakes the
     * rank, which sends what was queued for the peer before the connection was ready.
     */
    void attach(final int peer, final Channel ch, final EngineSession session)
    {
        links[peer].attach(ch, session);
        engineIo.add(session);
        inbound.signal();
    }

    /** A ready connection closed: a failure unless the peer said GOODBYE. */
    void connectionLost(final int peer, final Channel ch, final boolean goodbye)
    {
        final PeerLink link = links[peer];
        if (link.channel() != ch || !link.detach(goodbye ? PeerLink.CLOSED : PeerLink.FAILED))
        {
            return;
        }
        pendingReads.failPeer(peer);
        if (!goodbye && !closed)
        {
            LOG.log(Level.WARNING, "rankwire-tcp: rank " + rank + " lost its connection to rank " + peer);
            inbound.offerEvent(CompletionOpcode.PEER_FAILED, peer, CompletionStatus.PEER_FAILED, 0);
        }
    }

    /**
     * The peer's listener turned this rank's connection away before it authenticated (too many
     * waiting, or too slow): tries again after a backoff, within the connect timeout that the
     * first attempt started.
     */
    void retryConnect(final int peer, final String why)
    {
        final PeerLink link = links[peer];
        if (closed || link.state() != PeerLink.CONNECTING || link.channel() != null)
        {
            return;
        }
        final long delay = link.turnedAway(why);
        LOG.log(Level.DEBUG, "rankwire-tcp: rank " + rank + ": rank " + peer + " turned the connection away (" + why +
            "); trying again in " + delay + " ms");
        link.loop.schedule(() ->
        {
            if (!closed && link.state() == PeerLink.CONNECTING && link.channel() == null)
            {
                connector.connect(link);
            }
        }, delay, TimeUnit.MILLISECONDS);
    }

    /** This rank's connection attempt failed before the peer was ready. */
    void connectFailed(final int peer, final String why)
    {
        final PeerLink link = links[peer];
        if (closed || link.state() != PeerLink.CONNECTING || !link.detach(PeerLink.FAILED))
        {
            return;
        }
        LOG.log(Level.WARNING, "rankwire-tcp: rank " + rank + ": " + why);
        pendingReads.failPeer(peer);
        inbound.offerEvent(CompletionOpcode.PEER_FAILED, peer, CompletionStatus.PEER_FAILED, 0);
    }

    void stalled(final ConnectionHandler handler)
    {
        stalled.offer(handler);
    }

    @Override
    public void wakeup()
    {
        context.signal();
    }

    @Override
    public String toString()
    {
        return "TcpTransport{rank=" + rank + ", size=" + size + ", address=" + connector.localAddress() +
            ", epoll=" + loops.epoll + ", busyPoll=" + settings.busyPoll + ", engineIo=" + settings.engineIo + '}';
    }
}
