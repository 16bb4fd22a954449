package io.rankwire.bootstrap;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.ObjIntConsumer;

/**
 * The bootstrap service's state: published values, GETs waiting for a value, ranks waiting in
 * the barrier. Owned by the service's single thread; nothing here is thread-safe.
 */
final class BootstrapTable
{
    private final int size;
    private final Map<String, byte[]> values = new HashMap<>();
    private final int[] keysPerRank;
    private final List<Waiter> gets = new ArrayList<>();
    private final Map<Integer, Waiter> barrier = new HashMap<>();
    /** Why each departed rank is gone (null while it is not); the first one fails every barrier. */
    private final String[] departures;
    private String firstDeparture;
    private volatile String watchedKey;
    private volatile ObjIntConsumer<byte[]> watcher;

    BootstrapTable(final int size)
    {
        this.size = size;
        this.keysPerRank = new int[size];
        this.departures = new String[size];
    }

    void put(final BootstrapConnection from, final String key, final byte[] value)
    {
        final String k = from.rank() + "/" + key;
        if (!values.containsKey(k) && keysPerRank[from.rank()] == BootstrapProtocol.MAX_KEYS_PER_RANK)
        {
            from.sendError("rank " + from.rank() + " published too many keys (limit: " +
                BootstrapProtocol.MAX_KEYS_PER_RANK + ")");
            return;
        }
        if (values.put(k, value) == null)
        {
            keysPerRank[from.rank()]++;
        }
        final ObjIntConsumer<byte[]> listener = watcher;
        if (listener != null && key.equals(watchedKey))
        {
            listener.accept(value.clone(), from.rank());
        }
        from.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.OK)));
        for (final Iterator<Waiter> it = gets.iterator(); it.hasNext(); )
        {
            final Waiter w = it.next();
            if (w.key.equals(k))
            {
                it.remove();
                w.connection.send(valueFrame(value));
            }
        }
    }

    /** Calls {@code listener} (on the service's thread) with each value published under {@code key} and its rank. */
    void watch(final String key, final ObjIntConsumer<byte[]> listener)
    {
        this.watchedKey = key;
        this.watcher = listener;
    }

    void get(final BootstrapConnection from, final int rank, final String key, final long deadline)
    {
        if (rank < 0 || rank >= size)
        {
            from.sendError("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
            return;
        }
        final String k = rank + "/" + key;
        final byte[] value = values.get(k);
        if (value != null)
        {
            from.send(valueFrame(value));
        }
        else if (departures[rank] != null)
        {
            from.sendError(departures[rank]);
        }
        else
        {
            gets.add(new Waiter(from, k, rank, deadline));
        }
    }

    void barrier(final BootstrapConnection from, final long deadline)
    {
        if (firstDeparture != null)
        {
            from.sendError(firstDeparture);
            return;
        }
        if (barrier.containsKey(from.rank()))
        {
            from.sendError("rank " + from.rank() + " is already waiting in the barrier");
            return;
        }
        barrier.put(from.rank(), new Waiter(from, null, from.rank(), deadline));
        if (barrier.size() == size)
        {
            for (final Waiter w : barrier.values())
            {
                w.connection.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.OK)));
            }
            barrier.clear();
        }
    }

    /** Answers TIMEOUT to every wait past its deadline; returns nanoseconds to the next deadline, or Long.MAX_VALUE. */
    long expire(final long now)
    {
        long next = Long.MAX_VALUE;
        next = Math.min(next, expire(gets.iterator(), now));
        next = Math.min(next, expire(barrier.values().iterator(), now));
        return next;
    }

    /**
     * Rank {@code rank} ended without closing: no barrier can complete any more and its missing
     * values never come, so those waits fail now with {@code reason}, and later ones at once.
     */
    void departed(final int rank, final String reason)
    {
        departures[rank] = reason;
        if (firstDeparture == null)
        {
            firstDeparture = reason;
        }
        for (final Waiter w : barrier.values())
        {
            w.connection.sendError(reason);
        }
        barrier.clear();
        for (final Iterator<Waiter> it = gets.iterator(); it.hasNext(); )
        {
            final Waiter w = it.next();
            if (w.rank == rank)
            {
                it.remove();
                w.connection.sendError(reason);
            }
        }
    }

    /** Forgets every wait of a closed connection. */
    void drop(final BootstrapConnection connection)
    {
        gets.removeIf(w -> w.connection == connection);
        barrier.values().removeIf(w -> w.connection == connection);
    }

    private static long expire(final Iterator<Waiter> it, final long now)
    {
        long next = Long.MAX_VALUE;
        while (it.hasNext())
        {
            final Waiter w = it.next();
            if (w.deadline - now <= 0)
            {
                it.remove();
                w.connection.send(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.TIMEOUT)));
            }
            else
            {
                next = Math.min(next, w.deadline - now);
            }
        }
        return next;
    }

    private static ByteBuffer valueFrame(final byte[] value)
    {
        final ByteBuffer frame = BootstrapProtocol.begin(4 + value.length, BootstrapProtocol.VALUE);
        BootstrapProtocol.putBytes(frame, value);
        return BootstrapProtocol.finish(frame);
    }

    private static final class Waiter
    {
        final BootstrapConnection connection;
        final String key;
        /** The rank whose key is awaited, or the rank waiting in the barrier. */
        final int rank;
        final long deadline;

        Waiter(final BootstrapConnection connection, final String key, final int rank, final long deadline)
        {
            this.connection = connection;
            this.key = key;
            this.rank = rank;
            this.deadline = deadline;
        }
    }
}
