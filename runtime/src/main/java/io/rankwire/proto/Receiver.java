package io.rankwire.proto;

import java.util.ArrayDeque;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.match.Envelope;
import io.rankwire.match.MatchEngine;
import io.rankwire.match.MatchListener;
import io.rankwire.match.PostedRecv;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.observe.Flight;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.SmallCopy;
import io.rankwire.spi.Transport;
import io.rankwire.buffer.Stage;
import io.rankwire.buffer.StagePool;

/**
 * The receiving half of the protocols: posts receives into the {@link MatchEngine}, takes
 * arriving messages (eager data is copied to the matched buffer, or into a pooled buffer while it
 * is unexpected; a rendezvous request is finished with a read of at most the receive buffer's
 * capacity, then FIN), and handles the NIC's matches when receives are offloaded.
 *
 * <p>Driving thread only.
 */
final class Receiver implements MatchListener
{
    private final Completions completions;
    private final Transport transport;
    private final OpTable opTable;
    private final StagePool pool;
    private final Control control;
    private final Credits credits;
    private final boolean offload;
    private MatchEngine matcher;

    private final ArrayDeque<Transfer> pendingReads = new ArrayDeque<>();
    private long readsBackPressured;
    private long unexpectedBytes;
    private long unexpectedBytesHighWater;
    private long unexpectedCount;

    Receiver(
        final Completions completions,
        final Transport transport,
        final OpTable opTable,
        final StagePool pool,
        final Control control,
        final Credits credits,
        final boolean offload)
    {
        this.credits = credits;
        this.completions = completions;
        this.transport = transport;
        this.opTable = opTable;
        this.pool = pool;
        this.control = control;
        this.offload = offload;
    }

    void matcher(final MatchEngine matcher)
    {
        this.matcher = matcher;
    }

    long unexpectedBytes()
    {
        return unexpectedBytes;
    }

    long unexpectedBytesHighWater()
    {
        return unexpectedBytesHighWater;
    }

    long readsBackPressured()
    {
        return readsBackPressured;
    }

    long unexpectedCount()
    {
        return unexpectedCount;
    }

    /** Posts a receive: matches an unexpected message at once, or queues it. */
    void post(final Transfer op, final long tag, final long mask)
    {
        final PostedRecv recv = matcher.newRecv().set(tag, mask, op.length(), op);
        if (offload && op.offloadable())
        {
            recv.offloadTo(op.mutableBuffer(), op.offset());
        }
        op.posted = recv;
        final UnexpectedMsg msg = matcher.post(recv);
        if (msg != null)
        {
            op.posted = null;
            matcher.free(recv);
            deliverUnexpected(op, msg);
        }
    }

    /** Receives a message taken from the unexpected queue (a posted match or a matched probe). */
    void deliverUnexpected(final Transfer op, final UnexpectedMsg msg)
    {
        final long tag = msg.tag();
        matchEvent(msg.peer, tag, msg.length(), Flight.FROM_UNEXPECTED);
        if (msg.kind == TmHeader.EAGER)
        {
            final Stage stage = (Stage)msg.data;
            final int length = msg.length();
            unexpectedBytes -= length;
            credits.release(msg.peer, length);
            copyEager(op, msg.peer, tag, msg.flags, msg.appCtx, stage.buffer, 0, length);
            pool.release(stage);
        }
        else
        {
            startRead(op, msg.peer, tag, msg.flags, msg.appCtx, msg.va, msg.rkey, msg.length());
        }
        msg.data = null;
        matcher.free(msg);
    }

    /** A tagged message seen by software: an eager message or a rendezvous request. */
    void onTagged(final int peer, final DirectBuffer buffer, final int offset, final int length)
    {
        final int opcode = TmHeader.opcode(buffer, offset);
        final long tag = TmHeader.tag(buffer, offset);
        final int flags = TmHeader.flags(buffer, offset);
        final int appCtx = TmHeader.appCtx(buffer, offset);
        if (opcode == TmHeader.EAGER)
        {
            final int payload = length - TmHeader.LENGTH;
            final PostedRecv recv = matcher.arrive(tag, payload);
            matchEvent(peer, tag, payload, recv != null ? Flight.POSTED : Flight.UNEXPECTED);
            if (recv != null)
            {
                final Transfer op = matched(recv);
                copyEager(op, peer, tag, flags, appCtx, buffer, offset + TmHeader.LENGTH, payload);
            }
            else
            {
                final UnexpectedMsg msg = matcher.newMsg().set(tag, payload);
                describe(msg, TmHeader.EAGER, flags, appCtx, peer);
                final Stage stage = pool.acquire(payload);
                SmallCopy.copy(stage.buffer, 0, buffer, offset + TmHeader.LENGTH, payload);
                msg.data = stage;
                unexpectedBytes += payload;
                credits.hold(peer, payload);
                unexpectedBytesHighWater = Math.max(unexpectedBytesHighWater, unexpectedBytes);
                unexpectedCount++;
                matcher.enqueueUnexpected(msg);
            }
        }
        else
        {
            final int rvOffset = offset + TmHeader.LENGTH;
            final long va = RvHeader.va(buffer, rvOffset);
            final int rkey = RvHeader.rkey(buffer, rvOffset);
            final int rvLength = RvHeader.length(buffer, rvOffset);
            final PostedRecv recv = matcher.arrive(tag, rvLength);
            matchEvent(peer, tag, rvLength, recv != null ? Flight.POSTED : Flight.UNEXPECTED);
            if (recv != null)
            {
                final Transfer op = matched(recv);
                startRead(op, peer, tag, flags, appCtx, va, rkey, rvLength);
            }
            else
            {
                final UnexpectedMsg msg = matcher.newMsg().set(tag, rvLength);
                describe(msg, TmHeader.RNDV, flags, appCtx, peer);
                msg.va = va;
                msg.rkey = rkey;
                unexpectedCount++;
                matcher.enqueueUnexpected(msg);
            }
        }
    }

    private void matchEvent(final int peer, final long tag, final int bytes, final String where)
    {
        if (Flight.on())
        {
            Flight.match(completions.rank, peer, Envelope.tagOf(tag), bytes, where);
        }
    }

    private static void describe(final UnexpectedMsg msg, final int kind, final int flags, final int appCtx, final int peer)
    {
        msg.kind = kind;
        msg.flags = flags;
        msg.appCtx = appCtx;
        msg.peer = peer;
    }

    private Transfer matched(final PostedRecv recv)
    {
        final Transfer op = (Transfer)recv.owner();
        op.posted = null;
        matcher.free(recv);
        return op;
    }

    /** Copies an eager payload into the receive buffer, acks an ssend, owes credits, completes. */
    private void copyEager(
        final Transfer op, final int peer, final long tag, final int flags, final int appCtx,
        final DirectBuffer src, final int srcOffset, final int length)
    {
        final int n = Math.min(length, op.length());
        if (n > 0)
        {
            SmallCopy.copy(op.mutableBuffer(), op.offset(), src, srcOffset, n);
        }
        op.peer = peer;
        if ((flags & TmHeader.FLAG_SYNC) != 0 || (appCtx & Sender.SYNC_COOKIE_BIT) != 0)
        {
            control.ack(peer, appCtx);
        }
        control.oweCredits(peer, length);
        completions.complete(op, Envelope.sourceOf(tag), Envelope.tagOf(tag), n, n < length ? Outcome.TRUNCATED : Outcome.OK);
    }

    /** Reads a rendezvous payload (at most the receive capacity) into the receive buffer. */
    private void startRead(
        final Transfer op, final int peer, final long tag, final int flags, final int appCtx,
        final long va, final int rkey, final int length)
    {
        op.peer = peer;
        op.tag = tag;
        final Rendezvous rv = completions.rendezvous(op);
        rv.flags = flags;
        rv.appCtx = appCtx;
        rv.va = va;
        rv.rkey = rkey;
        rv.length = length;
        final int n = Math.min(length, op.length());
        if (n == 0)
        {
            finishRead(op, Outcome.OK);
            return;
        }
        opTable.register(op);
        if (!pendingReads.isEmpty() || postRead(op) == ReturnCode.BACK_PRESSURED)
        {
            pendingReads.addLast(op);
        }
    }

    /** Posts the read of a matched rendezvous; completes the receive with an error if refused. */
    private int postRead(final Transfer op)
    {
        final Rendezvous rv = op.rv;
        final int n = Math.min(rv.length, op.length());
        final int rc = transport.postRead(op.peer, rv.va, rv.rkey, n, op.mutableBuffer(), op.offset(), op.cookie);
        if (rc == ReturnCode.BACK_PRESSURED)
        {
            readsBackPressured++;
        }
        else if (rc != ReturnCode.OK)
        {
            completions.complete(op, Envelope.sourceOf(op.tag), Envelope.tagOf(op.tag), 0,
                rc == ReturnCode.PEER_FAILED ? Outcome.PEER_FAILED : Outcome.TRANSPORT_ERROR);
        }
        return rc;
    }

    /** Retries reads the transport refused with BACK_PRESSURED, in order; returns how many went out. */
    int flushReads()
    {
        int n = 0;
        Transfer op;
        while ((op = pendingReads.peekFirst()) != null)
        {
            if (!op.isDone() && postRead(op) == ReturnCode.BACK_PRESSURED)
            {
                break;
            }
            pendingReads.pollFirst();
            n++;
        }
        return n;
    }

    /** A READ completion of a rendezvous receive. */
    void onReadDone(final Completion completion)
    {
        final Transfer op = opTable.remove((int)completion.wrId());
        if (op == null)
        {
            return;
        }
        final int status = completion.status();
        finishRead(op, status == CompletionStatus.SUCCESS ? Outcome.OK :
            status == CompletionStatus.REMOTE_ACCESS_ERROR ? Outcome.REMOTE_ACCESS :
            status == CompletionStatus.PEER_FAILED ? Outcome.PEER_FAILED :
            status == CompletionStatus.FLUSHED ? Outcome.CLOSED : Outcome.TRANSPORT_ERROR);
    }

    private void finishRead(final Transfer op, final int error)
    {
        final Rendezvous rv = op.rv;
        control.fin(op.peer, op.tag, rv.appCtx, rv.va, rv.rkey, rv.length);
        final int n = Math.min(rv.length, op.length());
        final int e = error != Outcome.OK ? error : (n < rv.length ? Outcome.TRUNCATED : Outcome.OK);
        completions.complete(op, Envelope.sourceOf(op.tag), Envelope.tagOf(op.tag), error == Outcome.OK ? n : 0, e);
    }

    /** Cancels a posted receive; the outcome may come later from the NIC. */
    void cancel(final Transfer op)
    {
        final PostedRecv recv = op.posted;
        if (recv == null || op.cancelRequested)
        {
            return;
        }
        final int result = matcher.cancel(recv);
        if (result == MatchEngine.CANCELLED)
        {
            op.posted = null;
            matcher.free(recv);
            completions.complete(op, -1, -1, 0, Outcome.OK, true);
        }
        else if (result == MatchEngine.CANCEL_PENDING)
        {
            op.cancelRequested = true;
        }
    }

    /**
     * Withdraws an unmatched receive and fails it with {@code error} naming {@code peer}; one the
     * NIC holds fails when its DEL completes.
     */
    void failPosted(final Transfer op, final int error, final int peer)
    {
        final PostedRecv posted = op.posted;
        if (posted == null || op.cancelRequested)
        {
            return;
        }
        final int result = matcher.cancel(posted);
        if (result == MatchEngine.CANCELLED)
        {
            op.posted = null;
            matcher.free(posted);
            op.peer = peer;
            completions.complete(op, -1, -1, 0, error);
        }
        else if (result == MatchEngine.CANCEL_PENDING)
        {
            op.cancelRequested = true;
            op.failError = error;
            op.failPeer = peer;
        }
    }

    @Override
    public void onHardwareMatch(final PostedRecv recv, final Completion completion)
    {
        final Transfer op = (Transfer)recv.owner();
        op.posted = null;
        final long tag = recv.matchedTag();
        final int length = recv.matchedLength();
        op.peer = completion.peer();
        matchEvent(completion.peer(), tag, length, Flight.NIC);
        if (completion.status() == CompletionStatus.RNDV_INCOMPLETE)
        {
            final MutableDirectBuffer b = recv.buffer();
            final int off = recv.bufferOffset();
            final int flags = TmHeader.flags(b, off);
            final int appCtx = TmHeader.appCtx(b, off);
            final long va = RvHeader.va(b, off + TmHeader.LENGTH);
            final int rkey = RvHeader.rkey(b, off + TmHeader.LENGTH);
            final int rvLength = RvHeader.length(b, off + TmHeader.LENGTH);
            matcher.free(recv);
            startRead(op, completion.peer(), tag, flags, appCtx, va, rkey, rvLength);
            return;
        }
        if (completion.status() != CompletionStatus.SUCCESS && completion.status() != CompletionStatus.LENGTH_ERROR)
        {
            matcher.free(recv);
            completions.complete(op, Envelope.sourceOf(tag), Envelope.tagOf(tag), 0, Outcome.TRANSPORT_ERROR);
            return;
        }
        op.tag = tag;
        op.matchedAppCtx = completion.appCtx();
        if (completion.hasFlag(CompletionFlags.DATA_VALID))
        {
            onHardwareData(recv, completion);
        }
    }

    @Override
    public void onHardwareData(final PostedRecv recv, final Completion completion)
    {
        final Transfer op = (Transfer)recv.owner();
        final long tag = recv.matchedTag();
        final int length = recv.matchedLength();
        final int appCtx = op.matchedAppCtx;
        final int peer = op.peer >= 0 ? op.peer : completion.peer();
        matcher.free(recv);
        final boolean eager = appCtx == 0 || (appCtx & Sender.SYNC_COOKIE_BIT) != 0;
        if (eager)
        {
            if ((appCtx & Sender.SYNC_COOKIE_BIT) != 0)
            {
                control.ack(peer, appCtx);
            }
            control.oweCredits(peer, length);
        }
        final int n = Math.min(length, op.length());
        completions.complete(op, Envelope.sourceOf(tag), Envelope.tagOf(tag), n, n < length ? Outcome.TRUNCATED : Outcome.OK);
    }

    @Override
    public void onCancelled(final PostedRecv recv)
    {
        final Transfer op = (Transfer)recv.owner();
        op.posted = null;
        matcher.free(recv);
        if (op.failError != 0)
        {
            op.peer = op.failPeer;
            completions.complete(op, -1, -1, 0, op.failError);
            return;
        }
        completions.complete(op, -1, -1, 0, Outcome.OK, true);
    }

    /** Drops an unexpected message's resources (close). */
    void discard(final UnexpectedMsg msg)
    {
        if (msg.kind == TmHeader.EAGER && msg.data instanceof Stage)
        {
            unexpectedBytes -= msg.length();
            credits.release(msg.peer, msg.length());
            pool.release((Stage)msg.data);
        }
        msg.data = null;
        matcher.free(msg);
    }
}
