package io.rankwire.coll;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;

/**
 * The collectives of one inter-communicator (MPI 4.1 section 6.2.2): each call checks its
 * arguments, takes the next call number, builds a {@link Plan} over both groups and starts
 * it as a {@link Schedule}. Blocking calls wait for the schedule they start, so blocking and
 * nonblocking calls share one algorithm each.
 *
 * <p>Both groups' messages travel on the inter-communicator's internal context, with two tags
 * per call: one for messages within the local group, one for messages between the groups (a
 * source field holds a rank of the sender's own group in both cases, so only the tag tells them
 * apart). The tags lie below those of the intra-communicator collectives and above those of the
 * context agreement, so neither can take them:
 *
 * <pre>
 *   call k:  local traffic   -4096 - 2^16     - (k mod 2^16)     (-69632 .. -135167)
 *            remote traffic  -4096 - 2 * 2^16 - (k mod 2^16)     (-135168 .. -200703)
 * </pre>
 *
 * <p>Roots: in the group holding the root, the root passes {@link #ROOT} and the others
 * {@link #PROC_NULL}; in the other group every member passes the root's rank in its group.
 */
public final class InterCollectives
{
    /** The root argument of the root itself in a rooted collective (MPI_ROOT). */
    public static final int ROOT = -4;
    /** The root argument of the other members of the root's group (MPI_PROC_NULL). */
    public static final int PROC_NULL = -2;

    private static final int LOCAL_BASE = Collectives.TAG_BASE - 0x10000;
    private static final int REMOTE_BASE = Collectives.TAG_BASE - 0x20000;

    private final Engine engine;
    private final Group local;
    private final Group remote;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicReference<Plan> plan = new AtomicReference<>();
    private final InterMoves moves = new InterMoves(this);

    /**
     * @param local  the local group (this rank's place in it) on the inter-communicator's context
     * @param remote the remote group, with this rank's local rank, on the same context
     */
    public InterCollectives(final Engine engine, final Group local, final Group remote)
    {
        this.engine = engine;
        this.local = local;
        this.remote = remote;
    }

    /** The collectives that move data without reducing it (gathers, scatters, all-to-all). */
    public InterMoves moves()
    {
        return moves;
    }

    /** The plan of the next call: its own local and remote tags. */
    Plan plan()
    {
        final int k = calls.getAndIncrement() & 0xFFFF;
        return Plan.take(plan, engine, local, LOCAL_BASE - k, remote, REMOTE_BASE - k);
    }

    /** The size of the remote group. */
    public int remoteSize()
    {
        return remote.size();
    }

    /** The size of the local group. */
    public int localSize()
    {
        return local.size();
    }

    int localRank()
    {
        return local.rank();
    }

    /**
     * The role a root argument gives this rank: {@link #ROOT}, {@link #PROC_NULL} or a rank of the
     * remote group (this rank is then in the receiving or sending group).
     */
    int root(final int root)
    {
        if (root != ROOT && root != PROC_NULL && (root < 0 || root >= remote.size()))
        {
            throw new IllegalArgumentException("root : " + root + " (expected: ROOT (" + ROOT + "), PROC_NULL (" + PROC_NULL +
                ") or 0.." + (remote.size() - 1) + ", a rank of the remote group)");
        }
        return root;
    }

    static void notInPlace(final Object buf, final String name)
    {
        if (buf == Collectives.IN_PLACE)
        {
            throw new IllegalArgumentException(name + " : IN_PLACE (expected: a buffer; an inter-communicator has no in-place form)");
        }
    }

    /** Local dissemination barrier, the leaders' exchange, then a local broadcast from the leader. */
    public Schedule barrier()
    {
        final Plan s = plan().barrier();
        if (local.rank() == 0)
        {
            s.recvRemote(new byte[0], 0, 0, 0).sendRemote(new byte[0], 0, 0, 0).round();
        }
        Trees.bcastBinomial(s, new byte[0], 0, 0, 0);
        return s.start();
    }

    /** The root sends to the remote leader, which broadcasts within its group. */
    public Schedule bcast(final Object buf, final int off, final int count, final int root)
    {
        root(root);
        if (root != PROC_NULL)
        {
            Bufs.check(buf, off, count, "buffer");
        }
        final Plan s = plan();
        if (root == ROOT)
        {
            s.sendRemote(buf, off, count, 0);
        }
        else if (root != PROC_NULL)
        {
            if (local.rank() == 0)
            {
                s.recvRemote(buf, off, count, root).round();
            }
            Trees.bcastBinomial(s, buf, off, count, 0);
        }
        return s.start();
    }

    /** The sending group reduces to its leader, which sends the result to the root. */
    public Schedule reduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final int root)
    {
        root(root);
        Checks.op(op);
        final Plan s = plan();
        if (root == ROOT)
        {
            Bufs.check(recv, recvOff, count, "recvBuf");
            op.check(recv, count);
            s.recvRemote(recv, recvOff, count, 0);
        }
        else if (root != PROC_NULL)
        {
            notInPlace(send, "sendBuf");
            final Object work = localReduce(s, send, sendOff, count, op);
            if (local.rank() == 0)
            {
                s.sendRemote(work, 0, count, root);
            }
        }
        return s.start();
    }

    /**
     * Each group reduces to its leader; the leaders swap their results, and each broadcasts the
     * other group's result within its own.
     */
    public Schedule allReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        notInPlace(send, "sendBuf");
        Checks.reduceBufs(send, sendOff, recv, recvOff, count, op);
        final Plan s = plan();
        final Object work = localReduce(s, send, sendOff, count, op);
        if (local.rank() == 0)
        {
            s.recvRemote(recv, recvOff, count, 0).sendRemote(work, 0, count, 0).round();
        }
        Trees.bcastBinomial(s, recv, recvOff, count, 0);
        return s.start();
    }

    /**
     * Each group reduces its vectors of {@code sum(counts)} elements to its leader; the leaders
     * swap their results, and each scatters the other group's result within its own by
     * {@code counts} (one entry per local rank).
     */
    public Schedule reduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        notInPlace(send, "sendBuf");
        final int n = local.size();
        final int me = local.rank();
        if (counts == null || counts.length != n)
        {
            throw new IllegalArgumentException("counts.length : " + (counts == null ? "null" : counts.length) +
                " (expected: " + n + ", the local group's size)");
        }
        final int[] displs = new int[n];
        long total = 0;
        for (int r = 0; r < n; r++)
        {
            Checks.count(counts[r], counts[r]);
            displs[r] = (int)total;
            total += counts[r];
        }
        Bufs.check(send, sendOff, total, "sendBuf");
        Checks.reduceBufs(send, sendOff, recv, recvOff, counts[me], op);
        final Plan s = plan();
        final Object work = localReduce(s, send, sendOff, (int)total, op);
        final Object result = me == 0 ? Bufs.alloc(send, (int)total) : null;
        if (me == 0)
        {
            s.recvRemote(result, 0, (int)total, 0).sendRemote(work, 0, (int)total, 0).round();
        }
        Linear.scatterv(s, result, counts, displs, recv, recvOff, counts[me], 0, false);
        return s.start();
    }

    /** Copies {@code send} and adds a binomial reduce of the copy to local rank 0; returns the copy. */
    private Object localReduce(final Plan s, final Object send, final int sendOff, final int count, final Reduction op)
    {
        Bufs.check(send, sendOff, count, "sendBuf");
        op.check(send, count);
        final Object work = Bufs.alloc(send, count);
        Bufs.copy(send, sendOff, work, 0, count);
        if (local.size() > 1)
        {
            Trees.reduceBinomial(s, op, work, 0, count, 0, work, 0);
        }
        s.round();
        return work;
    }
}
