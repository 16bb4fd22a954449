package io.rankwire.bootstrap;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The bootstrap service's door: connections that have not authenticated yet, in the order they
 * came. They have a small budget of their own, separate from the ranks' authenticated
 * connections, and a short deadline for their HELLO:
 * <pre>
 *   accept --&gt; [ oldest ... newest ]  --HELLO with a valid MAC--&gt; authenticated (leaves the queue)
 *                 |            |
 *                 |            +-- budget full when another arrives: the oldest is evicted (BUSY)
 *                 +-- no complete HELLO within the deadline: dropped
 * </pre>
 * Someone who holds connections open without authenticating (visible in {@code ss -ltn}, no
 * secret needed) therefore only delays a rank by one retry: the rank's new connection pushes the
 * oldest idle one out, and the rank's client retries with backoff until its own timeout. Owned by
 * the service's thread.
 */
final class Admission
{
    /**
     * How long a new connection has to send a complete HELLO: long enough for a rank JVM on a
     * crowded host (class loading, the first HMAC), while strangers are bounded by the budget.
     */
    static final long HELLO_DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Fewest connections that may wait to authenticate at once, whatever the job's size. */
    static final int MIN_BUDGET = 32;
    /** Most connections that may wait to authenticate at once, whatever the job's size. */
    static final int MAX_BUDGET = 256;

    private final int budget;
    private final long deadlineNanos;
    private final ArrayDeque<BootstrapConnection> waiting = new ArrayDeque<>();
    private volatile long evicted;
    private volatile long expired;

    /**
     * @param size          the job's ranks: every one of them may be authenticating at once
     * @param deadlineNanos how long a connection has for its HELLO
     */
    Admission(final int size, final long deadlineNanos)
    {
        this.budget = budget(size);
        this.deadlineNanos = deadlineNanos;
    }

    /** The budget of a job of {@code size} ranks: {@code 32 + size}, at most 256. */
    static int budget(final int size)
    {
        return (int)Math.min(MAX_BUDGET, (long)MIN_BUDGET + size);
    }

    int budget()
    {
        return budget;
    }

    /** The deadline of a connection accepted at {@code now}. */
    long deadline(final long now)
    {
        return now + deadlineNanos;
    }

    /**
     * Queues a new connection; returns the oldest waiting one when the budget is now exceeded
     * (the caller evicts it), else null.
     */
    BootstrapConnection admit(final BootstrapConnection c)
    {
        waiting.addLast(c);
        if (waiting.size() <= budget)
        {
            return null;
        }
        evicted++;
        return waiting.pollFirst();
    }

    /** {@code c} authenticated or closed: it no longer counts. */
    void remove(final BootstrapConnection c)
    {
        waiting.remove(c);
    }

    /**
     * Takes the connections whose deadline passed out of the queue into {@code overdue}; returns
     * nanoseconds until the next deadline, or {@code Long.MAX_VALUE}.
     */
    long expire(final long now, final ArrayDeque<BootstrapConnection> overdue)
    {
        BootstrapConnection head;
        while ((head = waiting.peekFirst()) != null && head.authDeadline() - now <= 0)
        {
            overdue.add(waiting.pollFirst()); // accepted in order, so their deadlines are in order
            expired++;
        }
        return head == null ? Long.MAX_VALUE : head.authDeadline() - now;
    }

    /** Connections evicted for a newer one since the start. */
    long evicted()
    {
        return evicted;
    }

    /** Connections dropped for missing their deadline since the start. */
    long expired()
    {
        return expired;
    }
}
