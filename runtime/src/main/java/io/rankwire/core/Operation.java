package io.rankwire.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.buffer.BufView;
import io.rankwire.proto.Outcome;
import io.rankwire.proto.Transfer;

/**
 * One point-to-point operation: a {@link Transfer} (the protocols' view: buffer, envelope,
 * protocol state, outcome) plus what the user's request needs on top: waiting, its
 * outcome (the API's status, see {@link #newOutcome()}), its future. The API's {@code Request} is a subclass the engine makes through
 * its {@link OperationFactory}. The one reader that must not miss a concurrent completion,
 * {@link #toFuture}, installs its future under the engine lock, which completion holds too.
 * Blocking calls use pooled operations that go back to the engine after completion;
 * nonblocking calls get their own; persistent requests ({@link PersistentOperation}) reuse one
 * for every round.
 *
 * <p>An operation is its own buffer view (it extends {@link BufView}): a nonblocking request is
 * one object (plus the reused {@code UnsafeBuffer} a {@code byte[]} or {@code ByteBuffer} needs);
 * its outcome and future are made only when asked for.
 */
public class Operation extends Transfer
{
    final Engine engine;
    final boolean pooled;
    /**
     * Persistent operations keep their last outcome across rounds (see {@link #outcome()})
     * and their own buffer wrapper.
     */
    private final boolean persistent;

    private Object status;
    private volatile CompletableFuture<Object> future;
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
        final CompletableFuture<Object> f = future;
        if (f != null)
        {
            f.complete(outcome());
        }
        final Runnable action = onComplete;
        if (action != null)
        {
            action.run();
        }
    }

    /** Waits for completion; the {@link #outcome()}, or the engine's failure for a communication failure. */
    protected Object awaitOutcome()
    {
        engine.waitFor(this, 0);
        return checked();
    }

    /**
     * Waits like {@link #awaitOutcome()} but builds no outcome (blocking sends): throws the
     * engine's failure on a communication failure.
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
     * Waits like {@link #join()} and throws the engine's failure naming {@code what} unless the
     * operation completed with {@link Outcome#OK} (a truncation fails too).
     */
    public void awaitOk(final String what)
    {
        join();
        if (resultError() != Outcome.OK)
        {
            throw engine.failure(what + " : " + outcomeText() + " (expected: OK)");
        }
    }

    /** Waits at most {@code timeout}; empty when it passed first. */
    protected Optional<Object> awaitOutcome(final Duration timeout)
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
    protected Object outcome()
    {
        if (!isDone())
        {
            throw new IllegalStateException("request : not completed (expected: a completed request)");
        }
        Object s = status;
        if (s == null || !isOutcome(s))
        {
            s = newOutcome();
            status = s;
        }
        return s;
    }

    /**
     * The API's status of this operation's result ({@code resultSource()} ...
     * {@code resultCancelled()}), made when a caller asks for it: the API's request types make
     * theirs, and the engine hands it back from {@link #outcome()} and completes futures with it.
     * By default the result in words.
     */
    protected Object newOutcome()
    {
        return outcomeText();
    }

    /** True when {@code outcome}, made earlier by {@link #newOutcome()}, still describes the result. */
    protected boolean isOutcome(final Object outcome)
    {
        return outcome.equals(outcomeText());
    }

    /** The result in words, as the API's status prints it. */
    String outcomeText()
    {
        return Outcome.describe(resultSource(), resultTag(), resultBytes(), resultError(), resultCancelled());
    }

    /** Cancels a pending receive (sends are not cancelled). */
    public void cancel()
    {
        if (!isDone())
        {
            engine.cancel(this);
        }
    }

    /** A future completed with the {@link #outcome()}. */
    protected CompletableFuture<Object> outcomeFuture()
    {
        CompletableFuture<Object> f = future;
        if (f == null)
        {
            f = installFuture();
        }
        if (isDone())
        {
            f.complete(outcome());
        }
        return f;
    }

    /**
     * The future, made under the engine lock: {@link #finish} runs under it too, so either it
     * sees the future or the caller sees {@code done} afterwards.
     */
    private CompletableFuture<Object> installFuture()
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

    private CompletableFuture<Object> futureOrNew()
    {
        CompletableFuture<Object> f = future;
        if (f == null)
        {
            f = new CompletableFuture<>();
            future = f;
        }
        return f;
    }

    /** The outcome, or the engine's failure for a communication failure. */
    Object checked()
    {
        final int error = resultError();
        if (isCommFailure(error))
        {
            throw engine.failure(describe() + " failed: " + Outcome.name(error) + cause(error));
        }
        return outcome();
    }

    private String cause(final int error)
    {
        if (peer() < 0)
        {
            return "";
        }
        if (error == Outcome.PEER_FINALIZED)
        {
            return " (rank " + peer() + " has finalized)";
        }
        return error == Outcome.PEER_FAILED ? " (rank " + peer() + " failed)" : "";
    }

    static boolean isCommFailure(final int error)
    {
        return error != Outcome.OK && error != Outcome.TRUNCATED;
    }

    String describe()
    {
        return (kind() == SEND ? "send to rank " + peer() : "receive") + " (" + length() + " bytes)";
    }

    @Override
    public String toString()
    {
        return "Request{" + describe() + (isDone() ? ", " + outcomeText() : ", pending") + '}';
    }
}
