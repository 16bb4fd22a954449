package io.rankwire.core;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

import io.rankwire.match.Envelope;

/**
 * One rank's context-id bookkeeping: which context pairs are taken, and which creations of new
 * communicators are agreeing on one right now. Context ids come in pairs (user id, even; internal
 * id, odd). A pair is taken here from its agreement until this rank's communicator on it is
 * closed ({@link #release}); the agreement only settles on a pair free at every member, so a pair
 * is used again only once every member of its communicator has given it back.
 *
 * <p>Several creations may run at once here, on parents whose groups overlap (other threads, or
 * nonblocking creations in flight). Each has a key every member computes alike (the parent's
 * context id, then a channel: 0 for dup and split, one per create-group tag) and at most one
 * creation per key runs at a time (the others wait their turn in {@link Contexts}). To keep the
 * agreement from handing one id to two communicators, a creation may only propose ids while its
 * key is the lowest among the creations in progress on this rank (the priority rule of Open MPI's
 * cid allocation); the others propose {@link #NOT_MY_TURN}, and one that refused waits
 * ({@link #deferUntilTurn}) until the creations before it here have ended. The creation with
 * the lowest key in the whole job is never refused, so some creation always completes.
 */
final class ContextIds
{
    /** A proposal meaning "a creation with a lower key is running here: retry". */
    static final int NOT_MY_TURN = 0;
    /** A proposal meaning "no free context id is left here". */
    static final int EXHAUSTED = -1;

    private static final int FIRST = 2;
    private static final int PAIRS = Envelope.MAX_CONTEXTS / 2;

    private final BitSet taken = new BitSet();
    private final TreeSet<Long> creating = new TreeSet<>();
    /** Creations that refused, by key, to resume when their turn comes. */
    private final Map<Long, Runnable> deferred = new HashMap<>();

    ContextIds()
    {
        taken.set(0);
    }

    /** The key of a creation on the communicator of context {@code parent}, on {@code channel} (0..2^20-1). */
    static long key(final int parent, final int channel)
    {
        return (long)parent << 20 | channel;
    }

    /**
     * Registers a creation with {@code key}.
     *
     * @throws IllegalStateException when a creation with the same key is running (its queue
     *     in {@link Contexts} lets only one run)
     */
    synchronized void begin(final long key)
    {
        if (!creating.add(key))
        {
            throw new IllegalStateException("creation " + (key >>> 20) + "/" + (key & 0xFFFFF) +
                " : already running here (expected: one creation at a time per communicator and channel)");
        }
    }

    /**
     * Ends a creation with {@code key}, whatever its outcome; returns the deferred creation whose
     * turn has now come, for the caller to resume outside this lock, or null.
     */
    synchronized Runnable end(final long key)
    {
        creating.remove(key);
        return creating.isEmpty() ? null : deferred.remove(creating.first());
    }

    /**
     * A creation with {@code key} refused a round: false when its turn has come meanwhile (go on
     * at once), else true and {@code resume} runs once the creations before it here have ended.
     */
    synchronized boolean deferUntilTurn(final long key, final Runnable resume)
    {
        if (creating.first() == key)
        {
            return false;
        }
        deferred.put(key, resume);
        return true;
    }

    /**
     * This rank's proposal for a creation with {@code key}: the lowest free even id at or above
     * {@code floor}, {@link #NOT_MY_TURN} while a creation with a lower key runs here, or
     * {@link #EXHAUSTED}.
     */
    synchronized int propose(final long key, final int floor)
    {
        if (creating.first() != key)
        {
            return NOT_MY_TURN;
        }
        final int pair = taken.nextClearBit(Math.max(floor, FIRST) / 2);
        return pair < PAIRS ? pair * 2 : EXHAUSTED;
    }

    /** Takes {@code context} if it is free here. */
    synchronized boolean tryTake(final int context)
    {
        final int pair = context / 2;
        if (taken.get(pair))
        {
            return false;
        }
        taken.set(pair);
        return true;
    }

    /**
     * Gives back a context taken by {@link #tryTake}: one the other members could not take, or
     * the pair of a communicator this rank closed. The world's pair is never given back.
     *
     * @throws IllegalStateException if the pair is not taken (given back twice)
     */
    synchronized void release(final int context)
    {
        final int pair = context / 2;
        if (pair == 0 || !taken.get(pair))
        {
            throw new IllegalStateException("context pair " + pair + " : not taken here (expected: a pair of a " +
                "communicator this rank created and has not given back)");
        }
        taken.clear(pair);
    }

    /** How many pairs are taken here, the world's included. */
    synchronized int takenPairs()
    {
        return taken.cardinality();
    }

    /** The largest id a new pair may start at. */
    static int limit()
    {
        return Envelope.MAX_CONTEXTS - 2;
    }
}
