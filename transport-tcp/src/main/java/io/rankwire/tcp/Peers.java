package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.netty.channel.Channel;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.TransportException;

/**
 * The links to every peer ({@link PeerLink}) and the rules of a link's life: who connects, who
 * wins when two ranks connect to each other at once, when a session is published, and when a
 * lost connection is a failure worth a warning.
 *
 * <p>Who connects: each rank connects lazily on its first send (or eagerly at wire-up, lower
 * ranks to higher ones). When two ranks connect to each other at the same time the lower rank
 * decides: it accepts the higher rank's connection only if it has not started its own, and
 * otherwise answers DUPLICATE, after which the higher rank waits for the lower rank's
 * connection. Frames posted meanwhile wait in the peer's queue, so nothing is lost or reordered.
 */
final class Peers
{
    /**
     * {@link #acceptInbound}'s answer to a peer that connects while this rank is closing: at the end
     * of a job, after the closing rendezvous, a slower peer may still be dialling to deliver its
     * finalize notice, which this rank no longer needs. Routine, so not counted as a refusal.
     */
    static final byte REFUSE_CLOSING = -2;
    /** {@link #acceptInbound}'s answer when the link is already up, or has failed. */
    static final byte REFUSE = -1;
    private static final System.Logger LOG = System.getLogger(Peers.class.getName());

    private final TcpContext tcp;
    private final PeerLink[] links;
    /** Set once, right after construction: the connector reports back here, so it is made second. */
    private Connector connector;

    Peers(final TcpContext tcp, final PeerLink[] links)
    {
        this.tcp = tcp;
        this.links = links;
    }

    void connector(final Connector connector)
    {
        this.connector = connector;
    }

    PeerLink link(final int peer)
    {
        return links[peer];
    }

    /**
     * Publishes this rank's address (and TLS fingerprint) and reads every served peer's; with
     * {@code eager}, connects to every higher rank and waits until every link is ready.
     */
    void wireUp(final Bootstrap bootstrap, final Duration timeout, final boolean eager)
    {
        final byte[] fingerprint = tcp.ownFingerprint();
        if (fingerprint != null)
        {
            bootstrap.put(TlsContexts.FINGERPRINT_KEY, fingerprint);
        }
        bootstrap.put(TcpTransport.ADDRESS_KEY, connector.advertisedAddress().getBytes(StandardCharsets.UTF_8));
        for (int p = 0; p < links.length; p++)
        {
            if (p != tcp.rank && tcp.serves(p))
            {
                final String address = new String(bootstrap.get(p, TcpTransport.ADDRESS_KEY, timeout), StandardCharsets.UTF_8);
                links[p].address(Connector.parseAddress(p, address));
                if (fingerprint != null)
                {
                    links[p].fingerprint(bootstrap.get(p, TlsContexts.FINGERPRINT_KEY, timeout));
                }
            }
        }
        if (eager)
        {
            for (int p = tcp.rank + 1; p < links.length; p++)
            {
                if (tcp.serves(p))
                {
                    connect(links[p]);
                }
            }
            awaitAllReady(System.nanoTime() + timeout.toNanos());
        }
    }

    /** Starts this rank's connection to {@code link}'s peer unless one is already on its way. */
    void connect(final PeerLink link)
    {
        if (link.compareAndSetState(PeerLink.IDLE, PeerLink.CONNECTING))
        {
            connector.connect(link);
            final long timeout = tcp.settings.connectTimeoutMs;
            link.loop.schedule(() -> connectTimedOut(link, timeout), timeout, TimeUnit.MILLISECONDS);
        }
    }

    private void connectTimedOut(final PeerLink link, final long timeout)
    {
        if (link.state() == PeerLink.CONNECTING)
        {
            connectFailed(link.peer, "no connection with rank " + link.peer + " within " + timeout + " ms" +
                link.turnedAwayNote());
        }
    }

    /** Waits until every served peer's link is READY; a failed link or the deadline throws. */
    void awaitAllReady(final long deadline)
    {
        for (int p = 0; p < links.length; p++)
        {
            while (p != tcp.rank && tcp.serves(p) && links[p].state() != PeerLink.READY)
            {
                if (links[p].state() == PeerLink.FAILED || System.nanoTime() - deadline > 0)
                {
                    throw new TransportException("rankwire-tcp: rank " + tcp.rank + " could not connect to rank " + p);
                }
                LockSupport.parkNanos(100_000);
            }
        }
    }

    /**
     * Decides on an authenticated connection from {@code peer}: {@link Frames#VERDICT_ACCEPT},
     * {@link Frames#VERDICT_DUPLICATE} (this lower rank has started its own, or is already
     * connected), {@link #REFUSE}, or {@link #REFUSE_CLOSING} to refuse because this rank is closing.
     */
    byte acceptInbound(final int peer)
    {
        final PeerLink link = links[peer];
        if (tcp.lifecycle.isClosed())
        {
            return REFUSE_CLOSING;
        }
        if (link.compareAndSetState(PeerLink.IDLE, PeerLink.CONNECTING))
        {
            return Frames.VERDICT_ACCEPT;
        }
        final int state = link.state();
        if (peer > tcp.rank && (state == PeerLink.CONNECTING || state == PeerLink.READY))
        {
            return Frames.VERDICT_DUPLICATE;
        }
        return peer < tcp.rank && state == PeerLink.CONNECTING ? Frames.VERDICT_ACCEPT : REFUSE;
    }

    /** A session for {@code peer}'s authenticated connection; not yet published. */
    EngineSession newSession(final int peer, final Channel ch, final SocketChannel socket, final WireChannel wire)
    {
        return new EngineSession(tcp, this, links[peer], ch, socket, wire);
    }

    /**
     * Publishes {@code session}: the rank's thread owns the connection's I/O from now on. Wakes the
     * rank, which sends what was queued for the peer before the connection was ready.
     */
    void attach(final int peer, final Channel ch, final EngineSession session)
    {
        links[peer].attach(ch, session);
        tcp.engineIo.add(session);
        tcp.inbound.signal();
    }

    /** A ready connection closed: a failure unless the peer said GOODBYE or this rank is closing. */
    void connectionLost(final int peer, final Channel ch, final boolean goodbye)
    {
        final PeerLink link = links[peer];
        if (link.channel() != ch || !link.detach(goodbye ? PeerLink.CLOSED : PeerLink.FAILED))
        {
            return;
        }
        tcp.pendingReads.failPeer(peer);
        if (!goodbye && !tcp.lifecycle.isClosed())
        {
            LOG.log(Level.WARNING, "rankwire-tcp: rank " + tcp.rank + " lost its connection to rank " + peer);
            tcp.inbound.offerEvent(CompletionOpcode.PEER_FAILED, peer, CompletionStatus.PEER_FAILED, 0);
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
        if (tcp.lifecycle.isClosed() || link.state() != PeerLink.CONNECTING || link.channel() != null)
        {
            return;
        }
        final long delay = link.turnedAway(why);
        LOG.log(Level.DEBUG, "rankwire-tcp: rank " + tcp.rank + ": rank " + peer + " turned the connection away (" +
            why + "); trying again in " + delay + " ms");
        link.loop.schedule(() ->
        {
            if (!tcp.lifecycle.isClosed() && link.state() == PeerLink.CONNECTING && link.channel() == null)
            {
                connector.connect(link);
            }
        }, delay, TimeUnit.MILLISECONDS);
    }

    /**
     * This rank's connection attempt failed before the peer was ready. Once this rank has begun
     * to close, a peer that passed the closing rendezvous drops connections still being set up (a
     * FINALIZE notice on its way, which it no longer needs): then only a DEBUG line, since the
     * rendezvous reports a peer that really failed.
     */
    void connectFailed(final int peer, final String why)
    {
        final PeerLink link = links[peer];
        if (tcp.lifecycle.isClosed() || link.state() != PeerLink.CONNECTING || !link.detach(PeerLink.FAILED))
        {
            return;
        }
        LOG.log(tcp.lifecycle.isClosing() ? Level.DEBUG : Level.WARNING, "rankwire-tcp: rank " + tcp.rank + ": " + why);
        tcp.pendingReads.failPeer(peer);
        tcp.inbound.offerEvent(CompletionOpcode.PEER_FAILED, peer, CompletionStatus.PEER_FAILED, 0);
    }

    /**
     * Sends what is queued for {@code link} (waiting for a connection still on its way), then
     * GOODBYE, and waits until the socket has taken it all, up to {@code deadline}.
     */
    void sayGoodbye(final PeerLink link, final long deadline)
    {
        // Frames queued for a connection still on its way: wait until it is READY (or failed);
        // the event loop moves the queue into the new session before it marks the link READY.
        final boolean queued = link.queuedBytes() > 0;
        while (link.state() == PeerLink.CONNECTING && queued && System.nanoTime() - deadline < 0)
        {
            LockSupport.parkNanos(100_000);
        }
        final EngineSession session = link.session();
        if (link.state() == PeerLink.READY && session != null)
        {
            session.goodbye(deadline);
        }
    }
}
