package io.rankwire.proto;

import java.util.ArrayDeque;

import io.rankwire.buffer.Stage;
import io.rankwire.buffer.StagePool;
import io.rankwire.match.Envelope;
import io.rankwire.observe.Flight;
import io.rankwire.spi.MemoryRegion;

/**
 * Where every transfer ends: releases what the protocols hold for it (its place among the active
 * transfers, its cookie, its rendezvous state and registered region, its staging buffer, after
 * copying a received message out to a typed array), then publishes the outcome on the transfer
 * ({@link Transfer#finish}), and gives a send-buffer copy back. Also the pool of
 * {@link Rendezvous} states. Counts the messages sent and received, and reports each completion
 * to the flight recorder while a recording runs ({@link Flight}). Driving thread only.
 */
final class Completions
{
    /** Rendezvous states kept for reuse. */
    private static final int SPARE_RENDEZVOUS = 256;

    private final ActiveOps active;
    private final OpTable opTable;
    private final StagePool pool;
    private final ArrayDeque<Rendezvous> spare = new ArrayDeque<>();
    private SendBuffer sendBuffer;
    final int rank;
    private long messagesSent;
    private long bytesSent;
    private long messagesReceived;
    private long bytesReceived;

    Completions(final int rank, final ActiveOps active, final OpTable opTable, final StagePool pool)
    {
        this.rank = rank;
        this.active = active;
        this.opTable = opTable;
        this.pool = pool;
    }

    /** The send buffer whose copies come back here once complete (it is built after this). */
    void sendBuffer(final SendBuffer sendBuffer)
    {
        this.sendBuffer = sendBuffer;
    }

    /** Tracks a started transfer, so that close and peer failures can fail it. */
    void activate(final Transfer t)
    {
        active.add(t);
    }

    /** Rendezvous state for {@code t}, from the pool. */
    Rendezvous rendezvous(final Transfer t)
    {
        Rendezvous rv = spare.pollFirst();
        if (rv == null)
        {
            rv = new Rendezvous();
        }
        t.rv = rv;
        return rv;
    }

    void complete(final Transfer t, final int source, final int tag, final int bytes, final int error)
    {
        complete(t, source, tag, bytes, error, false);
    }

    /** Finishes a transfer: releases its resources and publishes the outcome. Does nothing if it is done. */
    void complete(final Transfer t, final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        if (t.isDone())
        {
            return;
        }
        active.remove(t);
        opTable.forget(t);
        count(t, bytes, error, cancelled);
        if (Flight.on())
        {
            record(t, source, tag, bytes, error, cancelled);
        }
        releaseRendezvous(t);
        final Stage stage = t.detachStage();
        if (stage != null)
        {
            if (t.kind == Transfer.RECV && !cancelled)
            {
                t.attachStage(stage);
                t.stageOut(bytes);
                t.detachStage();
            }
            pool.release(stage);
        }
        t.onReleased(error, cancelled);
        t.finish(source, tag, bytes, error, cancelled);
        if (t.buffered)
        {
            sendBuffer.release(t);
        }
    }

    /**
     * Completes a send that {@link Sender#sendAtOnce} posted whole (counted by {@link #sentNow}):
     * never queued nor tracked, so only finished.
     */
    void sentAtOnce(final Transfer t, final int peer, final long tag)
    {
        t.reset(Transfer.SEND);
        t.peer = peer;
        t.tag = tag;
        t.protocol = TmHeader.EAGER;
        final int bytes = t.length();
        t.onReleased(Outcome.OK, false);
        t.finish(-1, Envelope.tagOf(tag), bytes, Outcome.OK, false);
    }

    /** Counts a message of {@code bytes} that went out whole as one eager frame, with no transfer to complete. */
    void sentNow(final int bytes)
    {
        messagesSent++;
        bytesSent += bytes;
    }

    private void count(final Transfer t, final int bytes, final int error, final boolean cancelled)
    {
        if (cancelled)
        {
            return;
        }
        if (t.kind == Transfer.SEND && !t.buffered && error == Outcome.OK)
        {
            messagesSent++;
            bytesSent += bytes;
        }
        else if (t.kind == Transfer.RECV && (error == Outcome.OK || error == Outcome.TRUNCATED))
        {
            messagesReceived++;
            bytesReceived += bytes;
        }
    }

    private void record(final Transfer t, final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        if (t.kind == Transfer.SEND)
        {
            if (t.protocol == TmHeader.RNDV)
            {
                Flight.rendezvous(rank, t.peer, bytes, "sender", error);
            }
            if (!t.buffered && !cancelled)
            {
                Flight.send(rank, t.peer, tag, bytes,
                    t.protocol == TmHeader.RNDV ? "rendezvous" : t.protocol == TmHeader.EAGER ? "eager" : "buffered");
            }
        }
        else if (t.kind == Transfer.RECV)
        {
            if (t.rv != null)
            {
                Flight.rendezvous(rank, t.peer, bytes, "receiver", error);
            }
            if (!cancelled)
            {
                Flight.receive(rank, source, tag, bytes, error);
            }
        }
    }

    /** Messages sent, their bytes, messages received, their bytes. */
    long[] messages()
    {
        return new long[] {messagesSent, bytesSent, messagesReceived, bytesReceived};
    }

    private void releaseRendezvous(final Transfer t)
    {
        final Rendezvous rv = t.rv;
        if (rv == null)
        {
            return;
        }
        t.rv = null;
        final MemoryRegion region = rv.region;
        if (region != null)
        {
            region.close();
        }
        rv.clear();
        if (spare.size() < SPARE_RENDEZVOUS)
        {
            spare.addFirst(rv);
        }
    }
}
