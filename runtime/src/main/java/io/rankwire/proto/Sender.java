package io.rankwire.proto;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.buffer.BufView;
import io.rankwire.match.Envelope;
import io.rankwire.observe.Flight;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;

/**
 * The sending half of the protocols. A payload up to the eager limit, for which the peer has
 * granted enough credits, goes eagerly ({@code TMH | payload}) and the send completes when the
 * transport accepts it; an eager ssend sets {@link TmHeader#FLAG_SYNC} and an app_ctx of
 * {@code cookie | 0x8000_0000} and completes at the receiver's ack. Larger payloads go by
 * rendezvous ({@code TMH | RVH}, app_ctx = cookie, bit 31 clear): the buffer is registered and
 * the send completes at FIN, which also makes every rendezvous send synchronous.
 *
 * <p>A small send that finds too few credits (or earlier sends to the peer still queued) waits in
 * its peer's FIFO ({@link SendQueues}) with its protocol undecided. A standard-mode one completes
 * at once nevertheless: its payload is copied into the {@link SendBuffer} and the copy waits
 * instead (only when the send buffer is full does the user's send wait itself). The sender asks
 * the peer for credits ({@link Control#requestCredits}); the peer returns what it owes, or, when
 * unexpected messages it has not received hold every credit it granted, answers that it is
 * starved ({@link #onStarved}): the queued sends then go by rendezvous, which takes no credit, so
 * nothing waits on a receive the peer will only post later. The next credits the peer returns
 * end that state ({@link #onCredits}).
 *
 * <p>Sends refused with {@code BACK_PRESSURED} queue in the same FIFOs. Driving thread only.
 */
final class Sender
{
    /** Bit 31 of an eager message's app_ctx: the sender waits for an ack. */
    static final int SYNC_COOKIE_BIT = 0x8000_0000;
    /** {@code protocol} of a queued small send whose protocol is chosen when it reaches the head of its FIFO. */
    private static final int UNDECIDED = -1;

    private final Completions completions;
    private final Transport transport;
    private final Credits credits;
    private final SendBuffer sendBuffer;
    private final OpTable opTable;
    /** The smallest eager limit of any peer (what the API reports). */
    private final int eagerLimit;
    /** Per peer: the eager limit of the transport that carries its messages. */
    private final int[] eagerLimits;
    private final UnsafeBuffer header = new UnsafeBuffer(new byte[64]);
    private final SendQueues queues;
    /** Per peer: it said unexpected messages hold all its credits; cleared by its next credits. */
    private final boolean[] starved;
    /** Per peer: a credit request is unanswered. */
    private final boolean[] asked;
    private Control control;
    private long backPressured;
    private long creditRequests;

    /**
     * @param eagerLimits per peer, the largest eager payload: the transport's or configured
     *                    limit, at most the bytes each receiver grants a sender (a larger one
     *                    could never go)
     */
    Sender(
        final Completions completions,
        final Transport transport,
        final Credits credits,
        final SendBuffer sendBuffer,
        final OpTable opTable,
        final int[] eagerLimits,
        final int size)
    {
        this.completions = completions;
        this.transport = transport;
        this.credits = credits;
        this.sendBuffer = sendBuffer;
        this.opTable = opTable;
        this.eagerLimits = new int[size];
        int least = Integer.MAX_VALUE;
        for (int p = 0; p < size; p++)
        {
            this.eagerLimits[p] = (int)Math.min(eagerLimits[p], credits.grantBytes());
            least = Math.min(least, this.eagerLimits[p]);
        }
        this.eagerLimit = least;
        this.queues = new SendQueues(size);
        this.starved = new boolean[size];
        this.asked = new boolean[size];
    }

    /** The control channel, through which credit requests go (it is built after the sender). */
    void control(final Control control)
    {
        this.control = control;
    }

    long backPressured()
    {
        return backPressured;
    }

    /** Credit requests sent to peers. */
    long creditRequests()
    {
        return creditRequests;
    }

    /** Sends to {@code peer} not yet posted (waiting for credits or behind back-pressure). */
    int queuedTo(final int peer)
    {
        return queues.size(peer);
    }

    int eagerLimit()
    {
        return eagerLimit;
    }

    /**
     * True when a send of {@code length} bytes to {@code peer} could go eagerly but cannot now:
     * too few credits, or earlier sends queued. Credits the peer returned may be waiting unread
     * in the completion queue.
     */
    boolean lacksCredits(final int peer, final int length)
    {
        return length <= eagerLimits[peer] && !eagerNow(peer, length);
    }

    /** Nothing is queued to {@code peer} and its credits cover an eager message of {@code length} bytes. */
    private boolean eagerNow(final int peer, final int length)
    {
        return queues.size(peer) == 0 && credits.has(peer, length);
    }

    /**
     * Posts {@code user} at once as an eager message when it can go now without any transfer
     * state: standard mode, within the peer's eager limit, credits in hand, nothing queued to the
     * peer, a buffer the transport reads in place, no flight recording. Returns false, having
     * changed nothing, otherwise or when the transport did not take the frame: the caller then
     * takes {@link #start}, which meets the same conditions and handles them.
     */
    boolean sendAtOnce(final BufView user, final int peer, final long tag)
    {
        final int length = user.length();
        if (length > eagerLimits[peer] || !eagerNow(peer, length) || user.needsStage() || Flight.on() ||
            postEager(user, peer, tag, 0, 0) != ReturnCode.OK)
        {
            return false;
        }
        credits.tryTake(peer, length);
        return true;
    }

    /** Writes {@code op}'s buffer to {@code peer} as one EAGER frame: the transport's return code. */
    private int postEager(final BufView op, final int peer, final long tag, final int flags, final int appCtx)
    {
        TmHeader.write(header, 0, TmHeader.EAGER, flags, appCtx, tag);
        return transport.postSend(peer, header, 0, TmHeader.LENGTH, op.buffer(), op.offset(), op.length(), 0);
    }

    /**
     * Starts a send; the operation may be complete on return. A small standard-mode send that
     * cannot go at once completes here and a copy of it waits instead, when the send buffer has
     * room.
     */
    void start(final Transfer user)
    {
        final int peer = user.peer;
        final int length = user.length();
        if (length > eagerLimits[peer])
        {
            toRendezvous(user);
            submit(user);
            return;
        }
        if (queues.size(peer) == 0 && credits.tryTake(peer, length))
        {
            toEager(user);
            submit(user);
            return;
        }
        Transfer op = user;
        if (!user.sync)
        {
            final Transfer copy = sendBuffer.copyOf(user);
            if (copy != null)
            {
                if (Flight.on())
                {
                    Flight.sendBufferCopy(completions.rank, peer, length);
                }
                completions.complete(user, -1, Envelope.tagOf(user.tag), length, Outcome.OK);
                completions.activate(copy);
                op = copy;
            }
        }
        op.protocol = UNDECIDED;
        queues.add(op);
        drain(peer);
    }

    /** Posts {@code op} now, or queues it behind earlier sends or back-pressure. */
    private void submit(final Transfer op)
    {
        if (queues.size(op.peer) > 0 || post(op) == ReturnCode.BACK_PRESSURED)
        {
            queues.add(op);
        }
    }

    private void toEager(final Transfer op)
    {
        op.protocol = TmHeader.EAGER;
        if (op.sync)
        {
            opTable.register(op);
        }
    }

    private void toRendezvous(final Transfer op)
    {
        op.protocol = TmHeader.RNDV;
        opTable.register(op);
        final int length = op.length();
        if (length > 0)
        {
            completions.rendezvous(op).region = transport.register(op.peer, op.buffer(), op.offset(), length);
        }
    }

    /** Retries the queued sends of every peer in order; returns how many went out. */
    int flush()
    {
        int n = 0;
        final int busy = queues.pruneBusy();
        for (int i = 0; i < busy; i++)
        {
            n += drain(queues.busyPeer(i));
        }
        return n;
    }

    /** Posts the queued sends of {@code peer} in order until one must wait; returns how many went out. */
    private int drain(final int peer)
    {
        int n = 0;
        Transfer op;
        while ((op = queues.head(peer)) != null)
        {
            if (op.isDone())
            {
                queues.removeHead(peer); // failed while queued
                continue;
            }
            if (!decide(op))
            {
                break;
            }
            queues.removeHead(peer);
            if (post(op) == ReturnCode.BACK_PRESSURED)
            {
                queues.addFirst(op);
                break;
            }
            n++;
        }
        return n;
    }

    /**
     * Chooses the protocol of a queued small send at the head of its FIFO: eager when the credits
     * are there, rendezvous when the peer said it is starved; otherwise asks for credits (once
     * per wait) and returns false.
     */
    private boolean decide(final Transfer op)
    {
        if (op.protocol != UNDECIDED)
        {
            return true;
        }
        final int peer = op.peer;
        final int length = op.length();
        if (credits.tryTake(peer, length))
        {
            toEager(op);
            return true;
        }
        if (starved[peer])
        {
            toRendezvous(op);
            return true;
        }
        askForCredits(peer, length);
        return false;
    }

    /**
     * Asks {@code peer} for the credits to send {@code length} bytes eagerly, unless a request is
     * unanswered, or a queued message that took credits is not posted yet: the peer answers from
     * what it has seen, so the request must not overtake such a message (a control message goes
     * its own way past back-pressured sends). The request then goes when that message has.
     */
    void askForCredits(final int peer, final int length)
    {
        final Transfer head = queues.head(peer);
        if (!asked[peer] && (head == null || head.protocol == UNDECIDED))
        {
            asked[peer] = true;
            creditRequests++;
            control.requestCredits(peer, length);
        }
    }

    /** True while {@code peer} says unexpected messages hold all its credits (see {@link #onStarved}). */
    boolean isStarved(final int peer)
    {
        return starved[peer];
    }

    /** {@code peer} returned credits: sends waiting for them may go (at the next flush). */
    void onCredits(final int peer)
    {
        asked[peer] = false;
        starved[peer] = false;
    }

    /**
     * {@code peer} answered a credit request: unexpected messages it has not received hold all
     * the credits it granted, so none come back until it receives them. The queued sends go by
     * rendezvous (at the next flush), and so do later ones until credits come back.
     */
    void onStarved(final int peer)
    {
        asked[peer] = false;
        starved[peer] = true;
    }

    /** Posts the message of {@code op}; completes an eager non-synchronous send at once. */
    private int post(final Transfer op)
    {
        final int length = op.length();
        final int rc;
        if (op.protocol == TmHeader.EAGER)
        {
            final int appCtx = op.sync ? (op.cookie | SYNC_COOKIE_BIT) : 0;
            rc = postEager(op, op.peer, op.tag, op.sync ? TmHeader.FLAG_SYNC : 0, appCtx);
            if (rc == ReturnCode.OK && !op.sync)
            {
                completions.complete(op, -1, Envelope.tagOf(op.tag), length, Outcome.OK);
            }
        }
        else
        {
            final MemoryRegion region = op.rv == null ? null : op.rv.region;
            final long va = region == null ? 0 : region.va();
            final int rkey = region == null ? 0 : region.rkey();
            TmHeader.write(header, 0, TmHeader.RNDV, op.sync ? TmHeader.FLAG_SYNC : 0, op.cookie, op.tag);
            RvHeader.write(header, TmHeader.LENGTH, va, rkey, length);
            rc = transport.postSend(op.peer, header, 0, TmHeader.LENGTH + RvHeader.LENGTH, null, 0, 0, 0);
        }
        if (rc == ReturnCode.BACK_PRESSURED)
        {
            backPressured++;
        }
        else if (rc != ReturnCode.OK)
        {
            completions.complete(op, -1, Envelope.tagOf(op.tag), 0, rc == ReturnCode.PEER_FAILED ? Outcome.PEER_FAILED :
                rc == ReturnCode.CLOSED ? Outcome.CLOSED : Outcome.TRANSPORT_ERROR);
        }
        return rc;
    }

    /** A FIN for the rendezvous send named by {@code cookie}. */
    void onFin(final int cookie)
    {
        final Transfer op = opTable.remove(cookie & ~SYNC_COOKIE_BIT);
        if (op != null)
        {
            completions.complete(op, -1, Envelope.tagOf(op.tag), op.length(), Outcome.OK);
        }
    }

    /** The receiver matched the eager ssend named by {@code cookie}. */
    void onAck(final int cookie)
    {
        final Transfer op = opTable.remove(cookie & ~SYNC_COOKIE_BIT);
        if (op != null)
        {
            completions.complete(op, -1, Envelope.tagOf(op.tag), op.length(), Outcome.OK);
        }
    }
}
