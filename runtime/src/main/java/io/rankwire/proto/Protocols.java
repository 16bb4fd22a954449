package io.rankwire.proto;

import io.rankwire.buffer.BufView;
import io.rankwire.buffer.StagePool;
import io.rankwire.match.MatchEngine;
import io.rankwire.match.PostedRecv;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.observe.Flight;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.Transport;

/**
 * One rank's protocols over its transport: eager and rendezvous sends with credit flow control
 * and the send buffer ({@link Sender}, {@link Credits}, {@link SendBuffer}), receives and the
 * matching engine ({@link Receiver}), control messages ({@link Control}), FINALIZE notices
 * ({@link Finalization}), and the dispatch of completions ({@link Dispatcher}). The engine calls
 * in here with its lock held and sees the outcomes on the {@link Transfer}s it started; nothing
 * here calls the engine.
 *
 * <p>Driving thread only, except {@link #anyFinalized()}.
 */
public final class Protocols implements PeerEvents
{
    private static final int POLL_BATCH = 64;

    private final Transport transport;
    private final int rank;
    private final int size;
    private final StagePool pool;
    private final ActiveOps active = new ActiveOps();
    private final OpTable opTable = new OpTable();
    private final Completions completions;
    private final Credits credits;
    private final SendBuffer sendBuffer;
    private final Sender sender;
    private final Control control;
    private final Receiver receiver;
    private final MatchEngine matcher;
    private final SrqBuffers srq;
    private final boolean offload;
    private final Finalization finalization;
    private final Dispatcher dispatcher;
    private boolean closing;

    /**
     * @param pool the rank's staging buffers (typed-array staging, unexpected payloads, copies)
     */
    public Protocols(final Transport transport, final ProtocolSettings settings, final int rank, final int size, final StagePool pool)
    {
        this.transport = transport;
        this.rank = rank;
        this.size = size;
        this.pool = pool;
        final Capabilities caps = transport.capabilities();
        this.completions = new Completions(rank, active, opTable, pool);
        this.credits = new Credits(size, settings.credits(), settings.unexpectedBytes() / size);
        this.sendBuffer = new SendBuffer(pool, settings.sendBufferBytes());
        completions.sendBuffer(sendBuffer);
        this.sender = new Sender(completions, transport, credits, sendBuffer, opTable, eagerLimits(settings.eagerLimit(), transport, size), size);
        this.control = new Control(this, transport, credits, sender);
        sender.control(control);
        final OffloadPort port = transport.offloadPort();
        this.offload = port != null && caps.hasOffload();
        this.receiver = new Receiver(completions, transport, opTable, pool, control, credits, offload);
        this.matcher = new MatchEngine(offload ? port : null, offload ? receiver : null, settings.offloadMinBytes());
        receiver.matcher(matcher);
        this.srq = port != null ? new SrqBuffers(port, settings.srqBuffers(), Math.max(caps.maxMessageSize(), 64)) : null;
        this.finalization = new Finalization(completions, receiver, sender, control, this, rank, size);
        this.dispatcher = new Dispatcher(this, sender, receiver, control, matcher, srq);
    }

    /** Per peer, the eager limit of the transport that carries its messages (or the configured one). */
    private static int[] eagerLimits(final int configured, final Transport transport, final int size)
    {
        final int[] limits = new int[size];
        for (int p = 0; p < size; p++)
        {
            limits[p] = eagerLimit(configured, transport.capabilities(p));
        }
        return limits;
    }

    private static int eagerLimit(final int configured, final Capabilities caps)
    {
        final int max = caps.maxMessageSize() - TmHeader.LENGTH;
        final int limit = configured < 0 ? caps.eagerLimit() : configured;
        return Math.max(0, Math.min(limit, max));
    }

    /** Posts the SRQ buffers, if the transport has an offload port. */
    public void postReceiveBuffers()
    {
        if (srq != null)
        {
            srq.postAll();
        }
    }

    /**
     * The eager limit in effect (bytes of payload): the smallest of every peer's, so payloads up
     * to it go eagerly to any rank; a peer reached through a transport with a larger limit takes
     * larger eager payloads.
     */
    public int eagerLimit()
    {
        return sender.eagerLimit();
    }

    /**
     * A standard send that can go out now as one eager frame from where it is (see
     * {@link Sender#sendAtOnce}): posts it and completes {@code t} without queueing or tracking
     * it, as {@link #send} would complete it. Returns false, having changed nothing, when it
     * cannot: the caller then calls {@link #send}.
     */
    public boolean sendAtOnce(final Transfer t, final int peer, final long tag)
    {
        if (!sendNow(t, peer, tag))
        {
            return false;
        }
        completions.sentAtOnce(t, peer, tag);
        return true;
    }

    /**
     * Like {@link #sendAtOnce} for a blocking send, whose caller needs no outcome: posts the
     * buffer {@code src} describes as one eager frame and counts it, leaving {@code src} as it
     * was (no transfer is started or completed). Returns false, having changed nothing, when it
     * cannot go out now.
     */
    public boolean sendNow(final BufView src, final int peer, final long tag)
    {
        if (finalization.isFinalized(peer) || !sender.sendAtOnce(src, peer, tag))
        {
            return false;
        }
        completions.sentNow(src.length());
        return true;
    }

    /**
     * Starts a send of {@code t}'s buffer to world rank {@code peer} with packed envelope
     * {@code tag}; the transfer may be complete on return.
     */
    public void send(final Transfer t, final int peer, final long tag, final boolean sync)
    {
        t.reset(Transfer.SEND);
        t.peer = peer;
        t.tag = tag;
        t.sync = sync;
        completions.activate(t);
        if (finalization.isFinalized(peer))
        {
            completions.complete(t, -1, -1, 0, finalization.errorOf(peer));
            return;
        }
        stage(t, true);
        sender.start(t);
    }

    /**
     * Posts a receive into {@code t}'s buffer for (tag, mask); {@code expectedPeer} is the world
     * rank of the source or -1 for ANY_SOURCE, {@code group} (may be null) the communicator's, so
     * that an ANY_SOURCE receive fails once every other member has finalized.
     */
    public void recv(final Transfer t, final long tag, final long mask, final int expectedPeer, final Group group)
    {
        t.reset(Transfer.RECV);
        t.expectedPeer = expectedPeer;
        t.group = group;
        stage(t, false);
        completions.activate(t);
        receiver.post(t, tag, mask);
        if (finalization.anyFinalized() && !t.isDone())
        {
            final int gone = finalization.unsatisfiableBy(expectedPeer, group);
            if (gone >= 0)
            {
                receiver.failPosted(t, finalization.errorOf(gone), gone);
            }
        }
    }

    /** Receives into {@code t} a message taken by a matched probe. */
    public void recvMatched(final Transfer t, final UnexpectedMsg msg)
    {
        t.reset(Transfer.RECV);
        stage(t, false);
        completions.activate(t);
        receiver.deliverUnexpected(t, msg);
    }

    /** The earliest unexpected message matching (tag, mask), left in place, or null. */
    public UnexpectedMsg probe(final long tag, final long mask)
    {
        return matcher.probe(tag, mask);
    }

    /** Takes the earliest unexpected message matching (tag, mask), or null. */
    public UnexpectedMsg take(final long tag, final long mask)
    {
        return matcher.take(tag, mask);
    }

    /** Cancels a pending receive; the outcome may come later from the NIC. */
    public void cancel(final Transfer t)
    {
        if (!closing && !t.isDone() && t.kind == Transfer.RECV)
        {
            receiver.cancel(t);
        }
    }

    private void stage(final Transfer t, final boolean forSend)
    {
        if (t.needsStage())
        {
            t.attachStage(pool.acquire(t.length()));
            if (forSend)
            {
                t.stageIn();
            }
        }
    }

    /** One pass of progress: completions from the transport, then every retry queue. Returns the work done. */
    public int progress()
    {
        if (srq != null)
        {
            srq.flushReposts(); // the previous poll's buffers, before this poll can need them
        }
        int work = transport.poll(dispatcher, POLL_BATCH);
        work += sender.flush();
        work += receiver.flushReads();
        work += control.flush();
        work += finalization.flush();
        if (offload)
        {
            work += matcher.progress();
        }
        if (work == 0)
        {
            work = control.returnCreditsAtIdle();
        }
        return work;
    }

    /** True when a send of {@code length} bytes to {@code peer} could go eagerly but cannot now (see {@link Sender#lacksCredits}). */
    public boolean lacksCredits(final int peer, final int length)
    {
        return sender.lacksCredits(peer, length);
    }

    /** Asks {@code peer} for the credits to send {@code length} bytes eagerly (see {@link Sender#askForCredits}). */
    public void askForCredits(final int peer, final int length)
    {
        sender.askForCredits(peer, length);
    }

    /** True while {@code peer} says unexpected messages hold all its credits. */
    public boolean isStarved(final int peer)
    {
        return sender.isStarved(peer);
    }

    /** Announces that this rank finalizes: every peer gets a FINALIZE notice after everything sent to it. */
    public void finalizeNotice()
    {
        finalization.announce();
    }

    /** True once any peer has finalized. Any thread. */
    public boolean anyFinalized()
    {
        return finalization.anyFinalized();
    }

    /** True once {@code peer} has finalized. */
    public boolean isFinalized(final int peer)
    {
        return finalization.isFinalized(peer);
    }

    /** {@link Outcome#PEER_FAILED} when finalized {@code peer} ended without closing, else {@link Outcome#PEER_FINALIZED}. */
    public int errorOf(final int peer)
    {
        return finalization.errorOf(peer);
    }

    /**
     * Peer {@code peer} ended without closing (the job's bootstrap saw its process go): at the
     * next progress its pending transfers fail with {@link Outcome#PEER_FAILED}, and so do later
     * sends to it and receives only it could satisfy. Any thread.
     */
    public void peerExited(final int peer)
    {
        finalization.exited(peer);
    }

    /** Transfers started and not yet complete. */
    public int activeCount()
    {
        return active.count();
    }

    /**
     * The finalized world rank that makes a receive from {@code expectedPeer} (-1: ANY_SOURCE in
     * {@code group}) impossible, or -1 while it may still be satisfied.
     */
    public int unsatisfiableBy(final int expectedPeer, final Group group)
    {
        return finalization.unsatisfiableBy(expectedPeer, group);
    }

    /** Fails every active transfer with {@link Outcome#CLOSED}; the rank closes. */
    public void failAll()
    {
        closing = true;
        Transfer t;
        while ((t = active.head()) != null)
        {
            t.posted = null;
            completions.complete(t, -1, -1, 0, Outcome.CLOSED);
        }
    }

    /** Drops the SRQ buffers (after the transport closed). */
    public void releaseReceiveBuffers()
    {
        if (srq != null)
        {
            srq.clear();
        }
    }

    @Override
    public boolean closing()
    {
        return closing;
    }

    @Override
    public void peerFinalized(final int peer)
    {
        finalization.onPeerFinalized(peer, active.head());
    }

    @Override
    public void peerFailed(final int peer)
    {
        int failed = 0;
        Transfer t = active.head();
        while (t != null)
        {
            final Transfer next = t.nextActive;
            final boolean anySource = t.kind == Transfer.RECV && t.expectedPeer < 0 && t.posted != null &&
                t.group != null && t.group.containsWorldRank(peer);
            if (t.peer == peer || t.expectedPeer == peer || anySource)
            {
                final PostedRecv posted = t.posted;
                t.posted = null;
                if (posted != null && matcher.cancel(posted) == MatchEngine.CANCELLED)
                {
                    matcher.free(posted);
                }
                t.peer = peer;
                completions.complete(t, -1, -1, 0, Outcome.PEER_FAILED);
                failed++;
            }
            t = next;
        }
        if (Flight.on())
        {
            Flight.peerFailure(rank, peer, "failed", failed);
        }
    }

    /** Counters for the rank's statistics. */
    public ProtocolCounters counters()
    {
        return new ProtocolCounters(
            receiver.unexpectedBytes(), receiver.unexpectedBytesHighWater(), credits.grantBytes() * size,
            receiver.unexpectedCount(), matcher.hardwareMatches(), matcher.softwareMatches(),
            sender.backPressured() + control.backPressured() + receiver.readsBackPressured(), active.count(),
            new long[] {matcher.addsPosted(), matcher.delsPosted(), matcher.syncsPosted(), matcher.syncRequestsSeen()},
            new long[] {sendBuffer.buffered(), sendBuffer.waits(), sendBuffer.bytes(), sendBuffer.highWater(), sendBuffer.capacity()},
            sender.creditRequests(), completions.messages());
    }
}
