package io.rankwire.coll;

import java.util.concurrent.CompletableFuture;

import io.rankwire.core.Engine;
import io.rankwire.core.Rounds;

/**
 * A started nonblocking collective: the rounds of its {@link Plan} on the engine's round engine
 * ({@link Rounds}, started without waiting), the same one the engine's own barrier and context
 * agreements run on. Progress: no thread of its own; any thread that drives the engine advances
 * every schedule whose round's messages completed (see {@link Rounds}). A failed message, or a
 * failing local step, fails the whole schedule.
 */
public final class Schedule
{
    private final Rounds rounds;

    Schedule(final Rounds rounds)
    {
        this.rounds = rounds;
    }

    /** True once this rank's part is done, successfully or not. */
    public boolean isDone()
    {
        return rounds.isDone();
    }

    /** The failure of a done schedule, or null. */
    public Throwable failure()
    {
        return rounds.failure();
    }

    /** Completes when the schedule is done (exceptionally when it failed). */
    public CompletableFuture<Void> future()
    {
        return rounds.future();
    }

    /** Drives the engine once (which advances every schedule whose messages completed). */
    public int progress()
    {
        return rounds.progress();
    }

    /** The engine the schedule runs on. */
    public Engine engine()
    {
        return rounds.engine();
    }

    @Override
    public String toString()
    {
        return "Schedule" + rounds;
    }
}
