package io.rankwire.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * The round engine every collective of the runtime runs on: the engine's own agreements (barrier,
 * the all-gathers that settle context ids) and the collectives package's schedules. A collective
 * is a list of rounds, as libNBC builds them; each round is a list of steps run in order when the
 * round starts (local steps run at once, sends and receives are posted on one tag of the
 * communicator's internal context, addressed by communicator rank); a round ends when every
 * message it posted has completed, and the next one starts.
 *
 * <pre>
 *   round 0: [local] [send a -> 1] [recv tmp from 3]     posted, then wait for both
 *   round 1: [local] [send a -> 2] ...                   starts when round 0's messages are done
 * </pre>
 *
 * <p>Within a round, messages between a pair of ranks match in the order they were added
 * (non-overtaking), and a later round's only after the earlier round's, so one tag serves a
 * whole collective.
 *
 * <p>Two ways to run the same rounds:
 * <ul>
 *   <li>{@link #run()} blocks the calling thread: each round's messages are pooled operations it
 *       waits for with the engine's waiter (spin, yield, park; the call timeout; the engine
 *       closing), then returns to the pool;</li>
 *   <li>{@link #start()} returns at once: every operation carries a completion action
 *       ({@link Operation#onComplete}) that the engine runs on whichever thread completed it (a
 *       waiter of any request, a {@code test}, a send, the progress thread), after releasing the
 *       engine lock; the action starts the next round when the current one is done. One thread at
 *       a time advances the rounds (a work-in-progress counter); the others only record that
 *       there is more to do.</li>
 * </ul>
 * A failed message, or a failing local step, fails the whole collective: {@link #run()} throws
 * it, a started one completes with it ({@link #failure()}, {@link #future()}).
 */
public final class Rounds
{
    private static final int SEND = 0;
    private static final int RECV = 1;
    private static final int SEND_REMOTE = 2;
    private static final int RECV_REMOTE = 3;
    private static final int LOCAL = 4;
    private static final byte[] EMPTY = new byte[0];

    /** One step: a message ({@code count} elements of {@code buf} from {@code off}, peer) or a local step. */
    private static final class Step
    {
        final int kind;
        final Object buf;
        final int off;
        final int count;
        final int peer;
        final Runnable local;

        Step(final int kind, final Object buf, final int off, final int count, final int peer, final Runnable local)
        {
            this.kind = kind;
            this.buf = buf;
            this.off = off;
            this.count = count;
            this.peer = peer;
            this.local = local;
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

    /** Rounds of one collective of {@code group} on {@code tag} (negative) of its internal context. */
    public Rounds(final Engine engine, final Group group, final int tag)
    {
        this(engine, group, tag, null, 0);
    }

    /**
     * Rounds of an inter-communicator's collective: {@code send}/{@code recv} address the local
     * {@code group} on {@code tag}, {@code sendRemote}/{@code recvRemote} the {@code remote} group
     * on {@code remoteTag} (both groups share one context, so the tags must differ).
     */
    public Rounds(final Engine engine, final Group group, final int tag, final Group remote, final int remoteTag)
    {
        this.engine = engine;
        this.group = group;
        this.tag = tag;
        this.remote = remote;
        this.remoteTag = remoteTag;
    }

    /** This rank in the communicator. */
    public int rank()
    {
        return group.rank();
    }

    /** The communicator's size. */
    public int size()
    {
        return group.size();
    }

    // ---- building (the calling thread, before start or run)

    /** Sends {@code count} elements of primitive array {@code buf} from {@code off} to {@code peer}. */
    public Rounds send(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(SEND, buf, off, count, peer, null));
        return this;
    }

    /** Receives {@code count} elements into primitive array {@code buf} at {@code off} from {@code peer}. */
    public Rounds recv(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(RECV, buf, off, count, peer, null));
        return this;
    }

    /** Sends to rank {@code peer} of the remote group (inter-communicator rounds only). */
    public Rounds sendRemote(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(SEND_REMOTE, buf, off, count, peer, null));
        return this;
    }

    /** Receives from rank {@code peer} of the remote group (inter-communicator rounds only). */
    public Rounds recvRemote(final Object buf, final int off, final int count, final int peer)
    {
        current.add(new Step(RECV_REMOTE, buf, off, count, peer, null));
        return this;
    }

    /** An empty message to {@code peer} (barriers). */
    public Rounds signal(final int peer)
    {
        return send(EMPTY, 0, 0, peer);
    }

    /** An empty message from {@code peer}. */
    public Rounds awaitSignal(final int peer)
    {
        return recv(EMPTY, 0, 0, peer);
    }

    /** A local step (a copy, a reduction) run when its round starts, before the round's later steps. */
    public Rounds local(final Runnable step)
    {
        current.add(new Step(LOCAL, null, 0, 0, -1, step));
        return this;
    }

    /** Ends the round being built (nothing happens for an empty one). */
    public Rounds round()
    {
        if (!current.isEmpty())
        {
            rounds.add(current.toArray(new Step[0]));
            current.clear();
        }
        return this;
    }

    /**
     * Adds a dissemination barrier: in round k every rank signals {@code me + 2^k} and hears from
     * {@code me - 2^k} (mod n), ceil(log2 n) rounds of empty messages.
     */
    public Rounds barrier()
    {
        round();
        final int n = size();
        final int me = rank();
        for (int k = 1; k < n; k <<= 1)
        {
            awaitSignal((me - k + n) % n).signal((me + k) % n).round();
        }
        return this;
    }

    /**
     * Adds a one-round all-gather of {@code k} elements per rank: this rank's block is already at
     * {@code all[rank * k, + k)}; it is sent to every other member, whose blocks are received in
     * place. Latency-bound (all messages at once), for the few values the engine agrees on.
     */
    public Rounds allGather(final Object all, final int k)
    {
        round();
        final int n = size();
        final int me = rank();
        for (int r = 0; r < n; r++)
        {
            if (r != me)
            {
                recv(all, r * k, k, r);
            }
        }
        for (int r = 0; r < n; r++)
        {
            if (r != me)
            {
                send(all, me * k, k, r);
            }
        }
        return round();
    }

    // ---- running

    /**
     * Runs every round on the calling thread and returns when this rank's part is done.
     *
     * @throws io.rankwire.RankwireException when a message failed, the engine closed or the call
     *     timeout passed; a local step's exception as it was thrown
     */
    public void run()
    {
        prepare();
        while (next < rounds.size())
        {
            startRound(rounds.get(next++), true);
            for (int i = 0; i < postedCount; i++)
            {
                final Operation op = posted[i];
                posted[i] = null;
                op.awaitOk("collective message");
                engine.recycle(op);
            }
            postedCount = 0;
        }
        done = true;
        future.complete(null);
    }

    /** Ends the last round and starts the rounds without waiting; returns this. */
    public Rounds start()
    {
        prepare();
        kick();
        return this;
    }

    /** True once this rank's part is done, successfully or not. */
    public boolean isDone()
    {
        return done;
    }

    /** The failure of a done collective, or null. */
    public Throwable failure()
    {
        return failure;
    }

    /** Completes when the collective is done (exceptionally when it failed). */
    public CompletableFuture<Void> future()
    {
        return future;
    }

    /** Drives the engine once (which advances every started collective whose messages completed). */
    public int progress()
    {
        final int work = engine.progressOnce();
        kick();
        return work;
    }

    /** The engine the rounds run on. */
    public Engine engine()
    {
        return engine;
    }

    private void prepare()
    {
        round();
        int most = 0;
        for (final Step[] r : rounds)
        {
            most = Math.max(most, messages(r));
        }
        posted = new Operation[most];
    }

    private static int messages(final Step[] steps)
    {
        int messages = 0;
        for (final Step s : steps)
        {
            messages += s.kind < LOCAL ? 1 : 0;
        }
        return messages;
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
                startRound(rounds.get(next++), false);
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

    private void startRound(final Step[] steps, final boolean blocking)
    {
        if (!blocking)
        {
            outstanding.set(messages(steps));
        }
        for (final Step s : steps)
        {
            if (s.kind == LOCAL)
            {
                s.local.run();
            }
            else
            {
                post(s, blocking);
            }
        }
    }

    /** Posts a message step: a pooled operation the caller waits for, or one with a completion action. */
    private void post(final Step s, final boolean blocking)
    {
        final Operation op = engine.newOp(blocking);
        op.buf().array(s.buf, s.off, s.count);
        if (!blocking)
        {
            op.onComplete(opDone);
        }
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
        return "Rounds{tag=" + tag + ", round=" + next + "/" + rounds.size() + ", done=" + done + '}';
    }
}
