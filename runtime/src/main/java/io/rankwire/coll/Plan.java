package io.rankwire.coll;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;
import io.rankwire.core.Rounds;
import io.rankwire.match.Envelope;
import io.rankwire.proto.Group;

/**
 * The rounds of one collective call, as libNBC builds a schedule: each round is a list of steps
 * run in order when the round starts (copies and reductions at once; sends and receives posted on
 * the call's tag of the communicator's internal context, addressed by communicator rank); a round
 * ends when every message it posted has completed, and the next one starts. Within a call,
 * messages between a pair of ranks match in the order they were added (non-overtaking), which
 * every algorithm relies on.
 *
 * <pre>
 *   round 0: [copy] [recv tmp from 3] [send a -> 1]     posted, then wait for both
 *   round 1: [reduce tmp into a] [send a -> 2] ...     starts when round 0's messages are done
 * </pre>
 *
 * Every algorithm of this package adds its rounds to a plan, once, and the plan runs either way:
 * <ul>
 *   <li>{@link #run()}, a blocking call: the calling thread runs the rounds, waiting for each
 *       round's messages (pooled operations) with the engine's waiter;</li>
 *   <li>{@link #start()}, a nonblocking call: the rounds go to the engine's round engine
 *       ({@link Rounds}) as a {@link Schedule}, which the engine's progress advances.</li>
 * </ul>
 * A plan keeps its steps in arrays that grow as needed, and is reused: its communicator lends
 * the same plan to call after call ({@link #take}), so the rounds of a blocking call cost no
 * allocation. A plan is used by one call at a time; a call that finds it lent out gets a new one,
 * and a plan grown past {@link #KEPT_STEPS} is not kept.
 */
final class Plan
{
    private static final int SEND = 0;
    private static final int RECV = 1;
    private static final int SEND_REMOTE = 2;
    private static final int RECV_REMOTE = 3;
    private static final int COPY = 4;
    private static final int REDUCE = 5;
    private static final int BARRIER = 6;
    /**
     * The most steps a plan keeps room for once given back: a larger one (a segmented broadcast
     * of many segments, an all-to-all of hundreds of ranks) is dropped rather than kept by its
     * communicator for good.
     */
    static final int KEPT_STEPS = 1024;

    private final Engine engine;
    private final Group group;
    private final Group remote;
    private final AtomicReference<Plan> home;
    private int tag;
    private int remoteTag;

    // step i: kinds[i]; a message of counts[i] elements of xs[i] from as[i] with peer bs[i]; a copy
    // of xs[i] from as[i] to ys[i] at bs[i]; a reduction ops[i] of xs[i] from as[i] into ys[i] at bs[i]
    private int[] kinds = new int[16];
    private Object[] xs = new Object[16];
    private int[] as = new int[16];
    private Object[] ys = new Object[16];
    private int[] bs = new int[16];
    private int[] counts = new int[16];
    private Reduction[] ops = new Reduction[16];
    private int steps;
    /** Round r holds the steps from {@code ends[r - 1]} (0 for the first) to {@code ends[r]}. */
    private int[] ends = new int[8];
    private int rounds;
    private Operation[] posted = new Operation[4];

    private Plan(final Engine engine, final Group group, final Group remote, final AtomicReference<Plan> home)
    {
        this.engine = engine;
        this.group = group;
        this.remote = remote;
        this.home = home;
    }

    /**
     * A plan for the next call of a communicator of {@code group} on {@code tag}: the one
     * {@code home} holds, or a new one when it is lent out; it goes back to {@code home} once run
     * or started.
     */
    static Plan take(final AtomicReference<Plan> home, final Engine engine, final Group group, final int tag)
    {
        return take(home, engine, group, tag, null, 0);
    }

    /**
     * A plan of an inter-communicator's call: {@code send}/{@code recv} address the local
     * {@code group} on {@code tag}, {@code sendRemote}/{@code recvRemote} the {@code remote} group
     * on {@code remoteTag} (both groups share one context, so the tags must differ).
     */
    static Plan take(
        final AtomicReference<Plan> home, final Engine engine, final Group group, final int tag, final Group remote, final int remoteTag)
    {
        Plan p = home.getAndSet(null);
        if (p == null)
        {
            p = new Plan(engine, group, remote, home);
        }
        p.tag = tag;
        p.remoteTag = remoteTag;
        return p;
    }

    int rank()
    {
        return group.rank();
    }

    int size()
    {
        return group.size();
    }

    // ---- building

    Plan send(final Object buf, final int off, final int count, final int peer)
    {
        return add(SEND, buf, off, null, peer, count, null);
    }

    Plan recv(final Object buf, final int off, final int count, final int peer)
    {
        return add(RECV, buf, off, null, peer, count, null);
    }

    /** A message to rank {@code peer} of the remote group (inter-communicator plans only). */
    Plan sendRemote(final Object buf, final int off, final int count, final int peer)
    {
        return add(SEND_REMOTE, buf, off, null, peer, count, null);
    }

    /** A message from rank {@code peer} of the remote group (inter-communicator plans only). */
    Plan recvRemote(final Object buf, final int off, final int count, final int peer)
    {
        return add(RECV_REMOTE, buf, off, null, peer, count, null);
    }

    Plan copy(final Object src, final int srcOff, final Object dst, final int dstOff, final int count)
    {
        return add(COPY, src, srcOff, dst, dstOff, count, null);
    }

    /** {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]}. */
    Plan reduce(final Reduction op, final Object in, final int inOff, final Object inout, final int ioOff, final int count)
    {
        return add(REDUCE, in, inOff, inout, ioOff, count, op);
    }

    /** The engine's dissemination barrier ({@link Rounds#barrier()}), in rounds of its own. */
    Plan barrier()
    {
        round();
        add(BARRIER, null, 0, null, 0, 0, null);
        return round();
    }

    /** Ends the round being built (nothing happens for an empty one). */
    Plan round()
    {
        final int start = rounds == 0 ? 0 : ends[rounds - 1];
        if (steps > start)
        {
            if (rounds == ends.length)
            {
                ends = Arrays.copyOf(ends, 2 * rounds);
            }
            ends[rounds++] = steps;
        }
        return this;
    }

    private Plan add(final int kind, final Object x, final int a, final Object y, final int b, final int count, final Reduction op)
    {
        if (steps == kinds.length)
        {
            grow();
        }
        kinds[steps] = kind;
        xs[steps] = x;
        as[steps] = a;
        ys[steps] = y;
        bs[steps] = b;
        counts[steps] = count;
        ops[steps] = op;
        steps++;
        return this;
    }

    private void grow()
    {
        final int n = 2 * kinds.length;
        kinds = Arrays.copyOf(kinds, n);
        xs = Arrays.copyOf(xs, n);
        as = Arrays.copyOf(as, n);
        ys = Arrays.copyOf(ys, n);
        bs = Arrays.copyOf(bs, n);
        counts = Arrays.copyOf(counts, n);
        ops = Arrays.copyOf(ops, n);
    }

    // ---- running

    /**
     * Runs every round on the calling thread and returns when this rank's part is done.
     *
     * @throws io.rankwire.RankwireException when a message failed, the engine closed or the call
     *     timeout passed; a local step's exception as it was thrown
     */
    void run()
    {
        round();
        try
        {
            int step = 0;
            for (int r = 0; r < rounds; r++)
            {
                int messages = 0;
                for (; step < ends[r]; step++)
                {
                    switch (kinds[step])
                    {
                        case COPY:
                            Bufs.copy(xs[step], as[step], ys[step], bs[step], counts[step]);
                            break;
                        case REDUCE:
                            ops[step].apply(xs[step], as[step], ys[step], bs[step], counts[step]);
                            break;
                        case BARRIER:
                            new Rounds(engine, group, tag).barrier().run();
                            break;
                        default:
                            if (messages == posted.length)
                            {
                                posted = Arrays.copyOf(posted, 2 * messages);
                            }
                            posted[messages++] = post(step);
                            break;
                    }
                }
                for (int i = 0; i < messages; i++)
                {
                    final Operation op = posted[i];
                    posted[i] = null;
                    op.awaitOk("collective message");
                    engine.recycle(op);
                }
            }
        }
        finally
        {
            giveBack();
        }
    }

    /** A pooled operation for message step {@code i}, posted. */
    private Operation post(final int i)
    {
        final Operation op = engine.newOp(true);
        op.buf().array(xs[i], as[i], counts[i]);
        final boolean far = kinds[i] == SEND_REMOTE || kinds[i] == RECV_REMOTE;
        final Group g = far ? remote : group;
        final int t = far ? remoteTag : tag;
        if (kinds[i] == SEND || kinds[i] == SEND_REMOTE)
        {
            engine.send(op, g.worldRank(bs[i]), Envelope.pack(g.internalContext(), g.rank(), t), false);
        }
        else
        {
            engine.recv(op, Envelope.pack(g.internalContext(), bs[i], t), Envelope.FULL_MASK, g.worldRank(bs[i]), g);
        }
        return op;
    }

    /** Hands the rounds to the engine's round engine and starts them; returns the started schedule. */
    Schedule start()
    {
        round();
        final Rounds r = remote == null ? new Rounds(engine, group, tag) : new Rounds(engine, group, tag, remote, remoteTag);
        int step = 0;
        for (int k = 0; k < rounds; k++)
        {
            for (; step < ends[k]; step++)
            {
                final Object x = xs[step];
                final int a = as[step];
                final Object y = ys[step];
                final int b = bs[step];
                final int count = counts[step];
                switch (kinds[step])
                {
                    case SEND:
                        r.send(x, a, count, b);
                        break;
                    case RECV:
                        r.recv(x, a, count, b);
                        break;
                    case SEND_REMOTE:
                        r.sendRemote(x, a, count, b);
                        break;
                    case RECV_REMOTE:
                        r.recvRemote(x, a, count, b);
                        break;
                    case COPY:
                        r.local(() -> Bufs.copy(x, a, y, b, count));
                        break;
                    case REDUCE:
                        final Reduction op = ops[step];
                        r.local(() -> op.apply(x, a, y, b, count));
                        break;
                    default:
                        r.barrier();
                        break;
                }
            }
            r.round();
        }
        giveBack();
        return new Schedule(r.start());
    }

    /** Forgets the steps (and the arrays they name) and returns this plan to its communicator, unless it grew too large. */
    private void giveBack()
    {
        for (int i = 0; i < steps; i++)
        {
            xs[i] = null;
            ys[i] = null;
            ops[i] = null;
        }
        Arrays.fill(posted, null);   // a round cut short by a failure leaves its operations here
        steps = 0;
        rounds = 0;
        if (kinds.length <= KEPT_STEPS)
        {
            home.lazySet(this);   // a release store: the next take's getAndSet sees the cleared plan
        }
    }
}
