package io.rankwire.shm;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Watches the other ranks of the host while this rank waits: every {@code livenessMillis} (the
 * clock is read on the first empty poll after a kernel wait and every
 * {@value #EMPTY_POLLS_PER_CLOCK} empty polls, never on a poll that delivered something) it drains the doorbell connections, whose end-of-stream marks a process
 * that exited, and looks at each peer's segment and process: a peer that marked this rank as cut
 * off (it saw a malformed frame from it) has failed, as a TCP peer that closes the connection
 * has; a peer whose segment says CLOSED has left in order; one whose process is gone (pid,
 * checked with its start time against pid reuse) has failed. Thread driving the engine, except {@link #connectionEnded(int)}, which the
 * thread waiting in the doorbell calls: it only records the rank, and the next poll acts on it.
 */
final class Liveness
{
    static final int EMPTY_POLLS_PER_CLOCK = 1024;

    /** What the checks found. */
    interface Outcomes
    {
        void closed(Peer peer);

        void died(Peer peer, String why);
    }

    private final Peer[] peers;
    private final int self;
    private final Doorbell doorbell;
    private final Outcomes outcomes;
    private final long intervalNanos;
    private final AtomicIntegerArray ended;
    private long lastCheck = System.nanoTime();
    private int emptyPolls;
    private volatile int endedCount;
    private int endedSeen;

    /** @param self this rank's local index */
    Liveness(final Peer[] peers, final int self, final Doorbell doorbell, final Outcomes outcomes, final long intervalMillis)
    {
        this.peers = peers;
        this.self = self;
        this.doorbell = doorbell;
        this.outcomes = outcomes;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        this.ended = new AtomicIntegerArray(peers.length);
    }

    /** Peers whose connection ended wait to be looked at: one volatile read. */
    boolean endedPending()
    {
        return endedCount != endedSeen;
    }

    /** A poll found nothing: now and then, see whether a check is due. */
    void onEmptyPoll()
    {
        if (++emptyPolls >= EMPTY_POLLS_PER_CLOCK)
        {
            emptyPolls = 0;
            checkIfDue();
        }
    }

    /** Checks the peers when the interval has passed since the last check. */
    void checkIfDue()
    {
        final long now = System.nanoTime();
        if (now - lastCheck >= intervalNanos)
        {
            lastCheck = now;
            check();
        }
    }

    /** Checks every peer now. */
    void check()
    {
        if (doorbell != null)
        {
            doorbell.pollNow();
        }
        for (final Peer p : peers)
        {
            if (p.unreachable())
            {
                continue;
            }
            if (p.segment.cuts(self))
            {
                outcomes.died(p, "it cut this rank off (it failed this rank: see its log)");
            }
            else if (p.segment.state() == RankSegment.CLOSED)
            {
                outcomes.closed(p);
            }
            else if (!p.processAlive())
            {
                outcomes.died(p, "its process " + p.pid + " ended");
            }
        }
    }

    /** The doorbell connection of local peer {@code index} ended (its process closed it or died). Any thread. */
    void connectionEnded(final int index)
    {
        if (ended.compareAndSet(index, 0, 1))
        {
            endedCount = endedCount + 1;
        }
    }

    /** Acts on ended connections: a peer whose segment says CLOSED left in order, any other died. */
    void processEnded()
    {
        endedSeen = endedCount;
        for (final Peer p : peers)
        {
            if (ended.get(p.index) == 0 || p.unreachable())
            {
                continue;
            }
            if (p.segment.state() == RankSegment.CLOSED)
            {
                outcomes.closed(p);
            }
            else
            {
                outcomes.died(p, "its process " + p.pid + " ended without closing the transport");
            }
        }
    }
}
