package io.rankwire.proto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import io.rankwire.buffer.BufView;
import io.rankwire.match.PostedRecv;

/**
 * A send or a receive as the protocols see it: the buffer (a transfer is its own
 * {@link BufView}), the envelope, the protocol state of each side, its place in the list of
 * active transfers, and the outcome. The engine's operations (the user's requests) extend it,
 * adding what waiting, futures and statuses need; internal sends (copies in the send buffer) are
 * plain transfers.
 *
 * <p>Fields other than the completion flag are written only by the thread driving the engine.
 * The outcome is published by a release store of that flag after every outcome field; waiters
 * read it with a volatile load ({@link #isDone()}). A release store, not a volatile one: no fence
 * on the per-message path.
 */
public class Transfer extends BufView
{
    /** {@link #kind()} of a send. */
    public static final int SEND = 1;
    /** {@link #kind()} of a receive. */
    public static final int RECV = 2;

    private static final VarHandle DONE;

    static
    {
        try
        {
            DONE = MethodHandles.lookup().findVarHandle(Transfer.class, "done", boolean.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    int kind;
    /** World rank of the peer: destination of a send, sender of a matched receive, -1 otherwise. */
    int peer = -1;
    long tag;
    boolean sync;
    int cookie;

    // send side
    /** The protocol a send goes by: {@code TmHeader.EAGER}, {@code TmHeader.RNDV}, or not yet decided. */
    int protocol;
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
    /** The app_ctx of the message the NIC matched to this receive (eager, ssend or rendezvous). */
    int matchedAppCtx;
    /** While a rendezvous is under way (either side). */
    Rendezvous rv;

    // intrusive list of active transfers
    Transfer prevActive;
    Transfer nextActive;
    boolean active;

    // outcome
    private int stSource;
    private int stTag;
    private int stBytes;
    private int stError;
    private boolean stCancelled;
    private volatile boolean done;

    /** A transfer, complete until {@link #reset} starts it. */
    protected Transfer()
    {
    }

    /** Clears the protocol state for a new transfer of {@code kind} and marks it pending. */
    protected void reset(final int kind)
    {
        this.kind = kind;
        peer = -1;
        tag = 0;
        sync = false;
        cookie = 0;
        protocol = 0;
        posted = null;
        expectedPeer = -1;
        group = null;
        cancelRequested = false;
        failError = 0;
        failPeer = -1;
        matchedAppCtx = 0;
        rv = null;
        stSource = -1;
        stTag = -1;
        stBytes = 0;
        stError = Outcome.OK;
        stCancelled = false;
        DONE.setRelease(this, false);
    }

    /** Records the outcome and publishes completion, then calls {@link #onFinished()}. Driving thread only. */
    protected final void finish(final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        stSource = source;
        stTag = tag;
        stBytes = bytes;
        stError = error;
        stCancelled = cancelled;
        DONE.setRelease(this, true);
        onFinished();
    }

    /** Called once the outcome is published (e.g. to complete a future). Driving thread. */
    protected void onFinished()
    {
    }

    /**
     * Called when the protocols let go of the transfer's buffer, just before it completes with
     * {@code error} ({@code cancelled} for a cancelled receive). Driving thread.
     */
    protected void onReleased(final int error, final boolean cancelled)
    {
    }

    /** True once complete. Any thread (a volatile read). */
    public final boolean isDone()
    {
        return done;
    }

    /** True while in a send queue: not to be reused until it leaves it, even once complete. */
    public final boolean isQueued()
    {
        return queued;
    }

    /** {@link #SEND} or {@link #RECV}. */
    public final int kind()
    {
        return kind;
    }

    /** World rank of the peer: destination of a send, sender of a matched receive, -1 otherwise. */
    public final int peer()
    {
        return peer;
    }

    /** The source of a completed transfer (communicator rank; -1 for sends). */
    public final int resultSource()
    {
        return stSource;
    }

    /** The tag of a completed transfer. */
    public final int resultTag()
    {
        return stTag;
    }

    /** The bytes a completed transfer moved. */
    public final int resultBytes()
    {
        return stBytes;
    }

    /** The outcome code ({@link Outcome}) of a completed transfer. */
    public final int resultError()
    {
        return stError;
    }

    /** True when the completed transfer was cancelled. */
    public final boolean resultCancelled()
    {
        return stCancelled;
    }
}
