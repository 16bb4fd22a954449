package io.rankwire;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.rankwire.core.Engine;

/**
 * A nonblocking collective in flight: completes when this rank's part of the collective is done
 * (its buffers may then be reused). Collectives cannot be cancelled; {@link #cancel()} does
 * nothing. The status carries no source, tag or byte count.
 */
final class CollectiveRequest implements Request
{
    private static final Status DONE = new Status(-1, -1, 0, Status.OK, false);

    private final Engine engine;
    private final CompletableFuture<Status> future;

    /** The request of a collective that completes with {@code done}. */
    CollectiveRequest(final Engine engine, final CompletableFuture<Void> done)
    {
        this.engine = engine;
        this.future = done.thenApply(ignored -> DONE);
    }

    @Override
    public Status await()
    {
        try
        {
            return future.join();
        }
        catch (final CompletionException ex)
        {
            throw rethrow(ex.getCause());
        }
    }

    @Override
    public Optional<Status> await(final Duration timeout)
    {
        try
        {
            return Optional.of(future.get(Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS));
        }
        catch (final TimeoutException ex)
        {
            return Optional.empty();
        }
        catch (final ExecutionException ex)
        {
            throw rethrow(ex.getCause());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new RankwireException("interrupted while waiting for a collective", ex);
        }
    }

    @Override
    public boolean test()
    {
        engine.progressOnce();
        return future.isDone();
    }

    @Override
    public boolean isDone()
    {
        return future.isDone();
    }

    @Override
    public Status status()
    {
        if (!future.isDone())
        {
            throw new IllegalStateException("request : not completed (expected: a completed request)");
        }
        return await();
    }

    @Override
    public void cancel()
    {
    }

    @Override
    public CompletableFuture<Status> toFuture()
    {
        return future.copy();
    }

    private static RuntimeException rethrow(final Throwable cause)
    {
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
        return "CollRequest{done=" + future.isDone() + '}';
    }
}
