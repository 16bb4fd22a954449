package io.rankwire.bootstrap;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntConsumer;

import io.rankwire.spi.BootstrapException;
import io.rankwire.spi.Bootstrap;

/**
 * The bootstrap of a job whose ranks are threads of one JVM: one shared table, one view per
 * rank ({@link #forRank}). Used by {@code LocalJob}, the JVM of an in-JVM job and transport tests.
 * Ranks join and leave as with the bootstrap service; whoever runs the ranks reports a rank whose
 * code returned with {@link #ended}, which makes a rank that joined and never left departed: the
 * other members hear of it, and the barrier and the waits for its values fail.
 */
public final class InMemoryBootstrap
{
    private final int size;
    private final Map<String, byte[]> table = new HashMap<>();
    private final int[] states;
    private final IntConsumer[] members;
    private final Bootstrap.Aborted[] abortListeners;
    private String departure;
    private int abortingRank = -1;
    private int abortCode;
    private int barrierArrived;
    private long barrierGeneration;

    /** A table for a job of {@code size} ranks. */
    public InMemoryBootstrap(final int size)
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        this.size = size;
        this.states = new int[size];
        this.members = new IntConsumer[size];
        this.abortListeners = new Bootstrap.Aborted[size];
    }

    /** The first rank that aborted the job ({@link Bootstrap#abort}), or -1. */
    public synchronized int abortingRank()
    {
        return abortingRank;
    }

    /** The error code of {@link #abortingRank()}'s abort. */
    public synchronized int abortCode()
    {
        return abortCode;
    }

    /** Rank {@code rank} aborts the job: its end is no departure; the waits fail and the other members hear of it. */
    private void abort(final int rank, final int errorCode)
    {
        final List<Bootstrap.Aborted> others = new ArrayList<>();
        synchronized (this)
        {
            if (abortingRank >= 0 || states[rank] == Membership.DEPARTED)
            {
                return;
            }
            abortingRank = rank;
            abortCode = errorCode;
            states[rank] = Membership.ABORTED;
            members[rank] = null;
            abortListeners[rank] = null;
            if (departure == null)
            {
                departure = "rank " + rank + " aborted the job with error code " + errorCode;
            }
            for (final Bootstrap.Aborted a : abortListeners)
            {
                if (a != null)
                {
                    others.add(a);
                }
            }
            notifyAll();
        }
        others.forEach(a -> a.aborted(rank, errorCode));
    }

    /**
     * Rank {@code rank}'s code has returned. If the rank joined and did not leave, it ended
     * without closing: it departs, and every other member's listener hears of it.
     *
     * @return true when the rank departed now (it joined and did not leave)
     */
    public boolean ended(final int rank)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        final List<IntConsumer> others = new ArrayList<>();
        synchronized (this)
        {
            if (states[rank] != Membership.JOINED)
            {
                return false;
            }
            states[rank] = Membership.DEPARTED;
            members[rank] = null;
            if (departure == null)
            {
                departure = "rank " + rank + " ended without closing (its code returned before Rankwire.close())";
            }
            for (final IntConsumer m : members)
            {
                if (m != null)
                {
                    others.add(m);
                }
            }
            notifyAll();
        }
        others.forEach(m -> m.accept(rank));
        return true;
    }

    private void join(final int rank, final IntConsumer departed, final Bootstrap.Aborted aborted)
    {
        final List<Integer> gone = new ArrayList<>();
        final int abortedBefore;
        final int code;
        synchronized (this)
        {
            if (states[rank] == Membership.JOINED || states[rank] == Membership.DEPARTED ||
                states[rank] == Membership.ABORTED)
            {
                throw new IllegalStateException("rank " + rank + " : " +
                    (states[rank] == Membership.JOINED ? "joined already" :
                        states[rank] == Membership.DEPARTED ? "departed" : "aborted") +
                    " (expected: one membership per rank at a time)");
            }
            states[rank] = Membership.JOINED;
            members[rank] = departed;
            abortListeners[rank] = aborted;
            abortedBefore = abortingRank;
            code = abortCode;
            for (int r = 0; r < size; r++)
            {
                if (states[r] == Membership.DEPARTED)
                {
                    gone.add(r);
                }
            }
        }
        gone.forEach(departed::accept);
        if (abortedBefore >= 0)
        {
            aborted.aborted(abortedBefore, code);
        }
    }

    private synchronized void leave(final int rank)
    {
        if (states[rank] == Membership.JOINED)
        {
            states[rank] = Membership.LEFT;
            members[rank] = null;
            abortListeners[rank] = null;
        }
    }

    /** Whether {@code bootstrap} is a rank's view of an in-memory bootstrap (ranks sharing one JVM). */
    public static boolean isInMemory(final Bootstrap bootstrap)
    {
        return bootstrap instanceof View;
    }

    /** The view of rank {@code rank}. */
    public Bootstrap forRank(final int rank)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        return new View(rank);
    }

    /** The value rank {@code rank} published under {@code key}, or null; any thread, without waiting. */
    public synchronized byte[] published(final int rank, final String key)
    {
        final byte[] value = table.get(rank + "/" + Objects.requireNonNull(key, "key"));
        return value == null ? null : value.clone();
    }

    private synchronized void put(final int rank, final String key, final byte[] value)
    {
        table.put(rank + "/" + key, value.clone());
        notifyAll();
    }

    private synchronized byte[] get(final int rank, final String key, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final String k = rank + "/" + Objects.requireNonNull(key, "key");
        byte[] value;
        while ((value = table.get(k)) == null)
        {
            if (states[rank] == Membership.DEPARTED || states[rank] == Membership.ABORTED)
            {
                throw new BootstrapException("bootstrap: " + departure + "; key '" + key + "' of rank " + rank +
                    " never comes");
            }
            waitUntil(deadline, "key '" + key + "' of rank " + rank);
        }
        return Arrays.copyOf(value, value.length);
    }

    private synchronized void barrier(final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final long generation = barrierGeneration;
        if (departure != null)
        {
            throw new BootstrapException("bootstrap: " + departure + "; the barrier cannot complete");
        }
        if (++barrierArrived == size)
        {
            barrierArrived = 0;
            barrierGeneration++;
            notifyAll();
            return;
        }
        while (barrierGeneration == generation)
        {
            try
            {
                if (departure != null)
                {
                    throw new BootstrapException("bootstrap: " + departure + "; the barrier cannot complete");
                }
                waitUntil(deadline, "the bootstrap barrier");
            }
            catch (final RuntimeException e)
            {
                barrierArrived--; // withdraw, so a later barrier cannot release early
                throw e;
            }
        }
    }

    private void waitUntil(final long deadline, final String what)
    {
        final long left = deadline - System.nanoTime();
        if (left <= 0)
        {
            throw new BootstrapException("bootstrap: timed out waiting for " + what);
        }
        try
        {
            wait(Math.max(1, left / 1_000_000));
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new BootstrapException("bootstrap: interrupted waiting for " + what, e);
        }
    }

    private final class View implements Bootstrap
    {
        private final int rank;

        View(final int rank)
        {
            this.rank = rank;
        }

        @Override
        public int rank()
        {
            return rank;
        }

        @Override
        public int size()
        {
            return size;
        }

        @Override
        public void put(final String key, final byte[] value)
        {
            InMemoryBootstrap.this.put(rank, key, value);
        }

        @Override
        public byte[] get(final int rank, final String key, final Duration timeout)
        {
            return InMemoryBootstrap.this.get(rank, key, timeout);
        }

        @Override
        public void barrier(final Duration timeout)
        {
            InMemoryBootstrap.this.barrier(timeout);
        }

        @Override
        public void join(final IntConsumer departed)
        {
            join(departed, (r, code) -> { });
        }

        @Override
        public void join(final IntConsumer departed, final Bootstrap.Aborted aborted)
        {
            InMemoryBootstrap.this.join(rank, Objects.requireNonNull(departed, "departed"),
                Objects.requireNonNull(aborted, "aborted"));
        }

        @Override
        public void abort(final int errorCode)
        {
            InMemoryBootstrap.this.abort(rank, errorCode);
        }

        @Override
        public void leave()
        {
            InMemoryBootstrap.this.leave(rank);
        }
    }
}
