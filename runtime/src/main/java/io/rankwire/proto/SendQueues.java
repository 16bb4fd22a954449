package io.rankwire.proto;

import java.util.ArrayDeque;

/**
 * The sends to each peer that could not be posted when they started: waiting for eager credits,
 * or refused by the transport with {@code BACK_PRESSURED}. One FIFO per peer (made on first use),
 * so a later send to a peer never overtakes an earlier one while sends to other peers go on; and
 * a list of the peers whose FIFO may be non-empty, so progress visits only those. Driving thread
 * only.
 */
final class SendQueues
{
    private final ArrayDeque<Transfer>[] queues;
    private final int[] busy;
    private final boolean[] listed;
    private int busyCount;

    @SuppressWarnings("unchecked")
    SendQueues(final int size)
    {
        this.queues = new ArrayDeque[size];
        this.busy = new int[size];
        this.listed = new boolean[size];
    }

    /** Appends {@code op} to the FIFO of {@code op.peer}. */
    void add(final Transfer op)
    {
        final int peer = op.peer;
        ArrayDeque<Transfer> q = queues[peer];
        if (q == null)
        {
            q = new ArrayDeque<>();
            queues[peer] = q;
        }
        q.addLast(op);
        op.queued = true;
        if (!listed[peer])
        {
            listed[peer] = true;
            busy[busyCount++] = peer;
        }
    }

    /** Sends queued to {@code peer}. */
    int size(final int peer)
    {
        final ArrayDeque<Transfer> q = queues[peer];
        return q == null ? 0 : q.size();
    }

    /** The oldest send queued to {@code peer}, or null. */
    Transfer head(final int peer)
    {
        final ArrayDeque<Transfer> q = queues[peer];
        return q == null ? null : q.peekFirst();
    }

    /** Puts {@code op}, just removed from the head of its peer's FIFO, back there. */
    void addFirst(final Transfer op)
    {
        queues[op.peer].addFirst(op);
        op.queued = true;
    }

    /** Removes the oldest send queued to {@code peer}. */
    void removeHead(final int peer)
    {
        queues[peer].pollFirst().queued = false;
    }

    /** Drops the peers with nothing queued from the busy list; returns how many remain ({@link #busyPeer}). */
    int pruneBusy()
    {
        int i = 0;
        while (i < busyCount)
        {
            final int peer = busy[i];
            if (size(peer) == 0)
            {
                listed[peer] = false;
                busy[i] = busy[--busyCount];
            }
            else
            {
                i++;
            }
        }
        return busyCount;
    }

    /** The {@code i}-th peer that may have sends queued, {@code i < pruneBusy()}. */
    int busyPeer(final int i)
    {
        return busy[i];
    }
}
