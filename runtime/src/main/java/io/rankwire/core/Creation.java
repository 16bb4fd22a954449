package io.rankwire.core;

import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.progress.Idles;
import io.rankwire.proto.Group;

/**
 * The creation of a communicator (dup, split, create-group, blocking or not) in flight: the
 * members' agreement on a new context pair, as a state machine driven by progress. Each step is
 * an all-gather on the round engine ({@link Rounds}, started without waiting) on the parent's
 * internal context; its completion, on whichever thread completed its last message, starts the
 * next step, so a started creation needs no thread of its own: any wait or test, any call that
 * makes progress, or the progress thread moves it on.
 *
 * <pre>
 *   queued --(the creations before it on the same parent and channel ended here)--> begun
 *   begun --> [gather split colours/keys] --> PROPOSE: gather every member's lowest free id
 *   PROPOSE gathered:  some member refused (a creation with a lower key runs there)
 *                        --> PROPOSE again; at once, or once this rank's turn came if it refused
 *                      otherwise candidate c = the largest proposal --> TAKE: gather "took c here"
 *   TAKE gathered:     every member took c --> done: the new group on pair c
 *                      otherwise give c back here, floor = c + 2 --> PROPOSE again
 * </pre>
 *
 * <p>Every member sees the same gathered values, so all members take the same branch. A failed
 * message (a member gone, the engine closed) fails the creation: the pair taken here, if any, is
 * given back and the next creation queued behind it begins (and fails alike if the same member is
 * gone). The creation's result is read with {@link #group()} once {@link #isDone()}.
 */
public final class Creation
{
    /** What the agreed pair becomes for this rank: its new group, or null when it gets none. */
    @FunctionalInterface
    interface Result
    {
        /** {@code context}: the agreed pair; {@code prelude}: every member's prelude values, or null. */
        Group make(int context, int[] prelude);
    }

    private static final int PRELUDE = 0;
    private static final int PROPOSE = 1;
    private static final int TAKE = 2;

    private final Contexts contexts;
    private final ContextIds ids;
    private final Engine engine;
    private final Group group;
    private final int tag;
    private final long key;
    private final int[] prelude;
    private final Result result;
    private final CompletableFuture<Group> future = new CompletableFuture<>();
    private final Runnable resume = this::resume;
    private int[] gathered;
    private int phase;
    private int floor;
    private int proposal;
    private int candidate;
    private boolean took;
    private boolean begun;
    private boolean abandoned;
    private volatile boolean done;
    private volatile Group made;
    private volatile Throwable failure;

    Creation(
        final Contexts contexts, final ContextIds ids, final Engine engine, final Group group, final int tag,
        final long key, final int[] prelude, final Result result)
    {
        this.contexts = contexts;
        this.ids = ids;
        this.engine = engine;
        this.group = group;
        this.tag = tag;
        this.key = key;
        this.prelude = prelude;
        this.result = result;
    }

    long key()
    {
        return key;
    }

    /** Starts the agreement: this creation's turn on its key has come ({@link Contexts}). */
    void begin()
    {
        try
        {
            contexts.releaseHeldBack();
            ids.begin(key);
            begun = true;
            if (prelude != null)
            {
                gather(PRELUDE, prelude);
            }
            else
            {
                propose();
            }
        }
        catch (final Throwable ex)
        {
            fail(ex);
        }
    }

    private void propose()
    {
        proposal = ids.propose(key, floor);
        gather(PROPOSE, new int[] {proposal});
    }

    private void resume()
    {
        try
        {
            propose();
        }
        catch (final Throwable ex)
        {
            fail(ex);
        }
    }

    /** Starts an all-gather of {@code mine} (same length at every member) for {@code step}. */
    private void gather(final int step, final int[] mine)
    {
        phase = step;
        final int k = mine.length;
        final int[] all = new int[group.size() * k];
        System.arraycopy(mine, 0, all, group.rank() * k, k);
        final Rounds rounds = new Rounds(engine, group, tag).allGather(all, k);
        rounds.future().whenComplete((ignored, ex) -> gathered(all, ex));
        rounds.start();
    }

    private void gathered(final int[] all, final Throwable ex)
    {
        try
        {
            if (ex != null)
            {
                fail(ex);
            }
            else if (phase == PRELUDE)
            {
                gathered = all;
                propose();
            }
            else if (phase == PROPOSE)
            {
                proposed(all);
            }
            else
            {
                taken(all);
            }
        }
        catch (final Throwable t)
        {
            fail(t);
        }
    }

    private void proposed(final int[] proposals)
    {
        final int c = Contexts.agreedCandidate(proposals);
        if (c == ContextIds.NOT_MY_TURN)
        {
            if (proposal != ContextIds.NOT_MY_TURN || !ids.deferUntilTurn(key, resume))
            {
                propose(); // the members that may go on meet the refusing one in the next round
            }
            return;
        }
        candidate = c;
        took = ids.tryTake(c);
        gather(TAKE, new int[] {took ? 1 : 0});
    }

    private void taken(final int[] takes)
    {
        for (final int t : takes)
        {
            if (t == 0)
            {
                if (took)
                {
                    ids.release(candidate);
                    took = false;
                }
                floor = candidate + 2;
                propose();
                return;
            }
        }
        took = false; // the pair is the new communicator's now
        final Runnable next = ids.end(key);
        begun = false;
        Group g = null;
        Throwable ex = null;
        try
        {
            g = result.make(candidate, gathered);
        }
        catch (final Throwable t)
        {
            ids.release(candidate);
            ex = t;
        }
        complete(g, ex, next);
    }

    private void fail(final Throwable ex)
    {
        if (done)
        {
            return;
        }
        if (took)
        {
            ids.release(candidate);
            took = false;
        }
        Runnable next = null;
        if (begun)
        {
            next = ids.end(key);
            begun = false;
        }
        complete(null, ex, next);
    }

    private void complete(final Group g, final Throwable ex, final Runnable deferred)
    {
        final boolean giveBack;
        synchronized (this)
        {
            made = g;
            failure = ex;
            done = true;
            giveBack = abandoned && g != null;
        }
        if (giveBack)
        {
            contexts.release(g);
        }
        if (ex == null)
        {
            future.complete(g);
        }
        else
        {
            future.completeExceptionally(ex);
        }
        engine.wakeup().wake();
        contexts.ended(this);
        if (deferred != null)
        {
            deferred.run();
        }
    }

    // ---- the handle (any thread)

    /** True once this rank's part is done, successfully or not. */
    public boolean isDone()
    {
        return done;
    }

    /** The failure of a done creation, or null. */
    public Throwable failure()
    {
        return failure;
    }

    /**
     * The new group of a done creation (null for a rank a split left out).
     *
     * @throws IllegalStateException when not done
     * @throws RankwireException when the creation failed
     */
    public Group group()
    {
        if (!done)
        {
            throw new IllegalStateException("communicator creation : not completed (expected: a completed creation)");
        }
        final Throwable ex = failure;
        final Failures failures = engine.failures();
        if (ex instanceof RuntimeException)
        {
            throw failures.isFailure(ex) ? failures.failure("communicator creation failed: " + ex.getMessage(), ex)
                : (RuntimeException)ex;
        }
        if (ex != null)
        {
            throw failures.failure("communicator creation failed", ex);
        }
        return made;
    }

    /** Completes with the new group (exceptionally when the creation failed). */
    public CompletableFuture<Group> future()
    {
        return future;
    }

    /** Drives the engine once (which moves every started creation on); the work done. */
    public int progress()
    {
        return engine.progressOnce();
    }

    /** The engine the creation runs on. */
    public Engine engine()
    {
        return engine;
    }

    /**
     * Waits until done, driving progress (spin, yield, park), or until {@code timeoutNs} passed
     * ({@code 0}: no limit); true when done. With {@code abandon}, a creation the wait gave up on
     * gives its pair back should it complete later (the caller never gets its communicator).
     *
     * @throws RankwireException when the engine closed while waiting
     */
    public boolean await(final long timeoutNs, final boolean abandon)
    {
        final IdleStrategy idler = engine.idler();
        final long deadline = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
        Idles.begin(idler, deadline);
        while (!done)
        {
            final int work = engine.progressOnce();
            if (done)
            {
                break;
            }
            engine.serviceShutdownRequest();
            if (engine.isClosed() && !done)
            {
                throw engine.failure("rankwire: closed while waiting for a communicator creation");
            }
            if (deadline != 0 && System.nanoTime() - deadline > 0)
            {
                return !abandon ? false : abandonUnlessDone();
            }
            idler.idle(work);
        }
        return true;
    }

    private synchronized boolean abandonUnlessDone()
    {
        abandoned = !done;
        return done;
    }

    @Override
    public String toString()
    {
        return "Creation{parent=" + (key >>> 20) + ", channel=" + (key & 0xFFFFF) + ", step=" + phase + ", done=" + done + '}';
    }
}
