package io.rankwire.sim;

import java.util.PriorityQueue;
import java.util.Random;

/**
 * The discrete-event scheduler of scheduled mode: events ordered by (virtual time, posting
 * sequence), a seeded random source for latencies and jitter, and virtual time that jumps to
 * each event as it runs. Events run under this object's monitor, one at a time, on whichever
 * thread calls {@link #step()} or {@link #run(int)}; an event may schedule further events.
 *
 * <p>Scheduled mode is for exploring interleavings, not for speed: each event is a small
 * object.
 */
final class EventScheduler
{
    private static final class Event implements Comparable<Event>
    {
        final long time;
        final long seq;
        final Runnable action;

        Event(final long time, final long seq, final Runnable action)
        {
            this.time = time;
            this.seq = seq;
            this.action = action;
        }

        @Override
        public int compareTo(final Event o)
        {
            final int byTime = Long.compare(time, o.time);
            return byTime != 0 ? byTime : Long.compare(seq, o.seq);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private final Random random;
    private long now;
    private long seq;

    EventScheduler(final long seed)
    {
        this.random = new Random(seed);
    }

    /** Schedules {@code action} at virtual time {@code time} (not before now). */
    synchronized void at(final long time, final Runnable action)
    {
        queue.add(new Event(Math.max(time, now), seq++, action));
    }

    /** A uniform random delay in {@code [0, max]}. */
    synchronized long jitter(final long max)
    {
        return max <= 0 ? 0 : Math.floorMod(random.nextLong(), max + 1);
    }

    synchronized long now()
    {
        return now;
    }

    synchronized int pending()
    {
        return queue.size();
    }

    /** Runs the earliest event; false when none is pending. */
    synchronized boolean step()
    {
        final Event e = queue.poll();
        if (e == null)
        {
            return false;
        }
        now = Math.max(now, e.time);
        e.action.run();
        return true;
    }

    /** Runs up to {@code max} events; returns how many ran. */
    synchronized int run(final int max)
    {
        int n = 0;
        while (n < max && step())
        {
            n++;
        }
        return n;
    }
}
