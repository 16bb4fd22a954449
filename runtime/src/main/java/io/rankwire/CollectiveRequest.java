package io.rankwire;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.coll.Schedule;
import io.rankwire.core.Engine;
import io.rankwire.progress.Idles;

/**
 * A nonblocking collective in flight: completes when this rank's part of the collective is done
 * (its buffers may then be reused). It progresses whenever the engine does (any thread's wait,
 * test or call, or the progress thread); {@link #test()} and the waits drive the engine
 * themselves. Collectives cannot be cancelled; {@link #cancel()} does nothing. The status carries
 * no source, tag or byte count.
 */
final class CollectiveRequest implements Request, Progressing
{
    private static final Status DONE = new Status(-1, -1, 0, Status.OK, false);

    private final Schedule schedule;
    private final Engine engine;

    CollectiveRequest(final Schedule schedule)
    {
        this.schedule = schedule;
        this.engine = schedule.engine();
    }

    @Override
    public int progress()
    {
        return schedule.progress();
    }

    @Override
    public IdleStrategy idler()
    {
        return engine.idler();
    }

    @Override
    public Status await()
    {
        waitUntil(0);
        return status();
    }

    @Override
    public Optional<Status> await(final Duration timeout)
    {
        final long deadline = System.nanoTime() + Math.max(1, timeout.toNanos());
        return waitUntil(deadline) ? Optional.of(status()) : Optional.empty();
    }

    /** Drives progress until done, or until {@code deadline} (0: none) passed; true when done. */
    private boolean waitUntil(final long deadline)
    {
        final IdleStrategy idler = engine.idler();
        Idles.begin(idler, deadline);
        while (!schedule.isDone())
        {
            final int work = schedule.progress();
            if (schedule.isDone())
            {
                break;
            }
            if (engine.isClosed())
            {
                throw new RankwireException("rankwire: closed while waiting for a collective");
            }
            if (deadline != 0 && System.nanoTime() - deadline > 0)
            {
                return false;
            }
            idler.idle(work);
        }
        return true;
    }

    @Override
    public boolean test()
    {
        if (!schedule.isDone())
        {
            schedule.progress();
        }
        return schedule.isDone();
    }

    @Override
    public boolean isDone()
    {
        return schedule.isDone();
    }

    @Override
    public Status status()
    {
        if (!schedule.isDone())
        {
            throw new IllegalStateException("request : not completed (expected: a completed request)");
        }
        final Throwable failure = schedule.failure();
        if (failure != null)
        {
            throw rethrow(failure);
        }
        return DONE;
    }

    @Override
    public void cancel()
    {
    }

    @Override
    public CompletableFuture<Status> toFuture()
    {
        return schedule.future().thenApply(ignored -> DONE);
    }

    private static RuntimeException rethrow(final Throwable cause)
    {
        if (cause instanceof RankwireException)
        {
            return new RankwireException("collective failed: " + cause.getMessage(), cause);
        }
        if (cause instanceof RuntimeException)
        {
            return (RuntimeException)cause;
        }
        if (cause instanceof Error)
        {
            throw (Error)cause;
        }
        return new RankwireException("collective failed", cause);
    }

    @Override
    public String toString()
    {
        return "CollRequest{" + schedule + '}';
    }
}
