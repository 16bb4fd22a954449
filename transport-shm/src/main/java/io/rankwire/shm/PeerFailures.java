package io.rankwire.shm;

import java.lang.System.Logger.Level;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/**
 * What happens when a peer goes: in order (its segment says CLOSED), nothing more is sent to it
 * and its pending reads end; on failure (its process died, it wrote a malformed frame or
 * fragment, it cut this rank off), the same plus a WARNING naming it, a mark in this rank's
 * segment so that it learns it was cut off, and one PEER_FAILED completion. Each peer goes once.
 * Thread driving the engine.
 */
final class PeerFailures implements Liveness.Outcomes, Inbox.Violations, Reads.Violations
{
    private static final System.Logger LOG = System.getLogger(ShmTransport.class.getName());

    private final int rank;
    private final Peer[] byRank;
    private final Peer[] peers;
    private final RankSegment segment;
    private final Reads reads;
    private final Streamer streamer;
    private final Events events;
    private boolean closed;

    PeerFailures(
        final int rank, final Peer[] byRank, final Peer[] peers, final RankSegment segment, final Reads reads,
        final Streamer streamer, final Events events)
    {
        this.rank = rank;
        this.byRank = byRank;
        this.peers = peers;
        this.segment = segment;
        this.reads = reads;
        this.streamer = streamer;
        this.events = events;
    }

    /** The transport closes: nothing is reported any more. */
    void close()
    {
        closed = true;
    }

    @Override
    public void closed(final Peer p)
    {
        if (p.unreachable())
        {
            return;
        }
        p.gone = true;
        reads.failPeer(p, CompletionStatus.PEER_FAILED);
        streamer.dropPeer(p.index);
    }

    @Override
    public void died(final Peer p, final String why)
    {
        if (p.unreachable() || closed)
        {
            return;
        }
        p.failed = true;
        segment.cut(p.index);
        LOG.log(Level.WARNING, "rankwire-shm: rank " + rank + ": rank " + p.rank + " failed: " + why);
        reads.failPeer(p, CompletionStatus.PEER_FAILED);
        streamer.dropPeer(p.index);
        events.add(CompletionOpcode.PEER_FAILED, p.rank, CompletionStatus.PEER_FAILED, 0);
    }

    @Override
    public void violation(final Peer p, final String what)
    {
        died(p, "protocol violation: " + what);
    }

    /**
     * A fault on memory mapped from {@code file} ({@code InternalError}: the file shrank or its
     * file system could not back a page): {@code p} fails, or every peer when {@code p} is null
     * (the access could have been to any file of the host's ranks).
     */
    void fault(final Peer p, final Object file, final Throwable cause)
    {
        final String why = "a fault on shared memory mapped from " + file + " (" + cause.getMessage() +
            "; the file was shrunk, or its file system ran out of space)";
        if (p != null)
        {
            died(p, why);
            return;
        }
        for (final Peer each : peers)
        {
            died(each, why);
        }
    }

    /** A malformed frame in a ring: its writer fails; a corrupt shared ring fails every peer. */
    @Override
    public void malformed(final int ringPeer, final int claimedSender, final String what)
    {
        if (ringPeer >= 0)
        {
            died(byRank[ringPeer], "malformed frame from rank " + ringPeer + ": " + what);
            return;
        }
        for (final Peer p : peers)
        {
            died(p, "malformed frame in the shared ring of rank " + rank + " (claimed sender rank " + claimedSender +
                "): " + what);
        }
    }
}
