package io.rankwire.tcp;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.PostArguments;
import io.rankwire.spi.RegionSlots;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.SharedWait;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The TCP transport of one rank: one connection per peer pair, authenticated on a Netty event
 * loop ({@link HandshakeHandler}) and from then on read and written by the rank's own thread
 * ({@link EngineSession}, plain or TLS); software rendezvous by READ_REQUEST/READ_DATA, no
 * tag-matching offload. See {@code docs/TCP.md}; who connects is {@link Peers}' business.
 *
 * <pre>
 *  postSend ──&gt; session ready? ──yes──&gt; SessionWriter ──&gt; socket (the rank's thread)
 *                   │ no
 *                   └──&gt; PeerLink queue ──(handshake done)──&gt; the session takes it over, in order
 *  poll ──&gt; EngineIo (sessions' FrameReaders) + InboundQueue (messages to self, READ and failure events)
 * </pre>
 */
final class TcpTransport implements Transport, Lifecycle
{
    static final String ADDRESS_KEY = "tcp.address";
    private static final long CLOSE_TIMEOUT_MS = 5_000;
    /**
     * The spin window before a kernel wait, microseconds: longer than waking a peer that sleeps on
     * another CPU (25-30 us on a virtual machine), so two ranks exchanging messages both keep
     * polling; the runtime closes it where it does not pay (docs/RUNTIME.md, idle strategies).
     */
    static final int SPIN_MICROS = 50;

    /** What the transport's parts share; tests read its counters and queues. */
    final TcpContext tcp;
    private final TcpSettings settings;
    private final int rank;
    private final int size;
    private final InboundQueue inbound;
    private final PendingReads pendingReads;
    private final RegionSlots registry;
    private final EngineIo engineIo;
    private final TransportContext context;
    private final Capabilities capabilities;
    private final EventLoops loops;
    private final Peers peers;
    private final Connector connector;
    private final PeerLink[] links;

    private volatile boolean closing;
    private volatile boolean closed;

    TcpTransport(final TransportContext context)
    {
        this.context = context;
        this.tcp = new TcpContext(context, this);
        this.settings = tcp.settings;
        this.rank = tcp.rank;
        this.size = tcp.size;
        this.inbound = tcp.inbound;
        this.pendingReads = tcp.pendingReads;
        this.registry = tcp.registry;
        this.engineIo = tcp.engineIo;
        this.capabilities = new Capabilities(settings.eagerLimit, settings.maxMessage(), 64, 0, 0, 0, 0);
        this.loops = new EventLoops(rank, settings.ioThreads);
        this.links = new PeerLink[size];
        for (int p = 0; p < size; p++)
        {
            links[p] = new PeerLink(p, loops.group.next(), settings.sendQueue, settings.sendQueueBytes,
                PooledByteBufAllocator.DEFAULT);
        }
        this.peers = new Peers(tcp, links);
        try
        {
            this.connector = new Connector(tcp, peers, loops);
        }
        catch (final RuntimeException e)
        {
            loops.group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            engineIo.close();
            throw e;
        }
        peers.connector(connector);
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

    /** The address this rank listens on. */
    InetSocketAddress localAddress()
    {
        return connector.localAddress();
    }

    @Override
    public void wireUp()
    {
        peers.wireUp(context.bootstrap(), Duration.ofMillis(settings.wireUpTimeoutMs), settings.eagerConnect);
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
        if (peer < 0 || peer >= size || !context.serves(peer) ||
            !PostArguments.sendValid(header, hdrOffset, hdrLength, Frames.TMH, payload, payloadOffset, payloadLength))
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
        final ByteBuf frame = link.frames.acquireOrAllocate(frameLength);
        frame.writeInt(peer == rank ? rank : 1 + (int)messageLength).writeByte(Frames.MESSAGE);
        Buffers.append(frame, header, hdrOffset, hdrLength);
        Buffers.append(frame, payload, payloadOffset, payloadLength);
        return peer == rank ? inbound.offerOwn(frame) : enqueue(link, frame);
    }

    /** Queues a frame for a connection on its way (or not yet started: starts it). */
    private int enqueue(final PeerLink link, final ByteBuf frame)
    {
        final int rc = link.enqueue(frame);
        if (rc == ReturnCode.OK && link.state() == PeerLink.IDLE)
        {
            peers.connect(link);
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
        if (peer < 0 || peer >= size || !context.serves(peer) || !PostArguments.inBounds(dst, dstOffset, length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (peer == rank || length == 0)
        {
            final int status = peer == rank ? registry.readLocally(va, rkey, length, dst, dstOffset) : CompletionStatus.SUCCESS;
            inbound.offerEvent(CompletionOpcode.READ, peer, status, wrId);
            return ReturnCode.OK;
        }
        final PeerLink link = links[peer];
        final EngineSession session = link.session();
        final int admitted = session != null ?
            session.admit(Frames.HEADER + Frames.READ_REQUEST_BODY, true) : link.admit(Frames.HEADER + Frames.READ_REQUEST_BODY);
        if (admitted != ReturnCode.OK)
        {
            return admitted;
        }
        final PendingReads.Read read = pendingReads.add(peer, dst, dstOffset, length, wrId);
        final ByteBuf request = Frames.readRequest(
            link.frames.acquireOrAllocate(Frames.HEADER + Frames.READ_REQUEST_BODY), read.id, va, rkey, length);
        if (session != null)
        {
            session.sendReadRequest(request, length);
            return ReturnCode.OK;
        }
        final int rc = enqueue(link, request);
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
        final int count = engineIo.poll(handler, max);
        return count + inbound.poll(handler, max - count);
    }

    /** {@value #SPIN_MICROS} us ({@link #SPIN_MICROS}). */
    @Override
    public int idleSpinMicros()
    {
        return SPIN_MICROS;
    }

    @Override
    public boolean awaitActivity(final long maxNanos)
    {
        return !closed && engineIo.awaitActivity(maxNanos);
    }

    @Override
    public void wakeAwait()
    {
        engineIo.wakeAwait();
    }

    /** Joins with every engine-thread socket, now and as connections are made. */
    @Override
    public boolean joinSharedWait(final SharedWait wait)
    {
        engineIo.share(wait);
        return true;
    }

    @Override
    public boolean prepareSharedWait()
    {
        return !closed && engineIo.hasInput();
    }

    @Override
    public void closing()
    {
        closing = true;
    }

    @Override
    public boolean isClosing()
    {
        return closing;
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
                peers.sayGoodbye(link, deadline);
            }
        }
        connector.close(CLOSE_TIMEOUT_MS);
        loops.group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        engineIo.close();
        for (final PeerLink link : links)
        {
            link.releaseQueued();
            link.frames.release();
        }
        inbound.clear();
        pendingReads.clear();
        registry.closeAll();
    }

    @Override
    public boolean isClosed()
    {
        return closed;
    }

    /** The session with {@code peer}, or null (for tests and monitoring). */
    EngineSession sessionOf(final int peer)
    {
        return links[peer].session();
    }

    /** The state of the link to {@code peer} ({@link PeerLink#READY} etc.; for tests and monitoring). */
    int linkState(final int peer)
    {
        return links[peer].state();
    }

    /** The ready connection to {@code peer} (its Netty channel, which closes it), or null. */
    Channel channelTo(final int peer)
    {
        return links[peer].channel();
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
            ", tls=" + settings.tls + '}';
    }
}
