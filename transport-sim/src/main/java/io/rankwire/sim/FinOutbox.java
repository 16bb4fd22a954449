package io.rankwire.sim;

import java.util.ArrayDeque;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.SmallCopy;

/**
 * The FINs one NIC sends after its rendezvous reads: queued while the NIC's lock is held and
 * transmitted by {@link #flush()} after it was released, so that no NIC lock is ever taken
 * inside another. One flusher at a time, so the NIC's outgoing wires stay in order.
 *
 * <pre>
 *   FIN = the request's TMH + RVH, opcode FIN, source and destination swapped
 *   +-----------------------------+---------------------+
 *   | TMH (opcode FIN, tag, ...)  | RVH (va, rkey, len) |
 *   +-----------------------------+---------------------+
 * </pre>
 */
final class FinOutbox
{
    private final NicLock lock;
    private final MessagePool pool;
    private final Wires wires;
    private final ArrayDeque<WireMessage> queue = new ArrayDeque<>();
    private boolean flushing;
    private volatile boolean pending;

    /** FINs sent under {@code lock}'s NIC, in messages from {@code pool}, on {@code wires}. */
    FinOutbox(final NicLock lock, final MessagePool pool, final Wires wires)
    {
        this.lock = lock;
        this.pool = pool;
        this.wires = wires;
    }

    /** The FIN of a rendezvous {@code request} that NIC {@code rank} matched. */
    WireMessage fin(final int rank, final WireMessage request)
    {
        final WireMessage fin = pool.acquire();
        fin.source = rank;
        fin.destination = request.source;
        SmallCopy.copy(fin.buffer, 0, request.buffer, 0, TmHeader.LENGTH + RvHeader.LENGTH);
        fin.length = TmHeader.LENGTH + RvHeader.LENGTH;
        TmHeader.opcode(fin.buffer, 0, TmHeader.FIN);
        return fin;
    }

    /** Queues {@code fin}; the NIC's lock is held. */
    void add(final WireMessage fin)
    {
        queue.addLast(fin);
        pending = true;
    }

    /** Whether FINs wait (a volatile read, no lock). */
    boolean isPending()
    {
        return pending;
    }

    /** Transmits the queued FINs unless another thread is doing so; takes the NIC's lock briefly. */
    void flush()
    {
        if (!pending)
        {
            return;
        }
        lock.lock();
        try
        {
            if (flushing || queue.isEmpty())
            {
                return;
            }
            flushing = true;
        }
        finally
        {
            lock.unlock();
        }
        WireMessage m;
        while ((m = next()) != null)
        {
            wires.transmit(m);
        }
    }

    /** The next FIN, or null (and the flusher's turn ends). */
    private WireMessage next()
    {
        lock.lock();
        try
        {
            final WireMessage m = queue.pollFirst();
            if (m == null)
            {
                flushing = false;
                pending = false;
            }
            return m;
        }
        finally
        {
            lock.unlock();
        }
    }
}
