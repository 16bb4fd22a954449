package io.rankwire.coll;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;
import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * A nonblocking collective as a schedule of rounds, as libNBC builds them: each round is a list
 * of steps run in order when the round starts (local copies and reductions run at once, sends and
 * receives are posted on the call's tag of the communicator's internal context); a round ends
 * when every message it posted has completed, and the next one starts.
 *
 * <pre>
 *   round 0: [copy] [send a -> 1] [recv tmp from 3]      posted, then wait for both
 *   round 1: [reduce tmp into a] [send a -> 2] ...     starts when round 0's messages are done
 * </pre>
 *
 * <p>Progress: no thread of its own. Every operation the schedule posts carries a completion
 * action ({@link Operation#onComplete}) that the engine runs on whichever thread completed it
 * (a waiter of any request, a {@code test}, a send, the progress thread), after releasing the
 * engine lock; the action starts the next round when the current one is done. One thread at a
 * time advances a schedule (a work-in-progress counter); the others only record that there is
 * more to do. A failed message, or a failing local step, fails the whole schedule.
 */
public final class Schedule
{
    static final int SEND = 0;
    static final int RECV = 1;
    static final int COPY = 2;
    static final int REDUCE = 3;
    static final int SEND_REMOTE = 4;
    static final int RECV_REMOTE = 5;

    private static final byte[] EMPTY = new byte[0];

    /** One step: a message (buffer a, peer) or a local copy/reduction (a into b). */
    private static final class Step
    {
        final int kind;
        final Object a;
        final int aOff;
        final Object b;
        final int bOff;
        final int count;
        final int peer;
        final Reduction op;

        Step(final int kind, final Object a, final int aOff, final Object b, final int bOff, final int count, final int peer, final Reduction op)
        {
            this.kind = kind;
            this.a = a;
            this.aOff = aOff;
            this.b = b;
            this.bOff = bOff;
            this.count = count;
            this.peer = peer;
            this.op = op;
        }
    }

    private final Engine engine;
    private final Group group;
    private final int tag;
    private final Group remote;
    private final int remoteTag;
    private final List<Step[]> rounds = new ArrayList<>();
    private final List<Step> current = new ArrayList<>();
    private final AtomicInteger wip = new AtomicInteger();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final Runnable opDone = this::opDone;
    private final CompletableFuture<Void> future = new CompletableFuture<>();
    private Operation[] posted = new Operation[0];
    private int postedCount;
    private int next;
    private volatile boolean done;
    private volatile Throwable failure;

    Schedule(final Engine engine, final Group group, final int tag)
    {
        this(engine, group, tag, null, 0);
    }

    /**
     * A schedule of an inter-communicator's collective: {@code send}/{@code recv} address the
     * local group with {@code tag}, {@code sendRemote}/{@code recvRemote} the remote group with
     * {@code remoteTag} (both groups on one context, so the tags must differ).
     */
    Schedule(final Engine engine, final Group group, final int tag, final Group remote, final int remoteTag)
    {
        this.engine = engine;
        this.group = group;
        this.tag = tag;
        this.remote = remote;
        this.remoteTag = remoteTag;
    }

    int rank()
    {
        return group.rank();
    }

    int size()
    {
        return group.size();
    }

    // ---- building (the calling thread, before start)

    Schedule send(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(SEND, buf, off, null, 0, count, peer, null));
        return this;
    }

    Schedule recv(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(RECV, buf, off, null, 0, count, peer, null));
        return this;
    }

    /** A message to rank {@code peer} of the remote group (inter-communicator schedules only). */
    Schedule sendRemote(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(SEND_REMOTE, buf, off, null, 0, count, peer, null));
        return this;
    }

    /** A message from rank {@code peer} of the remote group (inter-communicator schedules only). */
    Schedule recvRemote(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(RECV_REMOTE, buf, off, null, 0, count, peer, null));
        return this;
    }

    /** An empty message to {@code peer} (barriers). */
    Schedule signal(final int peer)
    {
        return send(EMPTY, 0, 0, peer);
    }

    /** An empty message from {@code peer}. */
    Schedule awaitSignal(final int peer)
    {
        return recv(EMPTY, 0, 0, peer);
    }

    Schedule copy(final Object src, final int srcOff, final Object dst, final int dstOff, final int count)
    {
        current.add(new Step(COPY, src, srcOff, dst, dstOff, count, -1, null));
        return this;
    }

    /** {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]}. */
    Schedule reduce(final Reduction op, final Object in, final int inOff, final Object inout, final int ioOff, final int count)
    {
        current.add(new Step(REDUCE, in, inOff, inout, ioOff, count, -1, op));
        return this;
    }

    /** Ends the round being built (nothing happens for an empty one). */
    Schedule round()
    {
        if (!current.isEmpty())
        {
            rounds.add(current.toArray(new Step[0]));
            current.clear();
        }
        return this;
    }

    /** Ends the last round and starts the schedule; returns it. */
    Schedule start()
    {
        round();
        int most = 0;
        for (final Step[] r : rounds)
        {
            int messages = 0;
            for (final Step s : r)
            {
                messages += isMessage(s) ? 1 : 0;
            }
            most = Math.max(most, messages);
        }
        posted = new Operation[most];
        kick();
        return this;
    }

    // ---- running (any thread)

    /** True once this rank's part is done, successfully or not. */
    public boolean isDone()
    {
        return done;
    }

    /** The failure of a done schedule, or null. */
    public Throwable failure()
    {
        return failure;
    }

    /** Completes when the schedule is done (exceptionally when it failed). */
    public CompletableFuture<Void> future()
    {
        return future;
    }

    /** Drives the engine once (which advances every schedule whose messages completed). */
    public int progress()
    {
        final int work = engine.progressOnce();
        kick();
        return work;
    }

    /** The engine the schedule runs on. */
    public Engine engine()
    {
        return engine;
    }

    private void opDone()
    {
        outstanding.decrementAndGet();
        kick();
    }

    private void kick()
    {
        if (wip.getAndIncrement() != 0)
        {
            return;
        }
        int missed = 1;
        do
        {
            advance();
            missed = wip.addAndGet(-missed);
        }
        while (missed != 0);
    }

    private void advance()
    {
        try
        {
            while (!done && outstanding.get() == 0)
            {
                checkRound();
                if (next == rounds.size())
                {
                    finish(null);
                    return;
                }
                startRound(rounds.get(next++));
            }
        }
        catch (final Throwable ex)
        {
            finish(ex);
        }
    }

    /** Throws the failure of any message of the round that just ended. */
    private void checkRound()
    {
        for (int i = 0; i < postedCount; i++)
        {
            final Operation op = posted[i];
            posted[i] = null;
            op.awaitOk("collective message");   // done: returns at once, or throws its failure
        }
        postedCount = 0;
    }

    private void startRound(final Step[] steps)
    {
        int messages = 0;
        for (final Step s : steps)
        {
            messages += isMessage(s) ? 1 : 0;
        }
        outstanding.set(messages);
        for (final Step s : steps)
        {
            switch (s.kind)
            {
                case COPY:
                    Bufs.copy(s.a, s.aOff, s.b, s.bOff, s.count);
                    break;
                case REDUCE:
                    s.op.apply(s.a, s.aOff, s.b, s.bOff, s.count);
                    break;
                default:
                    post(s);
                    break;
            }
        }
    }

    private static boolean isMessage(final Step s)
    {
        return s.kind == SEND || s.kind == RECV || s.kind == SEND_REMOTE || s.kind == RECV_REMOTE;
    }

    private void post(final Step s)
    {
        final Operation op = engine.newOp(false);
        Bufs.view(op.buf(), s.a, s.aOff, s.count);
        op.onComplete(opDone);
        posted[postedCount++] = op;
        final boolean far = s.kind == SEND_REMOTE || s.kind == RECV_REMOTE;
        final Group g = far ? remote : group;
        final int t = far ? remoteTag : tag;
        if (s.kind == SEND || s.kind == SEND_REMOTE)
        {
            engine.send(op, g.worldRank(s.peer), Envelope.pack(g.internalContext(), g.rank(), t), false);
        }
        else
        {
            engine.recv(op, Envelope.pack(g.internalContext(), s.peer, t), Envelope.FULL_MASK, g.worldRank(s.peer), g);
        }
    }

    private void finish(final Throwable ex)
    {
        failure = ex;
        done = true;
        if (ex == null)
        {
            future.complete(null);
        }
        else
        {
            future.completeExceptionally(ex);
        }
        engine.wakeup().wake();
    }

    @Override
    public String toString()
    {
        return "Schedule{tag=" + tag + ", round=" + next + "/" + rounds.size() + ", done=" + done + '}';
    }
}
