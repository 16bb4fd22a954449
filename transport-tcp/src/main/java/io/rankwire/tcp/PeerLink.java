package io.rankwire.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

/**
 * This rank's side of the one connection to a peer, and the frames waiting for it.
 *
 * <p>Frames posted before the connection is ready wait here, in order, in a bounded
 * single-producer queue (the rank's engine thread is the producer); the session that
 * {@link #attach} publishes takes them over ({@link #adoptQueued}) before anything posted later,
 * first on the event loop that finished the handshake (before publication) and then on the rank's
 * thread. The link's event loop also runs its connect timeout and retries.
 *
 * <p>States: IDLE (nothing tried yet), CONNECTING (a connection is on its way, ours or the
 * peer's), READY, FAILED (lost; sends return PEER_FAILED), CLOSED (the peer said GOODBYE).
 */
final class PeerLink
{
    static final int IDLE = 0;
    static final int CONNECTING = 1;
    static final int READY = 2;
    static final int FAILED = 3;
    static final int CLOSED = 4;

    final int peer;
    final EventLoop loop;
    /** Buffers for the engine thread's frames to this peer (see {@link FramePool}). Engine thread only. */
    final FramePool frames;
    private final OneToOneConcurrentArrayQueue<ByteBuf> outbound;
    private final long maxQueuedBytes;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final AtomicLong queuedBytes = new AtomicLong();
    private volatile Channel channel;
    private volatile EngineSession session;
    private volatile InetSocketAddress address;
    private volatile byte[] fingerprint;
    private final AtomicInteger turnedAway = new AtomicInteger();
    private volatile String lastTurnedAway;

    PeerLink(
        final int peer, final EventLoop loop, final int queueCapacity, final long maxQueuedBytes, final ByteBufAllocator alloc)
    {
        this.peer = peer;
        this.loop = loop;
        this.frames = new FramePool(alloc);
        this.outbound = new OneToOneConcurrentArrayQueue<>(queueCapacity);
        this.maxQueuedBytes = maxQueuedBytes;
    }

    int state()
    {
        return state.get();
    }

    boolean compareAndSetState(final int expected, final int next)
    {
        return state.compareAndSet(expected, next);
    }

    InetSocketAddress address()
    {
        return address;
    }

    void address(final InetSocketAddress address)
    {
        this.address = address;
    }

    /** The fingerprint of the peer's TLS certificate, as it published it; null without TLS. */
    byte[] fingerprint()
    {
        return fingerprint;
    }

    void fingerprint(final byte[] fingerprint)
    {
        this.fingerprint = fingerprint;
    }

    /** Bytes of frames queued and not yet handed to the channel. */
    long queuedBytes()
    {
        return queuedBytes.get();
    }

    /** The ready channel, or null. */
    Channel channel()
    {
        return channel;
    }

    /**
     * The peer's listener turned this rank's connection away ({@code why}): counts it and returns
     * how long to wait before trying again, a doubling backoff with jitter (20 ms up to 1 s).
     */
    long turnedAway(final String why)
    {
        lastTurnedAway = why;
        final int n = turnedAway.incrementAndGet();
        final long backoff = Math.min(1_000, 20L << Math.min(n - 1, 6));
        return backoff / 2 + java.util.concurrent.ThreadLocalRandom.current().nextLong(backoff / 2 + 1);
    }

    /** For a connect that timed out: how often the peer turned this rank away, if ever. */
    String turnedAwayNote()
    {
        final int n = turnedAway.get();
        return n == 0 ? "" : "; its listener turned this rank away " + n + " time(s), last: " + lastTurnedAway +
            " (is something holding connections to it?)";
    }

    /**
     * Whether a frame of {@code length} bytes may be queued until the connection is ready:
     * {@link ReturnCode#OK}, {@link ReturnCode#BACK_PRESSURED} (the queue's byte limit) or
     * {@link ReturnCode#PEER_FAILED}. Engine thread only.
     */
    int admit(final int length)
    {
        final int s = state.get();
        if (s == FAILED || s == CLOSED)
        {
            return ReturnCode.PEER_FAILED;
        }
        if (queuedBytes.get() + length > maxQueuedBytes)
        {
            return ReturnCode.BACK_PRESSURED;
        }
        return ReturnCode.OK;
    }

    /** Queues a finished frame (ownership passes on OK). Engine thread only. */
    int enqueue(final ByteBuf frame)
    {
        final int length = frame.readableBytes();
        if (!outbound.offer(frame))
        {
            frame.release();
            return ReturnCode.BACK_PRESSURED;
        }
        queuedBytes.addAndGet(length);
        return ReturnCode.OK;
    }

    /**
     * Publishes the winning connection: from now on the rank's own thread writes and reads it
     * through {@code s}, which takes over the frames queued before it ({@link #adoptQueued}).
     */
    void attach(final Channel ch, final EngineSession s)
    {
        session = s;
        channel = ch;
        state.set(READY);
    }

    /** The session of the ready connection, or null (not ready yet, or lost). */
    EngineSession session()
    {
        return session;
    }

    /** Moves frames queued before the session was published into its writer, in order. Engine thread only. */
    void adoptQueued(final SessionWriter writer) throws IOException
    {
        ByteBuf frame;
        while ((frame = outbound.poll()) != null)
        {
            queuedBytes.addAndGet(-frame.readableBytes());
            writer.queue(frame);
        }
    }

    /** Marks the link lost (or closed by GOODBYE); queued frames are released. True the first time. */
    boolean detach(final int finalState)
    {
        int s;
        do
        {
            s = state.get();
            if (s == FAILED || s == CLOSED)
            {
                return false;
            }
        }
        while (!state.compareAndSet(s, finalState));
        channel = null;
        session = null;
        return true;
    }

    /** Releases every queued frame; once the transport has closed (no producer left). */
    void releaseQueued()
    {
        ByteBuf frame;
        while ((frame = outbound.poll()) != null)
        {
            queuedBytes.addAndGet(-frame.readableBytes());
            frame.release();
        }
    }
}
