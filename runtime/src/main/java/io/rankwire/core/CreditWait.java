package io.rankwire.core;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.proto.Protocols;

/**
 * How a small send that cannot go eagerly now waits for credits, under the engine lock. It polls
 * once (credits the peer returned may be waiting unread); a blocking send then asks the peer for
 * credits and polls for up to {@code rankwire.creditWaitMicros} while the peer has not said it is
 * starved, so a sender that outruns its receiver follows the receiver's pace instead of copying
 * every message into the send buffer. The wait never depends on a matching receive: the peer
 * answers from any progress call. A nonblocking send does not wait: it is copied at once.
 */
final class CreditWait
{
    private final Protocols protocols;
    private final Waiter waiter;
    private final long waitNs;
    private long waits;

    CreditWait(final Protocols protocols, final Waiter waiter, final int waitMicros)
    {
        this.protocols = protocols;
        this.waiter = waiter;
        this.waitNs = TimeUnit.MICROSECONDS.toNanos(waitMicros);
    }

    /** Blocking small sends that polled for credits. */
    long waits()
    {
        return waits;
    }

    /** Waits as described above for a send of {@code op} to {@code peer}; {@code closing} is checked after every poll. */
    void await(final Operation op, final int peer, final Closing closing)
    {
        final int length = op.length();
        protocols.progress();
        closing.checkOpen();
        if (!op.pooled || waitNs == 0 || !protocols.lacksCredits(peer, length) || protocols.isStarved(peer))
        {
            return;
        }
        protocols.askForCredits(peer, length);
        waits++;
        final IdleStrategy idler = waiter.idler();
        idler.reset();
        final long deadline = System.nanoTime() + waitNs;
        while (protocols.lacksCredits(peer, length) && !protocols.isStarved(peer) && !protocols.isFinalized(peer))
        {
            final int work = protocols.progress();
            closing.checkOpen();
            if (work == 0)
            {
                if (System.nanoTime() - deadline > 0)
                {
                    break;
                }
                idler.idle(); // spin, then yield the core to the peer that is to answer
            }
        }
    }
}
