package io.rankwire;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Creation;
import io.rankwire.proto.Group;

/** The {@link CommRequest} of a {@link Creation}: the new communicator is made from its group on first use. */
final class CreationRequest<C> implements CommRequest<C>, Progressing
{
    private static final Status DONE = new Status(-1, -1, 0, Status.OK, false);

    private final Creation creation;
    private final Function<Group, C> make;
    private C comm;

    CreationRequest(final Creation creation, final Function<Group, C> make)
    {
        this.creation = creation;
        this.make = make;
    }

    @Override
    public synchronized C comm()
    {
        if (comm == null)
        {
            comm = make.apply(creation.group());
        }
        return comm;
    }

    @Override
    public int progress()
    {
        return creation.progress();
    }

    @Override
    public IdleStrategy idler()
    {
        return creation.engine().idler();
    }

    @Override
    public Status await()
    {
        creation.await(0, false);
        return status();
    }

    @Override
    public Optional<Status> await(final Duration timeout)
    {
        return creation.await(Math.max(1, timeout.toNanos()), false) ? Optional.of(status()) : Optional.empty();
    }

    @Override
    public boolean test()
    {
        if (!creation.isDone())
        {
            creation.progress();
        }
        return creation.isDone();
    }

    @Override
    public boolean isDone()
    {
        return creation.isDone();
    }

    @Override
    public Status status()
    {
        creation.group();
        return DONE;
    }

    @Override
    public void cancel()
    {
    }

    @Override
    public CompletableFuture<Status> toFuture()
    {
        return creation.future().thenApply(ignored -> DONE);
    }

    @Override
    public String toString()
    {
        return "CommRequest{" + creation + '}';
    }
}
