package io.rankwire.core;

import java.util.ArrayDeque;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Status;
import io.rankwire.match.Envelope;
import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;

/**
 * The sending half of the protocols. A payload up to the eager limit, for which the peer has
 * granted enough credits, goes eagerly ({@code TMH | payload}) and the send completes when the
 * transport accepts it; an eager ssend sets {@link TmHeader#FLAG_SYNC} and an app_ctx of
 * {@code cookie | 0x8000_0000} and completes at the receiver's ack. Anything else goes by
 * rendezvous ({@code TMH | RVH}, app_ctx = cookie, bit 31 clear): the buffer is registered and
 * the send completes at FIN, which also makes every rendezvous send synchronous.
 *
 * <p>Sends refused with {@code BACK_PRESSURED} queue behind each other per peer, so a later send
 * never overtakes an earlier one. Driving thread only.
 */
final class Sender
{
    /** Bit 31 of an eager message's app_ctx: the sender waits for an ack. */
    static final int SYNC_COOKIE_BIT = 0x8000_0000;

    private final Engine engine;
    private final Transport transport;
    private final Credits credits;
    private final OpTable opTable;
    private final int eagerLimit;
    private final UnsafeBuffer header = new UnsafeBuffer(new byte[64]);
    private final ArrayDeque<Operation> queued = new ArrayDeque<>();
    private final int[] queuedPerPeer;
    private long backPressured;

    Sender(final Engine engine, final Transport transport, final Credits credits, final OpTable opTable, final int eagerLimit, final int size)
    {
        this.engine = engine;
        this.transport = transport;
        this.credits = credits;
        this.opTable = opTable;
        this.eagerLimit = eagerLimit;
        this.queuedPerPeer = new int[size];
    }

    long backPressured()
    {
        return backPressured;
    }

    /** Sends to {@code peer} queued behind back-pressure. */
    int queuedTo(final int peer)
    {
        return queuedPerPeer[peer];
    }

    int eagerLimit()
    {
        return eagerLimit;
    }

    /** Starts a send; the operation may be complete on return. */
    void start(final Operation op)
    {
        final int length = op.buf.length();
        final boolean eager = length <= eagerLimit && credits.tryTake(op.peer, length);
        op.rvFlags = eager ? TmHeader.EAGER : TmHeader.RNDV;
        if (op.sync || !eager)
        {
            opTable.register(op);
        }
        if (!eager && length > 0)
        {
            op.region = transport.register(op.buf.buffer(), op.buf.offset(), length);
        }
        if (queuedPerPeer[op.peer] > 0)
        {
            enqueue(op);
            return;
        }
        if (post(op) == ReturnCode.BACK_PRESSURED)
        {
            enqueue(op);
        }
    }

    /** Retries queued sends in order; returns how many went out. */
    int flush()
    {
        int n = 0;
        final int count = queued.size();
        for (int i = 0; i < count; i++)
        {
            final Operation op = queued.pollFirst();
            if (op.isDone())
            {
                queuedPerPeer[op.peer]--;
                continue;
            }
            if (post(op) == ReturnCode.BACK_PRESSURED)
            {
                queued.addLast(op);
                // keep per-peer order: every later op for this peer stays queued behind it
                for (int j = i + 1; j < count; j++)
                {
                    final Operation later = queued.pollFirst();
                    queued.addLast(later);
                }
                break;
            }
            queuedPerPeer[op.peer]--;
            n++;
        }
        return n;
    }

    private void enqueue(final Operation op)
    {
        queuedPerPeer[op.peer]++;
        queued.addLast(op);
    }

    /** Posts the message of {@code op}; completes an eager non-synchronous send at once. */
    private int post(final Operation op)
    {
        final int length = op.buf.length();
        final int rc;
        if (op.rvFlags == TmHeader.EAGER)
        {
            final int appCtx = op.sync ? (op.cookie | SYNC_COOKIE_BIT) : 0;
            TmHeader.write(header, 0, TmHeader.EAGER, op.sync ? TmHeader.FLAG_SYNC : 0, appCtx, op.tag);
            rc = transport.postSend(op.peer, header, 0, TmHeader.LENGTH, op.buf.buffer(), op.buf.offset(), length, 0);
            if (rc == ReturnCode.OK && !op.sync)
            {
                engine.complete(op, -1, Envelope.tagOf(op.tag), length, Status.OK);
            }
        }
        else
        {
            final long va = op.region == null ? 0 : op.region.va();
            final int rkey = op.region == null ? 0 : op.region.rkey();
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
            engine.complete(op, -1, Envelope.tagOf(op.tag), 0, rc == ReturnCode.PEER_FAILED ? Status.PEER_FAILED :
                rc == ReturnCode.CLOSED ? Status.CLOSED : Status.TRANSPORT_ERROR);
        }
        return rc;
    }

    /** A FIN for the rendezvous send named by {@code cookie}. */
    void onFin(final int cookie)
    {
        final Operation op = opTable.remove(cookie & ~SYNC_COOKIE_BIT);
        if (op != null)
        {
            engine.complete(op, -1, Envelope.tagOf(op.tag), op.buf.length(), Status.OK);
        }
    }

    /** The receiver matched the eager ssend named by {@code cookie}. */
    void onAck(final int cookie)
    {
        final Operation op = opTable.remove(cookie & ~SYNC_COOKIE_BIT);
        if (op != null)
        {
            engine.complete(op, -1, Envelope.tagOf(op.tag), op.buf.length(), Status.OK);
        }
    }

    /** Releases what a finished send holds. */
    static void release(final Operation op)
    {
        final MemoryRegion region = op.region;
        if (region != null)
        {
            op.region = null;
            region.close();
        }
    }
}
