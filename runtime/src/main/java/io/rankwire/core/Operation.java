package io.rankwire.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.RankwireException;
import io.rankwire.Status;
import io.rankwire.buffer.BufView;
import io.rankwire.proto.Transfer;

/**
 * One point-to-point operation: a {@link Transfer} (the protocols' view: buffer, envelope,
 * protocol state, outcome) plus what the user's request needs on top: waiting, its
 * {@link Status}, its future. The API's {@code Request} is a subclass the engine makes through
 * its {@link OperationFactory}. The one reader that must not miss a concurrent completion,
 * {@link #toFuture}, installs its future under the engine lock, which completion holds too.
 * Blocking calls use pooled operations that go back to the engine after completion;
 * nonblocking calls get their own; persistent requests ({@link PersistentOperation}) reuse one
 * for every round.
 *
 * <p>An operation is its own buffer view (it extends {@link BufView}): a nonblocking request is
 * one object (plus the reused {@code UnsafeBuffer} a {@code byte[]} or {@code ByteBuffer} needs);
 * its {@link Status} and future are made only when asked for.
 */
public class Operation extends Transfer
{
    final Engine engine;
    final boolean pooled;
    /**
     * Persistent operations keep their last {@link Status} across rounds (see {@link #status()})
     * and their own buffer wrapper.
     */
    private final boolean persistent;

    private Status status;
    private volatile CompletableFuture<Status> future;
    private Runnable onComplete;

    private static final VarHandle FUTURE;

    static
    {
        try
        {
            FUTURE = MethodHandles.lookup().findVarHandle(Operation.class, "future", CompletableFuture.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** An operation of {@code engine}; pooled ones are for blocking calls (see {@link Engine#newOp}). */
    protected Operation(final Engine engine, final boolean pooled)
    {
        this(engine, pooled, false);
    }

    Operation(final Engine engine, final boolean pooled, final boolean persistent)
    {
        this.engine = engine;
        this.pooled = pooled;
        this.persistent = persistent;
    }

    /**
     * Nonblocking operations borrow their {@code UnsafeBuffer} from the engine's pool and give it
     * back when they complete ({@link #onReleased}); pooled and persistent operations keep their
     * own.
     */
    @Override
    protected UnsafeBuffer newWrapper()
    {
        if (lendsWrapper() && engine != null)
        {
            final UnsafeBuffer w = engine.wrappers().borrow();
            if (w != null)
            {
                return w;
            }
        }
        return super.newWrapper();
    }

    /** True when the wrapper goes back to the engine's pool on completion. */
    boolean lendsWrapper()
    {
        return !pooled && !persistent;
    }

    @Override
    protected void onReleased(final int error, final boolean cancelled)
    {
        if (lendsWrapper() && WrapperPool.isReleased(kind() == SEND, error, cancelled))
        {
            engine.wrappers().giveBack(takeWrapper());
        }
    }

    /** The engine this operation belongs to. */
    public Engine engine()
    {
        return engine;
    }

    /** The buffer descriptor to fill before submitting (the operation itself). */
    public BufView buf()
    {
        return this;
    }

    @Override
    protected void reset(final int kind)
    {
        super.reset(kind);
        if (!persistent)
        {
            status = null;
        }
        FUTURE.setRelease(this, null);
    }

    @Override
    protected void onFinished()
    {
        if (future != null || onComplete != null)
        {
            engine.futureReady(this);
        }
    }

    /**
     * Runs {@code action} once this operation completes, on the thread that completed it, after
     * that thread released the engine lock (as futures are completed), so the action may start
     * new operations. Set before the operation is started; for unpooled operations only. The
     * action must not throw.
     */
    public void onComplete(final Runnable action)
    {
        this.onComplete = action;
    }

    void completeFuture()
    {
        final CompletableFuture<Status> f = future;
        if (f != null)
        {
            f.complete(status());
        }
        final Runnable action = onComplete;
        if (action != null)
        {
            action.run();
        }
    }

    /** Waits for completion; the status, or {@link RankwireException} for a communication failure. */
    public Status await()
    {
        engine.waitFor(this, 0);
        return checked();
    }

    /**
     * Waits like {@link #await()} but builds no {@link Status} (blocking sends): throws
     * {@link RankwireException} on a communication failure.
     */
    public void join()
    {
        engine.waitFor(this, 0);
        if (isCommFailure(resultError()))
        {
            checked();
        }
    }

    /**
     * Waits like {@link #await()} and throws {@link RankwireException} naming {@code what} unless
     * the operation completed with {@link Status#OK} (a truncation fails too).
     */
    public void awaitOk(final String what)
    {
        final Status s = await();
        if (s.isError())
        {
            throw new RankwireException(what + " : " + s + " (expected: OK)");
        }
    }

    /** Waits at most {@code timeout}; empty when it passed first. */
    public Optional<Status> await(final Duration timeout)
    {
        final long nanos = Math.max(1, timeout.toNanos());
        if (!engine.waitFor(this, nanos))
        {
            return Optional.empty();
        }
        return Optional.of(checked());
    }

    /** Makes progress once if not done; true when complete. */
    public boolean test()
    {
        if (!isDone())
        {
            engine.progressOnce();
        }
        return isDone();
    }

    /** The outcome of a completed operation. */
    public Status status()
    {
        if (!isDone())
        {
            throw new IllegalStateException("request : not completed (expected: a completed request)");
        }
        Status s = status;
        if (s == null || !sameOutcome(s))
        {
            s = new Status(resultSource(), resultTag(), resultBytes(), resultError(), resultCancelled());
            status = s;
        }
        return s;
    }

    private boolean sameOutcome(final Status s)
    {
        return s.source() == resultSource() && s.tag() == resultTag() && s.bytes() == resultBytes() &&
            s.error() == resultError() && s.cancelled() == resultCancelled();
    }

    /** Cancels a pending receive (sends are not cancelled). */
    public void cancel()
    {
        if (!isDone())
        {
            engine.cancel(this);
        }
    }

    /** A future completed with the status. */
    public CompletableFuture<Status> toFuture()
    {
        CompletableFuture<Status> f = future;
        if (f == null)
        {
            f = installFuture();
        }
        if (isDone())
        {
            f.complete(status());
        }
        return f;
    }

    /**
     * The future, made under the engine lock: {@link #finish} runs under it too, so either it
     * sees the future or the caller sees {@code done} afterwards.
     */
    private CompletableFuture<Status> installFuture()
    {
        if (engine == null)
        {
            synchronized (this)
            {
                return futureOrNew();
            }
        }
        engine.lock().lock();
        try
        {
            return futureOrNew();
        }
        finally
        {
            engine.lock().unlock();
        }
    }

    private CompletableFuture<Status> futureOrNew()
    {
        CompletableFuture<Status> f = future;
        if (f == null)
        {
            f = new CompletableFuture<>();
            future = f;
        }
        return f;
    }

    /** The status, or a {@link RankwireException} for a communication failure. */
    Status checked()
    {
        final Status s = status();
        if (isCommFailure(s.error()))
        {
            throw new RankwireException(describe() + " failed: " + Status.errorName(s.error()) + cause(s.error()));
        }
        return s;
    }

    private String cause(final int error)
    {
        if (peer() < 0)
        {
            return "";
        }
        if (error == Status.PEER_FINALIZED)
        {
            return " (rank " + peer() + " has finalized)";
        }
        return error == Status.PEER_FAILED ? " (rank " + peer() + " failed)" : "";
    }

    static boolean isCommFailure(final int error)
    {
        return error != Status.OK && error != Status.TRUNCATED;
    }

    String describe()
    {
        return (kind() == SEND ? "send to rank " + peer() : "receive") + " (" + length() + " bytes)";
    }

    @Override
    public String toString()
    {
        return "Request{" + describe() + (isDone() ? ", " + status() : ", pending") + '}';
    }
}
