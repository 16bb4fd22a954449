package io.rankwire.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.RankwireException;
import io.rankwire.Status;
import io.rankwire.match.PostedRecv;
import io.rankwire.spi.MemoryRegion;

/**
 * One point-to-point operation: what the user's request (the API's {@code Request}, implemented
 * by a subclass the engine makes through its {@link OperationFactory}) is. Fields other than
 * {@link #done} are written only by the thread driving the engine (under its lock); the
 * completion is published by a release store of {@code done}, after every status field (waiters
 * read it with a volatile load). A release store, not a volatile one: no fence on the
 * per-message path. The one reader that must not miss a concurrent completion, {@link #toFuture},
 * installs its future under the engine lock, which {@link #finish} holds too.
 * Blocking calls use pooled operations that go back to the engine after completion;
 * nonblocking calls get their own; persistent requests ({@link PersistentOperation}) reuse one
 * for every round.
 *
 * <p>An operation is its own buffer view (it extends {@link BufView}): a nonblocking request is
 * one object (plus the reused {@code UnsafeBuffer} a {@code byte[]} or {@code ByteBuffer} needs);
 * its {@link Status} and future are made only when asked for.
 */
public class Operation extends BufView
{
    static final int SEND = 1;
    static final int RECV = 2;

    final Engine engine;
    /** The buffer: this operation itself (kept as a field for the protocol code's {@code op.buf}). */
    final BufView buf;
    final boolean pooled;
    /**
     * Persistent operations keep their last {@link Status} across rounds (see {@link #status()})
     * and their own buffer wrapper.
     */
    private final boolean persistent;

    int kind;
    /** World rank of the peer: destination of a send, sender of a matched receive, -1 otherwise. */
    int peer = -1;
    long tag;
    boolean sync;
    int cookie;

    // send side
    MemoryRegion region;
    /** An internal send of a copy held in the {@link SendBuffer} (its user request completed already). */
    boolean buffered;
    /** In a {@link SendQueues} FIFO: not to be reused until it leaves it, even once completed. */
    boolean queued;

    // receive side
    PostedRecv posted;
    int expectedPeer = -1;
    Group group;
    boolean cancelRequested;
    /** Error to complete with when a withdrawal (not a user cancel) finishes; 0 for a user cancel. */
    int failError;
    int failPeer = -1;
    long rvVa;
    int rvRkey;
    int rvLength;
    int rvAppCtx;
    int rvFlags;

    // intrusive list of active operations
    Operation prevActive;
    Operation nextActive;
    boolean active;

    // outcome
    int stSource;
    int stTag;
    int stBytes;
    int stError;
    boolean stCancelled;
    private volatile boolean done;
    private Status status;
    private volatile CompletableFuture<Status> future;

    private static final VarHandle DONE;
    private static final VarHandle FUTURE;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            DONE = lookup.findVarHandle(Operation.class, "done", boolean.class);
            FUTURE = lookup.findVarHandle(Operation.class, "future", CompletableFuture.class);
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
        this.buf = this;
    }

    /**
     * Nonblocking operations borrow their {@code UnsafeBuffer} from the engine's pool and give it
     * back when they complete (see {@link Engine#complete}); pooled and persistent operations keep
     * their own.
     */
    @Override
    UnsafeBuffer newWrapper()
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

    void reset(final int kind)
    {
        this.kind = kind;
        peer = -1;
        tag = 0;
        sync = false;
        cookie = 0;
        region = null;
        posted = null;
        expectedPeer = -1;
        group = null;
        cancelRequested = false;
        failError = 0;
        failPeer = -1;
        rvVa = 0;
        rvRkey = 0;
        rvLength = 0;
        rvAppCtx = 0;
        rvFlags = 0;
        stSource = -1;
        stTag = -1;
        stBytes = 0;
        stError = Status.OK;
        stCancelled = false;
        if (!persistent)
        {
            status = null;
        }
        FUTURE.setRelease(this, null);
        DONE.setRelease(this, false);
    }

    /** Records the outcome and publishes completion. Driving thread only. */
    void finish(final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        stSource = source;
        stTag = tag;
        stBytes = bytes;
        stError = error;
        stCancelled = cancelled;
        DONE.setRelease(this, true);
        if (future != null)
        {
            engine.futureReady(this);
        }
    }

    void completeFuture()
    {
        final CompletableFuture<Status> f = future;
        if (f != null)
        {
            f.complete(status());
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
        if (isCommFailure(stError))
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

    /** The source of a completed operation (see {@link Status#source()}). */
    public int resultSource()
    {
        return stSource;
    }

    /** The tag of a completed operation. */
    public int resultTag()
    {
        return stTag;
    }

    /** The bytes of a completed operation. */
    public int resultBytes()
    {
        return stBytes;
    }

    /** The error code of a completed operation. */
    public int resultError()
    {
        return stError;
    }

    /** True when the completed operation was cancelled. */
    public boolean resultCancelled()
    {
        return stCancelled;
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
        if (!done)
        {
            engine.progressOnce();
        }
        return done;
    }

    /** True once complete. */
    public boolean isDone()
    {
        return done;
    }

    /** The outcome of a completed operation. */
    public Status status()
    {
        if (!done)
        {
            throw new IllegalStateException("request : not completed (expected: a completed request)");
        }
        Status s = status;
        if (s == null || !sameOutcome(s))
        {
            s = new Status(stSource, stTag, stBytes, stError, stCancelled);
            status = s;
        }
        return s;
    }

    private boolean sameOutcome(final Status s)
    {
        return s.source() == stSource && s.tag() == stTag && s.bytes() == stBytes && s.error() == stError &&
            s.cancelled() == stCancelled;
    }

    /** Cancels a pending receive (sends are not cancelled). */
    public void cancel()
    {
        if (!done)
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
        if (done)
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
        engine.lock.lock();
        try
        {
            return futureOrNew();
        }
        finally
        {
            engine.lock.unlock();
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
        if (peer < 0)
        {
            return "";
        }
        if (error == Status.PEER_FINALIZED)
        {
            return " (rank " + peer + " has finalized)";
        }
        return error == Status.PEER_FAILED ? " (rank " + peer + " failed)" : "";
    }

    static boolean isCommFailure(final int error)
    {
        return error != Status.OK && error != Status.TRUNCATED;
    }

    String describe()
    {
        return (kind == SEND ? "send to rank " + peer : "receive") + " (" + buf.length() + " bytes)";
    }

    @Override
    public String toString()
    {
        return "Request{" + describe() + (done ? ", " + status() : ", pending") + '}';
    }
}
