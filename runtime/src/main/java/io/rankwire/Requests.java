package io.rankwire;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.rankwire.core.Engine;
import io.rankwire.core.Failures;
import io.rankwire.core.Operation;
import io.rankwire.core.OperationFactory;
import io.rankwire.core.PersistentOperation;

/**
 * What the engine makes for the API without naming its types: the requests it hands out (its
 * operations with the API's interfaces and a {@link Status} as their outcome, so a request stays
 * one object), through {@link #FACTORY}, and the {@link RankwireException} a blocking call
 * throws for a communication failure, through {@link #FAILURES}.
 */
final class Requests
{
    /** Makes {@link PointRequest}s and {@link PersistentPointRequest}s. */
    static final OperationFactory FACTORY = new OperationFactory()
    {
        @Override
        public Operation operation(final Engine engine, final boolean pooled)
        {
            return new PointRequest(engine, pooled);
        }

        @Override
        public PersistentOperation persistent(final Engine engine)
        {
            return new PersistentPointRequest(engine);
        }
    };

    /** Communication failures are {@link RankwireException}s. */
    static final Failures FAILURES = new Failures()
    {
        @Override
        public RuntimeException failure(final String message, final Throwable cause)
        {
            return cause == null ? new RankwireException(message) : new RankwireException(message, cause);
        }

        @Override
        public boolean isFailure(final Throwable t)
        {
            return t instanceof RankwireException;
        }
    };

    private Requests()
    {
    }

    /** The API's status of an operation's result. */
    static Status statusOf(final Operation op)
    {
        return new Status(op.resultSource(), op.resultTag(), op.resultBytes(), op.resultError(), op.resultCancelled());
    }

    /** True when {@code outcome} (a {@link Status} made by {@link #statusOf}) still describes {@code op}'s result. */
    static boolean describes(final Object outcome, final Operation op)
    {
        final Status s = (Status)outcome;
        return s.source() == op.resultSource() && s.tag() == op.resultTag() && s.bytes() == op.resultBytes() &&
            s.error() == op.resultError() && s.cancelled() == op.resultCancelled();
    }

    /** A nonblocking point-to-point request: an engine operation whose outcome is a {@link Status}. */
    static final class PointRequest extends Operation implements Request
    {
        PointRequest(final Engine engine, final boolean pooled)
        {
            super(engine, pooled);
        }

        @Override
        protected Object newOutcome()
        {
            return statusOf(this);
        }

        @Override
        protected boolean isOutcome(final Object outcome)
        {
            return describes(outcome, this);
        }

        @Override
        public Status await()
        {
            return (Status)awaitOutcome();
        }

        @Override
        @SuppressWarnings("unchecked")
        public Optional<Status> await(final Duration timeout)
        {
            return (Optional<Status>)(Optional<?>)awaitOutcome(timeout);
        }

        @Override
        public Status status()
        {
            return (Status)outcome();
        }

        @Override
        @SuppressWarnings("unchecked")
        public CompletableFuture<Status> toFuture()
        {
            return (CompletableFuture<Status>)(CompletableFuture<?>)outcomeFuture();
        }
    }

    /** A persistent point-to-point request: restartable, its outcome a {@link Status}. */
    static final class PersistentPointRequest extends PersistentOperation implements PersistentRequest
    {
        PersistentPointRequest(final Engine engine)
        {
            super(engine);
        }

        @Override
        protected Object newOutcome()
        {
            return statusOf(this);
        }

        @Override
        protected boolean isOutcome(final Object outcome)
        {
            return describes(outcome, this);
        }

        @Override
        public Status await()
        {
            return (Status)awaitOutcome();
        }

        @Override
        @SuppressWarnings("unchecked")
        public Optional<Status> await(final Duration timeout)
        {
            return (Optional<Status>)(Optional<?>)awaitOutcome(timeout);
        }

        @Override
        public Status status()
        {
            return (Status)outcome();
        }

        @Override
        @SuppressWarnings("unchecked")
        public CompletableFuture<Status> toFuture()
        {
            return (CompletableFuture<Status>)(CompletableFuture<?>)outcomeFuture();
        }
    }
}
