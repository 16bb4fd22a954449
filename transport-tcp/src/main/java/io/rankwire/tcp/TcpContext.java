package io.rankwire.tcp;

import io.rankwire.spi.RegionSlots;
import io.rankwire.spi.TransportContext;

/**
 * What the parts of one rank's TCP transport share, made once when the transport opens and
 * handed to each part at construction (as Aeron's driver agents take theirs from
 * {@code MediaDriver.Context}): who this rank is, its settings, the job's secret and TLS
 * certificate, and the queues and tables that the event loops and the rank's thread both reach.
 * The references never change; what they point to keeps its own threading rules (each class
 * states them). A part never holds the transport: the one thing of it a part reads, whether it is
 * closing or closed, comes through {@link Lifecycle}; what a part reports (a session ready, a
 * connection lost) goes to {@link Peers}.
 *
 * <pre>
 *   TcpTransport ──makes──&gt; TcpContext &lt;──reads── Peers, Connector, HandshakeHandler,
 *        │                                       HandshakeSteps, EngineSession
 *        └──makes──&gt; PeerLinks, event loops, Peers, Connector
 * </pre>
 */
final class TcpContext
{
    final TcpSettings settings;
    final int rank;
    final int size;
    final String jobId;
    final Handshake handshake;
    /** This rank's TLS certificate and engines; null without TLS. */
    final TlsContexts tls;
    final Lifecycle lifecycle;
    final RegionSlots registry = new RegionSlots();
    final Refusals refusals = new Refusals();
    /** Accepted connections that have not authenticated yet, and their budget. */
    final InboundAdmission admission;
    final InboundQueue inbound;
    final PendingReads pendingReads;
    /** The sessions the rank's thread drives, and its kernel wait. */
    final EngineIo engineIo;
    private final TransportContext transport;

    /**
     * @param transport what the runtime opened the transport with
     * @param lifecycle the transport's state, read by parts on event loops
     */
    TcpContext(final TransportContext transport, final Lifecycle lifecycle)
    {
        this.transport = transport;
        this.lifecycle = lifecycle;
        this.settings = new TcpSettings(transport.settings(), transport.size());
        this.rank = transport.rank();
        this.size = transport.size();
        this.jobId = transport.jobId();
        this.handshake = new Handshake(transport.secret(), jobId);
        this.tls = settings.tls ? TlsContexts.create() : null;
        this.admission = new InboundAdmission(
            settings.pendingHandshakes > 0 ? settings.pendingHandshakes : InboundAdmission.defaultBudget(size));
        this.inbound = new InboundQueue(settings.inboundQueue, transport);
        this.pendingReads = new PendingReads(inbound);
        this.engineIo = new EngineIo();
    }

    /** Whether this endpoint carries messages to and from {@code peer} (every rank unless it was opened for some). */
    boolean serves(final int peer)
    {
        return transport.serves(peer);
    }

    /** This rank's TLS certificate fingerprint, or null without TLS. */
    byte[] ownFingerprint()
    {
        return tls == null ? null : tls.fingerprint();
    }
}
