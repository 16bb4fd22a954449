package io.rankwire.tcp;

import java.util.concurrent.ConcurrentLinkedQueue;

import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

/**
 * The transport's control events (READ completions, peer failures) on their way to the rank's
 * poll: published by any thread (the rank's engine thread, an event loop), taken by the polling
 * thread. Event objects are pooled, so a rendezvous allocates nothing here once warm:
 *
 * <pre>
 *   offer:  take a spare event (or make one) -- fill it -- the bounded queue, or, when it is
 *           full or the overflow queue holds anything, the unbounded overflow queue
 *   poll:   the bounded queue first, then the overflow; the poller gives each event back
 * </pre>
 *
 * An event goes to the overflow while the overflow is not empty, so the events of one producer
 * come out in the order it offered them; nothing is ever refused.
 */
final class ControlEvents
{
    /** Events the bounded queue and the spare pool hold. */
    static final int CAPACITY = 1024;

    /** One event; reused once the poller has delivered it. */
    static final class Event
    {
        int opcode;
        int peer;
        int status;
        long wrId;
    }

    private final ManyToOneConcurrentArrayQueue<Event> queue = new ManyToOneConcurrentArrayQueue<>(CAPACITY);
    private final ManyToManyConcurrentArrayQueue<Event> spare = new ManyToManyConcurrentArrayQueue<>(CAPACITY);
    private final ConcurrentLinkedQueue<Event> overflow = new ConcurrentLinkedQueue<>();

    /** Publishes an event. Any thread. */
    void offer(final int opcode, final int peer, final int status, final long wrId)
    {
        Event event = spare.poll();
        if (event == null)
        {
            event = new Event();
        }
        event.opcode = opcode;
        event.peer = peer;
        event.status = status;
        event.wrId = wrId;
        if (!overflow.isEmpty() || !queue.offer(event))
        {
            overflow.offer(event);
        }
    }

    /** The oldest event, or null. The polling thread; give it back with {@link #recycle} once read. */
    Event poll()
    {
        final Event event = queue.poll();
        return event != null ? event : overflow.poll();
    }

    /** An event the poller has delivered goes back to the pool (or to the collector when it is full). */
    void recycle(final Event event)
    {
        spare.offer(event);
    }

    /** Drops everything queued; the producers have stopped. */
    void clear()
    {
        queue.clear();
        overflow.clear();
    }
}
