package io.rankwire.tcp;

import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.ssl.SslClosedEngineException;
import io.netty.handler.ssl.SslHandler;

/**
 * The listener's door: accepted connections that have not finished the handshake, oldest first.
 * They have a budget of their own ({@code rankwire.tcp.pendingHandshakes}); when one more
 * arrives, the oldest is turned away (VERDICT BUSY, then closed), so connections held open
 * without authenticating cannot keep a peer out: the peer's client retries with backoff until its
 * {@code connectTimeoutMs}. A connection also has {@code helloTimeoutMs} for its HELLO. Any event
 * loop may admit or release; eviction runs on the evicted connection's loop. The queue is its own
 * count, changed only under its lock (connection setup only, never a message), so no reader ever
 * sees more than the budget waiting, even while several loops accept at once.
 * <pre>
 *   accepted --&gt; [ oldest ... newest ] --handshake done or refused--&gt; leaves the queue
 *                   |
 *                   +-- one more than the budget: the oldest is turned away
 * </pre>
 */
final class InboundAdmission
{
    /** Default budget: {@code 64 + job size}, at most this. */
    static final int MAX_DEFAULT_BUDGET = 1024;

    private final int budget;
    private final ArrayDeque<HandshakeHandler> waiting = new ArrayDeque<>();
    private long turnedAway;

    InboundAdmission(final int budget)
    {
        this.budget = budget;
    }

    /** The default budget of a job of {@code size} ranks. */
    static int defaultBudget(final int size)
    {
        return (int)Math.min(MAX_DEFAULT_BUDGET, 64L + size);
    }

    int budget()
    {
        return budget;
    }

    /** Queues an accepted connection; turns the oldest away while the budget is exceeded. */
    void admit(final HandshakeHandler h)
    {
        final HandshakeHandler oldest;
        synchronized (waiting)
        {
            waiting.addLast(h);
            if (waiting.size() <= budget)
            {
                return;
            }
            oldest = waiting.pollFirst();
            turnedAway++;
        }
        // outside the lock: turning away hands the oldest to its own loop, which logs and closes it
        oldest.turnAway("more than " + budget + " connections were waiting to authenticate, and this was the oldest");
    }

    /** {@code h} finished its handshake, was refused or closed: it no longer counts. Idempotent. */
    void release(final HandshakeHandler h)
    {
        synchronized (waiting)
        {
            waiting.remove(h);
        }
    }

    /**
     * Says BUSY on a connection that is being turned away and closes it: at once while its TLS
     * handshake is unfinished (nothing can be said then), else once the verdict is written or a
     * second later (a client that never reads). On the channel's loop.
     */
    static void sayBusyAndClose(final Channel channel)
    {
        final SslHandler ssl = channel.pipeline().get(SslHandler.class);
        if (ssl != null && !ssl.handshakeFuture().isDone())
        {
            channel.close();
            return;
        }
        channel.writeAndFlush(Frames.verdict(channel.alloc(), Frames.VERDICT_BUSY)).addListener(ChannelFutureListener.CLOSE);
        channel.eventLoop().schedule(() -> channel.close(), 1, TimeUnit.SECONDS);
    }

    /**
     * Whether a client's failed TLS handshake looks like a listener turning it away, which can
     * only close the connection during TLS: then the client tries again.
     */
    static boolean closedByListener(final Throwable tlsFailure)
    {
        return tlsFailure instanceof ClosedChannelException || tlsFailure instanceof SslClosedEngineException;
    }

    /** Connections waiting now. */
    int waiting()
    {
        synchronized (waiting)
        {
            return waiting.size();
        }
    }

    /** Connections turned away for a newer one so far. */
    long turnedAway()
    {
        synchronized (waiting)
        {
            return turnedAway;
        }
    }
}
