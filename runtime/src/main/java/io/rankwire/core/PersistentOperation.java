package io.rankwire.core;

import java.time.Duration;
import java.util.Optional;

import io.rankwire.proto.Group;
import io.rankwire.proto.Outcome;

/**
 * A persistent request: one {@link Operation} bound once to its buffer and envelope, started
 * again for every round (MPI 4.0 section 3.9). Starting reuses the operation, its buffer wrapper
 * and (when the outcome repeats) its {@link Status}, so a start/await round allocates nothing.
 *
 * <pre>
 *              start()                    await() / test() true / await(MutableStatus)
 *   INACTIVE ----------------> ACTIVE ---------------------------------------------> INACTIVE
 *      |                         |
 *      | close()                 | close(): the round still completes in the engine
 *      v                         v
 *    CLOSED  &lt;-------------------+
 * </pre>
 *
 * <p>State changes are made by the threads that start and complete rounds; the engine sees the
 * operation as an ordinary one while a round is active.
 */
public class PersistentOperation extends Operation
{
    private static final int INACTIVE = 0;
    private static final int ACTIVE = 1;
    private static final int CLOSED = 2;

    private boolean isSend;
    private boolean syncSend;
    private int target;
    private long envelope;
    private long mask;
    private Group recvGroup;
    private volatile int state = INACTIVE;

    /** An inactive persistent operation of {@code engine}. */
    protected PersistentOperation(final Engine engine)
    {
        super(engine, false, true);
        finish(-1, -1, 0, Outcome.OK, false);
    }

    /** Binds a send to world rank {@code peer} with packed envelope {@code tag}. */
    public PersistentOperation bindSend(final int peer, final long tag, final boolean sync)
    {
        isSend = true;
        target = peer;
        envelope = tag;
        syncSend = sync;
        return this;
    }

    /**
     * Binds a receive for (tag, mask); {@code expectedPeer} is the source's world rank or -1 for
     * ANY_SOURCE, {@code group} the communicator's group (see {@link Engine#recv}).
     */
    public PersistentOperation bindRecv(final long tag, final long mask, final int expectedPeer, final Group group)
    {
        isSend = false;
        target = expectedPeer;
        envelope = tag;
        this.mask = mask;
        recvGroup = group;
        return this;
    }

    public void start()
    {
        checkStartable();
        state = ACTIVE;
        boolean started = false;
        try
        {
            if (isSend)
            {
                engine.send(this, target, envelope, syncSend);
            }
            else
            {
                engine.recv(this, envelope, mask, target, recvGroup);
            }
            started = true;
        }
        finally
        {
            if (!started)
            {
                state = INACTIVE;
            }
        }
    }

    /** Throws unless the request may be started now. */
    void checkStartable()
    {
        final int s = state;
        if (s != INACTIVE)
        {
            throw new IllegalStateException("request : " + stateName(s) + " (expected: an inactive persistent request)");
        }
    }

    public boolean isActive()
    {
        return state == ACTIVE;
    }

    public boolean isClosed()
    {
        return state == CLOSED;
    }

    @Override
    protected Object awaitOutcome()
    {
        checkNotClosed();
        try
        {
            return super.awaitOutcome();
        }
        finally
        {
            endRound();
        }
    }

    @Override
    protected Optional<Object> awaitOutcome(final Duration timeout)
    {
        checkNotClosed();
        try
        {
            return super.awaitOutcome(timeout);
        }
        finally
        {
            endRound();
        }
    }

    @Override
    public void join()
    {
        checkNotClosed();
        try
        {
            super.join();
        }
        finally
        {
            endRound();
        }
    }

    public boolean test()
    {
        checkNotClosed();
        final boolean done = super.test();
        if (done)
        {
            endRound();
        }
        return done;
    }

    public void close()
    {
        state = CLOSED;
    }

    private void endRound()
    {
        if (isDone() && state == ACTIVE)
        {
            state = INACTIVE;
        }
    }

    private void checkNotClosed()
    {
        if (state == CLOSED)
        {
            throw new IllegalStateException("request : closed (expected: a persistent request that was not closed)");
        }
    }

    private static String stateName(final int state)
    {
        return state == ACTIVE ? "active" : state == CLOSED ? "closed" : "inactive";
    }

    @Override
    public String toString()
    {
        return "PersistentRequest{" + stateName(state) + ", " + describe() + '}';
    }
}
