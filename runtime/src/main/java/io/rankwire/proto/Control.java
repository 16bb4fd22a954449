package io.rankwire.proto;

import java.nio.ByteOrder;
import java.util.ArrayDeque;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;

/**
 * Control traffic between runtimes: credit returns, ssend acknowledgements, credit requests and
 * their "starved" answers (see {@link Sender}), FINALIZE notices ({@link #FLAG_FINALIZE}: the
 * sender closes; it follows everything the sender sent on the ordered stream) and rendezvous
 * FINs.
 * A control message is a NO_TAG message (the NIC never matches or counts it): a TMH with opcode
 * {@code NO_TAG}, app_ctx 0 and tag 0, followed by a 16-byte control header, big-endian:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |   ctl flags   |                 reserved                      |  0
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  ack cookie (u32) with FLAG_ACK; bytes wanted with FLAG_CREDIT |  4
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                  returned credit slots (u32)                  |  8
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                  returned credit bytes (u32)                  | 12
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * Every control message carries the credits owed to its destination, so an ack also returns
 * credits. A FIN is not a control message: it is the rendezvous request's TMH+RVH with opcode
 * {@code FIN}. Posts refused with {@code BACK_PRESSURED} are queued and retried in order.
 */
final class Control
{
    static final int HEADER_LENGTH = 16;
    static final int MESSAGE_LENGTH = TmHeader.LENGTH + HEADER_LENGTH;
    static final int FLAGS_OFFSET = 0;
    static final int COOKIE_OFFSET = 4;
    static final int SLOTS_OFFSET = 8;
    static final int BYTES_OFFSET = 12;
    /** The control message acknowledges an ssend match; the cookie names the send. */
    static final int FLAG_ACK = 1;
    /** The sender finalizes: nothing more will come from it on this stream. */
    static final int FLAG_FINALIZE = 2;
    /**
     * The sender waits for credits to send a message of the bytes in the cookie field eagerly:
     * return what is owed, or answer {@link #FLAG_STARVED}.
     */
    static final int FLAG_CREDIT_REQUEST = 4;
    /** Answer to a credit request: unexpected messages hold every credit granted to the asker. */
    static final int FLAG_STARVED = 8;

    private final PeerEvents events;
    private final Transport transport;
    private final Credits credits;
    private final UnsafeBuffer header = new UnsafeBuffer(new byte[64]);
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private final Sender sender;
    private long backPressured;

    Control(final PeerEvents events, final Transport transport, final Credits credits, final Sender sender)
    {
        this.events = events;
        this.transport = transport;
        this.credits = credits;
        this.sender = sender;
    }

    /** Acknowledges the match of an ssend whose TMH app_ctx was {@code cookie}. */
    void ack(final int peer, final int cookie)
    {
        sendControl(peer, FLAG_ACK, cookie);
    }

    /** Tells {@code peer} that this rank finalizes (after every queued control message and FIN). */
    void finalizeNotice(final int peer)
    {
        sendControl(peer, FLAG_FINALIZE, 0);
    }

    /** Asks {@code peer} for the credits to send {@code length} bytes eagerly. */
    void requestCredits(final int peer, final int length)
    {
        sendControl(peer, FLAG_CREDIT_REQUEST, length);
    }

    /** Records delivered eager credits and returns them when a batch is due. */
    void oweCredits(final int peer, final int length)
    {
        if (credits.owe(peer, length))
        {
            sendControl(peer, 0, 0);
        }
    }

    /**
     * Returns the credits owed to peers for which at least a quarter grant is owed: called when a
     * progress pass found nothing to do, so the return costs a waiting rank nothing and reaches a
     * streaming sender before it runs dry. Returns how many returns were sent.
     */
    int returnCreditsAtIdle()
    {
        if (!pending.isEmpty())
        {
            return 0; // back-pressured: what is queued carries the owed credits when it goes
        }
        int n = 0;
        final int count = credits.pruneOwing();
        for (int i = 0; i < count; i++)
        {
            final int peer = credits.owingPeer(i);
            if (credits.dueAtIdle(peer))
            {
                sendControl(peer, 0, 0);
                n++;
            }
        }
        return n;
    }

    /** Sends FIN for a rendezvous request. */
    void fin(final int peer, final long tag, final int appCtx, final long va, final int rkey, final int length)
    {
        if (!pending.isEmpty())
        {
            pending.addLast(Pending.fin(peer, tag, appCtx, va, rkey, length));
            return;
        }
        if (postFin(peer, tag, appCtx, va, rkey, length) == ReturnCode.BACK_PRESSURED)
        {
            backPressured++;
            pending.addLast(Pending.fin(peer, tag, appCtx, va, rkey, length));
        }
    }

    long backPressured()
    {
        return backPressured;
    }

    /** Handles an arrived control message. */
    void onControl(final int peer, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < HEADER_LENGTH)
        {
            return;
        }
        final int flags = buffer.getByte(offset + FLAGS_OFFSET) & 0xFF;
        final int slots = buffer.getInt(offset + SLOTS_OFFSET, ByteOrder.BIG_ENDIAN);
        final long bytes = buffer.getInt(offset + BYTES_OFFSET, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        if (slots != 0 || bytes != 0)
        {
            credits.grant(peer, slots, bytes);
            sender.onCredits(peer);
        }
        final int cookie = buffer.getInt(offset + COOKIE_OFFSET, ByteOrder.BIG_ENDIAN);
        if ((flags & FLAG_ACK) != 0)
        {
            sender.onAck(cookie);
        }
        if ((flags & FLAG_CREDIT_REQUEST) != 0)
        {
            answerCreditRequest(peer, cookie & 0xFFFF_FFFFL);
        }
        if ((flags & FLAG_STARVED) != 0)
        {
            sender.onStarved(peer);
        }
        if ((flags & FLAG_FINALIZE) != 0)
        {
            events.peerFinalized(peer);
        }
    }

    /**
     * A credit request from {@code peer}: everything it sent before has been seen, so either
     * unexpected messages hold its credits (answer starved, with whatever is owed), or the
     * missing credits are owed (return them now) or already on their way back (nothing to do).
     */
    private void answerCreditRequest(final int peer, final long length)
    {
        if (credits.starvedBy(peer, length))
        {
            sendControl(peer, FLAG_STARVED, 0);
        }
        else if (credits.owedSlots(peer) > 0 || credits.owedBytes(peer) > 0)
        {
            sendControl(peer, 0, 0);
        }
    }

    /** Retries queued posts; returns how many went out. */
    int flush()
    {
        int n = 0;
        Pending p;
        while ((p = pending.peekFirst()) != null)
        {
            final int rc = p.fin ?
                postFin(p.peer, p.tag, p.cookie, p.va, p.rkey, p.length) :
                postControl(p.peer, p.flags, p.cookie);
            if (rc == ReturnCode.BACK_PRESSURED)
            {
                backPressured++;
                break;
            }
            pending.pollFirst();
            n++;
        }
        return n;
    }

    private void sendControl(final int peer, final int flags, final int cookie)
    {
        if (!pending.isEmpty() || postControl(peer, flags, cookie) == ReturnCode.BACK_PRESSURED)
        {
            backPressured++;
            pending.addLast(Pending.control(peer, flags, cookie));
        }
    }

    private int postControl(final int peer, final int flags, final int cookie)
    {
        final int slots = credits.owedSlots(peer);
        final long bytes = Math.min(credits.owedBytes(peer), 0xFFFF_FFFFL);
        TmHeader.write(header, 0, TmHeader.NO_TAG, 0, 0, 0L);
        header.putByte(TmHeader.LENGTH + FLAGS_OFFSET, (byte)flags);
        header.putByte(TmHeader.LENGTH + 1, (byte)0);
        header.putShort(TmHeader.LENGTH + 2, (short)0);
        header.putInt(TmHeader.LENGTH + COOKIE_OFFSET, cookie, ByteOrder.BIG_ENDIAN);
        header.putInt(TmHeader.LENGTH + SLOTS_OFFSET, slots, ByteOrder.BIG_ENDIAN);
        header.putInt(TmHeader.LENGTH + BYTES_OFFSET, (int)bytes, ByteOrder.BIG_ENDIAN);
        final int rc = transport.postSend(peer, header, 0, MESSAGE_LENGTH, null, 0, 0, 0);
        if (rc == ReturnCode.OK)
        {
            credits.clearOwed(peer);
        }
        return rc;
    }

    private int postFin(final int peer, final long tag, final int appCtx, final long va, final int rkey, final int length)
    {
        TmHeader.write(header, 0, TmHeader.FIN, 0, appCtx, tag);
        RvHeader.write(header, TmHeader.LENGTH, va, rkey, length);
        return transport.postSend(peer, header, 0, TmHeader.LENGTH + RvHeader.LENGTH, null, 0, 0, 0);
    }

    /** A post waiting for the transport to accept it (allocated only under back-pressure). */
    private static final class Pending
    {
        boolean fin;
        int peer;
        int flags;
        int cookie;
        long tag;
        long va;
        int rkey;
        int length;

        static Pending control(final int peer, final int flags, final int cookie)
        {
            final Pending p = new Pending();
            p.peer = peer;
            p.flags = flags;
            p.cookie = cookie;
            return p;
        }

        static Pending fin(final int peer, final long tag, final int appCtx, final long va, final int rkey, final int length)
        {
            final Pending p = new Pending();
            p.fin = true;
            p.peer = peer;
            p.tag = tag;
            p.cookie = appCtx;
            p.va = va;
            p.rkey = rkey;
            p.length = length;
            return p;
        }
    }
}
