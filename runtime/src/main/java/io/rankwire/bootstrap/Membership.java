package io.rankwire.bootstrap;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.IntConsumer;

import io.rankwire.spi.Bootstrap;

/**
 * Which ranks run the runtime, seen by the bootstrap service. A rank JOINs (from
 * {@code Rankwire.init}) on a connection that stays open for its life, its membership, and LEAVEs
 * when it closes. When a membership connection ends before its rank left, the rank ended without
 * closing (its process exited, or it lost the service): it has departed, which is final. Every
 * other member then gets DEPARTED, the table fails the barrier and the waits for that rank, and
 * the service's listener (the launcher) hears of it.
 * <pre>
 *   NONE --JOIN--&gt; JOINED --LEAVE--&gt; LEFT --JOIN--&gt; JOINED   (a rank initialized again)
 *                    |
 *                    +-- membership connection ends --&gt; DEPARTED
 *                    +-- ABORT --&gt; ABORTED                (final; its end is no departure)
 * </pre>
 * A rank that ABORTs the job ({@code Rankwire.abort}) is about to end on purpose: every other
 * member gets ABORTED with its error code, the table fails the barrier and the waits for it
 * naming the abort, and the service's abort listener (the launcher) hears of it.
 * Written by the service's thread; the states may be read from any thread.
 */
final class Membership
{
    static final int NONE = 0;
    static final int JOINED = 1;
    static final int LEFT = 2;
    static final int DEPARTED = 3;
    static final int ABORTED = 4;

    private final AtomicIntegerArray states;
    private final BootstrapConnection[] members;
    private final List<Departure> departed = new ArrayList<>();
    private final List<ByteBuffer> aborts = new ArrayList<>();
    private final BootstrapTable table;
    private volatile IntConsumer listener = rank -> { };
    private volatile Bootstrap.Aborted abortListener = (rank, code) -> { };

    Membership(final int size, final BootstrapTable table)
    {
        this.states = new AtomicIntegerArray(size);
        this.members = new BootstrapConnection[size];
        this.table = table;
    }

    /** Any thread. */
    int state(final int rank)
    {
        return states.get(rank);
    }

    /** Called on the service's thread with each departed rank. */
    void listener(final IntConsumer listener)
    {
        this.listener = listener;
    }

    /** Called on the service's thread with each rank that aborted the job, and its error code. */
    void abortListener(final Bootstrap.Aborted listener)
    {
        this.abortListener = listener;
    }

    /** {@code c}'s rank joins on {@code c}; the ranks that departed so far are reported to it at once. */
    void join(final BootstrapConnection c)
    {
        final int rank = c.rank();
        final int state = states.get(rank);
        if (state == JOINED || state == DEPARTED || state == ABORTED)
        {
            c.sendError("rank " + rank + " : " + (state == JOINED ? "joined already" : state == DEPARTED ? "departed" : "aborted") +
                " (expected: one membership per rank at a time)");
            return;
        }
        members[rank] = c; // after LEFT, the old membership connection no longer counts
        c.becomeMember();
        states.set(rank, JOINED);
        c.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.OK)));
        for (final Departure d : departed)
        {
            c.send(d.frame());
        }
        for (final ByteBuffer a : aborts)
        {
            c.send(a.duplicate());
        }
    }

    /**
     * {@code c}'s rank aborts the job with {@code errorCode}: its end is no departure; every other
     * member hears of it, the waits for it fail, and the listener is told. Answered OK either way
     * (a rank that aborts twice, or after it departed, is told nothing new).
     */
    void abort(final BootstrapConnection c, final int errorCode)
    {
        final int rank = c.rank();
        final int state = states.get(rank);
        if (state != ABORTED && state != DEPARTED)
        {
            aborted(rank, errorCode);
        }
        // answered last: the rank goes on to end only once everyone who must hear of it was told
        c.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.OK)));
    }

    private void aborted(final int rank, final int errorCode)
    {
        states.set(rank, ABORTED);
        final ByteBuffer frame = BootstrapProtocol.begin(8, BootstrapProtocol.ABORTED);
        final ByteBuffer aborted = BootstrapProtocol.finish(frame.putInt(rank).putInt(errorCode));
        aborts.add(aborted);
        for (final BootstrapConnection m : members)
        {
            if (m != null && m != members[rank])
            {
                m.send(aborted.duplicate());
            }
        }
        table.departed(rank, "rank " + rank + " aborted the job with error code " + errorCode);
        abortListener.aborted(rank, errorCode);
    }

    /** {@code c}'s rank closes in order: the end of its membership is no failure any more. */
    void leave(final BootstrapConnection c)
    {
        final int rank = c.rank();
        if (states.get(rank) == JOINED)
        {
            states.set(rank, LEFT);
        }
        c.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.OK)));
    }

    /** {@code c} closed; if it was the membership of a rank that had not left, that rank departed. */
    void closed(final BootstrapConnection c)
    {
        if (!c.member() || members[c.rank()] != c)
        {
            return;
        }
        final int rank = c.rank();
        members[rank] = null;
        if (states.get(rank) != JOINED)
        {
            return;
        }
        states.set(rank, DEPARTED);
        final Departure d = new Departure(rank, "rank " + rank + " ended without closing (its process exited, " +
            "or lost its connection to the bootstrap service, before Rankwire.close())");
        departed.add(d);
        for (final BootstrapConnection m : members)
        {
            if (m != null)
            {
                m.send(d.frame());
            }
        }
        table.departed(rank, d.reason);
        listener.accept(rank);
    }

    /** A rank that ended without closing, and how the service says so. */
    static final class Departure
    {
        final int rank;
        final String reason;

        Departure(final int rank, final String reason)
        {
            this.rank = rank;
            this.reason = reason;
        }

        ByteBuffer frame()
        {
            final byte[] text = BootstrapProtocol.reason(reason);
            final ByteBuffer frame = BootstrapProtocol.begin(4 + 2 + text.length, BootstrapProtocol.DEPARTED);
            frame.putInt(rank);
            BootstrapProtocol.putString(frame, text);
            return BootstrapProtocol.finish(frame);
        }
    }
}
