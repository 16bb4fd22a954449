package io.rankwire.sim;

import java.util.ArrayDeque;

/**
 * Messages that arrived while no plain SRQ buffer was posted (receiver not ready, RNR): kept per
 * wire in arrival order, so a later message of a wire never passes an earlier one, and retried
 * when buffers are posted, rotating the first wire tried so that no sender starves. Guarded by
 * the NIC's lock, except {@link #total()}, which is volatile: the SRQ poster reads it without
 * the lock (see {@link SimNic}).
 */
final class ParkedWires
{
    /** Delivers a message; false when it still finds no SRQ buffer. */
    interface Delivery
    {
        boolean deliver(WireMessage m);
    }

    private final ArrayDeque<WireMessage>[] wires;
    private final MessagePool pool;
    private volatile int total;
    private int retryStart;

    @SuppressWarnings("unchecked")
    /** Wires from each of {@code size} ranks; delivered and dropped messages go back to {@code pool}. */
    ParkedWires(final int size, final MessagePool pool)
    {
        this.pool = pool;
        this.wires = new ArrayDeque[size];
    }

    /** Messages waiting, over all wires (volatile read). */
    int total()
    {
        return total;
    }

    /** Whether messages from {@code source} wait (a new one must queue behind them). */
    boolean isWaiting(final int source)
    {
        final ArrayDeque<WireMessage> wire = wires[source];
        return wire != null && !wire.isEmpty();
    }

    /** Queues {@code m} behind the earlier messages of its wire. */
    void park(final WireMessage m)
    {
        ArrayDeque<WireMessage> wire = wires[m.source];
        if (wire == null)
        {
            wire = new ArrayDeque<>();
            wires[m.source] = wire;
        }
        wire.addLast(m);
        total++;
    }

    /**
     * Delivers waiting messages, in order per wire, until a wire's head finds no buffer; recycles
     * the delivered ones. Returns true when one was delivered.
     */
    boolean retry(final Delivery delivery)
    {
        final int before = total;
        final int n = wires.length;
        for (int i = 0; i < n; i++)
        {
            final ArrayDeque<WireMessage> wire = wires[(retryStart + i) % n];
            if (wire == null)
            {
                continue;
            }
            WireMessage m;
            while ((m = wire.peekFirst()) != null && delivery.deliver(m))
            {
                wire.removeFirst();
                total--;
                pool.release(m);
            }
        }
        retryStart = (retryStart + 1) % n;
        return total != before;
    }

    /** Recycles every waiting message (the NIC closes). */
    void clear()
    {
        for (final ArrayDeque<WireMessage> wire : wires)
        {
            WireMessage m;
            while (wire != null && (m = wire.pollFirst()) != null)
            {
                pool.release(m);
            }
        }
        total = 0;
    }
}
