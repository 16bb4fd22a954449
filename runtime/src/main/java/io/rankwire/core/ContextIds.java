package io.rankwire.core;

import java.util.BitSet;

import io.rankwire.match.Envelope;

/**
 * One rank's context-id bookkeeping: which context pairs are taken, and which communicators are
 * creating a new one right now. Context ids come in pairs (user id, even; internal id, odd). A
 * pair is taken here from its agreement until this rank's communicator on it is closed
 * ({@link #release}); the agreement only settles on a pair free at every member, so a pair is
 * used again only once every member of its communicator has given it back.
 *
 * <p>Several threads may create communicators at once, on different parents whose groups
 * overlap. To keep the agreement from handing one id to two communicators, a creation may
 * only propose ids while its parent has the lowest context id among the creations in progress
 * on this rank (the priority rule of Open MPI's cid allocation); the others propose
 * {@link #NOT_MY_TURN} and retry. The creation with the lowest parent id in the whole job is
 * never refused, so some creation always completes.
 */
final class ContextIds
{
    /** A proposal meaning "a creation with a lower parent id is running here: retry". */
    static final int NOT_MY_TURN = 0;
    /** A proposal meaning "no free context id is left here". */
    static final int EXHAUSTED = -1;

    private static final int FIRST = 2;
    private static final int PAIRS = Envelope.MAX_CONTEXTS / 2;

    private final BitSet taken = new BitSet();
    private final BitSet creating = new BitSet();

    ContextIds()
    {
        taken.set(0);
    }

    /**
     * Registers a creation on {@code parent}.
     *
     * @throws IllegalStateException when a creation on the same communicator is already running
     *     (collectives on one communicator must not be called concurrently)
     */
    synchronized void begin(final int parent)
    {
        if (creating.get(parent))
        {
            throw new IllegalStateException("communicator context " + parent +
                " : a dup/split on it is already running in another thread (expected: one collective at a time per communicator)");
        }
        creating.set(parent);
    }

    /** Ends a creation on {@code parent}, whatever its outcome. */
    synchronized void end(final int parent)
    {
        creating.clear(parent);
        notifyAll();
    }

    /**
     * Waits until the creation on {@code parent} has the lowest parent id here, or
     * {@code maxNanos} pass (the refusal may have come from another member).
     */
    synchronized void awaitTurn(final int parent, final long maxNanos)
    {
        final long deadline = System.nanoTime() + maxNanos;
        long left = maxNanos;
        while (creating.nextSetBit(0) != parent && left > 0)
        {
            try
            {
                wait(Math.max(1, left / 1_000_000));
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                return;
            }
            left = deadline - System.nanoTime();
        }
    }

    /**
     * This rank's proposal for a creation on {@code parent}: the lowest free even id at or above
     * {@code floor}, {@link #NOT_MY_TURN} while a creation on a lower parent runs here, or
     * {@link #EXHAUSTED}.
     */
    synchronized int propose(final int parent, final int floor)
    {
        if (creating.nextSetBit(0) != parent)
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
        notifyAll();
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
