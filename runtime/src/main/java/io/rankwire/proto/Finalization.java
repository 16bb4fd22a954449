package io.rankwire.proto;


/**
 * FINALIZE notices between runtimes. A closing rank owes every peer a notice, sent (as a control
 * message, {@link Control#FLAG_FINALIZE}) once no send to that peer is queued behind
 * back-pressure, so it follows everything the rank sent on the ordered per-pair stream. A rank
 * that reads a notice from R knows every message R sent it has been matched or is unexpected: it
 * fails with {@link Status#PEER_FINALIZED} the unmatched receives naming R, ANY_SOURCE receives
 * whose communicator has no other live member, and sends to R. Driving thread (engine lock),
 * except {@link #anyFinalized()}.
 */
final class Finalization
{
    private final Completions completions;
    private final Receiver receiver;
    private final Sender sender;
    private final Control control;
    private final int rank;
    private final int size;
    private final boolean[] finalized;
    private final boolean[] owed;
    private int owedCount;
    private volatile int finalizedCount;

    Finalization(
        final Completions completions, final Receiver receiver, final Sender sender, final Control control, final int rank, final int size)
    {
        this.completions = completions;
        this.receiver = receiver;
        this.sender = sender;
        this.control = control;
        this.rank = rank;
        this.size = size;
        this.finalized = new boolean[size];
        this.owed = new boolean[size];
    }

    /** This rank finalizes: owes every peer a notice and sends those it can now. */
    void announce()
    {
        for (int p = 0; p < size; p++)
        {
            if (p != rank && !owed[p])
            {
                owed[p] = true;
                owedCount++;
            }
        }
        flush();
    }

    /** Sends the owed notices whose peer has no queued send; returns how many went out. */
    int flush()
    {
        int n = 0;
        for (int p = 0; p < size && owedCount > 0; p++)
        {
            if (owed[p] && sender.queuedTo(p) == 0)
            {
                owed[p] = false;
                owedCount--;
                control.finalizeNotice(p);
                n++;
            }
        }
        return n;
    }

    /** True once any peer has finalized. Any thread. */
    boolean anyFinalized()
    {
        return finalizedCount > 0;
    }

    boolean isFinalized(final int peer)
    {
        return finalized[peer];
    }

    /** A notice from {@code peer} arrived: fails what only it could satisfy, from {@code head} on. */
    void onPeerFinalized(final int peer, final Transfer head)
    {
        if (peer < 0 || peer >= size || finalized[peer])
        {
            return;
        }
        finalized[peer] = true;
        finalizedCount++;
        Transfer op = head;
        while (op != null)
        {
            final Transfer next = op.nextActive;
            if (op.kind == Transfer.SEND)
            {
                if (op.peer == peer)
                {
                    completions.complete(op, -1, -1, 0, Outcome.PEER_FINALIZED);
                }
            }
            else if (op.posted != null && unsatisfiableBy(op.expectedPeer, op.group) >= 0)
            {
                receiver.failPosted(op, Outcome.PEER_FINALIZED, peer);
            }
            op = next;
        }
    }

    /**
     * The finalized world rank that makes a receive from {@code expectedPeer} (-1: ANY_SOURCE in
     * {@code group}) impossible, or -1 while it may still be satisfied.
     */
    int unsatisfiableBy(final int expectedPeer, final Group group)
    {
        if (expectedPeer >= 0)
        {
            return finalized[expectedPeer] ? expectedPeer : -1;
        }
        if (group == null)
        {
            return -1;
        }
        int last = -1;
        for (int i = 0; i < group.size(); i++)
        {
            final int w = group.worldRank(i);
            if (w != rank)
            {
                if (!finalized[w])
                {
                    return -1;
                }
                last = w;
            }
        }
        return last;
    }
}
