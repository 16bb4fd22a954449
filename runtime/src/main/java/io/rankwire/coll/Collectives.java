package io.rankwire.coll;

import java.util.Map;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;

/**
 * The collectives of one communicator: argument checks, the choice of algorithm by size, rank
 * count and settings, and a fresh internal tag per call. Buffers are primitive arrays with
 * element offsets and counts; {@link #IN_PLACE} stands for "the data is already in the receive
 * buffer" where MPI allows it.
 *
 * <p>Tags: call number {@code k} on a communicator uses tag {@code TAG_BASE - (k mod 2^16)} on
 * the communicator's internal context, so user traffic (non-negative tags, user context) and the
 * runtime's own internal traffic (tags above {@code TAG_BASE}) never match it, and two calls in
 * a row cannot be confused even when a fast rank starts the next one early.
 */
public final class Collectives
{
    /** Marker for in-place collectives: pass it as the send buffer. */
    public static final Object IN_PLACE = new Object()
    {
        @Override
        public String toString()
        {
            return "IN_PLACE";
        }
    };

    static final int TAG_BASE = -4096;

    private final CollContext ctx;
    private final Group group;
    private final CollSettings settings;
    private final DataMovement data;
    private final Nonblocking nonblocking;

    public Collectives(final Engine engine, final Group group, final Map<String, String> settings)
    {
        this.ctx = new CollContext(engine, group, new CollSettings(settings));
        this.group = group;
        this.settings = ctx.settings;
        this.data = new DataMovement(ctx);
        this.nonblocking = new Nonblocking(ctx);
    }

    /** The nonblocking collectives, each a {@link Schedule} driven by the engine's progress. */
    public Nonblocking nonblocking()
    {
        return nonblocking;
    }

    /** The collectives that move data without reducing it: gathers, scatters, all-to-all. */
    public DataMovement data()
    {
        return data;
    }

    private Channel channel()
    {
        return ctx.channel();
    }

    private int root(final int root)
    {
        return ctx.root(root);
    }

    public void bcast(final Object buf, final int off, final int count, final int root)
    {
        run(bcastTask(buf, off, count, root));
    }

    private Runnable bcastTask(final Object buf, final int off, final int count, final int root)
    {
        Bufs.check(buf, off, count, "buffer");
        root(root);
        final int n = group.size();
        if (n == 1)
        {
            return null;
        }
        final int elemSize = Bufs.elemSize(buf);
        final Channel ch = channel();
        final CollSettings.Bcast alg = Choices.bcast(settings, (long)count * elemSize, n, count);
        switch (alg)
        {
            case SCATTERALLGATHER:
                return () -> Trees.bcastScatterAllgather(ch, buf, off, count, root);
            case PIPELINE:
            case PIPELINEBINOMIAL:
                final int segment = Math.max(1, settings.bcastSegmentBytes / elemSize);
                return () -> Pipelines.bcast(ch, buf, off, count, root, segment, alg == CollSettings.Bcast.PIPELINE);
            default:
                return () -> Trees.bcastBinomial(ch, buf, off, count, root);
        }
    }

    public void reduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final int root)
    {
        root(root);
        final boolean isRoot = group.rank() == root;
        final boolean inPlace = send == IN_PLACE;
        if (inPlace && !isRoot)
        {
            throw new IllegalArgumentException("sendBuf : IN_PLACE (expected: IN_PLACE only at the root)");
        }
        final Object work;
        final int workOff;
        if (isRoot)
        {
            Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
            if (!inPlace)
            {
                Bufs.copy(send, sendOff, recv, recvOff, count);
            }
            work = recv;
            workOff = recvOff;
        }
        else
        {
            Bufs.check(send, sendOff, count, "sendBuf");
            Checks.op(op);
            work = Bufs.alloc(send, count);
            workOff = 0;
            Bufs.copy(send, sendOff, work, 0, count);
        }
        if (group.size() > 1)
        {
            if (Choices.reduceRabenseifner(settings, count, Bufs.elemSize(work), group.size(), op))
            {
                Reduces.rabenseifner(channel(), op, work, workOff, count, root);
            }
            else
            {
                Trees.reduceBinomial(channel(), op, work, workOff, count, root);
            }
        }
    }

    public void allReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        run(allReduceTask(send, sendOff, recv, recvOff, count, op));
    }

    private Runnable allReduceTask(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        final boolean inPlace = send == IN_PLACE;
        Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
        if (!inPlace)
        {
            Bufs.copy(send, sendOff, recv, recvOff, count);
        }
        if (group.size() == 1)
        {
            return null;
        }
        final Channel ch = channel();
        switch (allReduceAlgorithm(count, Bufs.elemSize(recv), op))
        {
            case RABENSEIFNER:
                return () -> AllReduces.rabenseifner(ch, op, recv, recvOff, count);
            case RING:
                return () -> AllReduces.ring(ch, op, recv, recvOff, count);
            default:
                return () -> AllReduces.recursiveDoubling(ch, op, recv, recvOff, count);
        }
    }

    private static void run(final Runnable task)
    {
        if (task != null)
        {
            task.run();
        }
    }

    private CollSettings.AllReduce allReduceAlgorithm(final int count, final int elemSize, final Reduction op)
    {
        final CollSettings.AllReduce forced = settings.allReduce;
        final boolean pairs = op.isPairwise();
        if (!op.isCommutative() || pairs)
        {
            return CollSettings.AllReduce.RECURSIVEDOUBLING;
        }
        if (forced != CollSettings.AllReduce.AUTO)
        {
            return forced;
        }
        final long bytes = (long)count * elemSize;
        if (count < group.size())
        {
            return CollSettings.AllReduce.RECURSIVEDOUBLING;
        }
        if (bytes >= settings.allReduceRingBytes)
        {
            return CollSettings.AllReduce.RING;
        }
        return bytes >= settings.allReduceLargeBytes ? CollSettings.AllReduce.RABENSEIFNER : CollSettings.AllReduce.RECURSIVEDOUBLING;
    }

    public void reduceScatterBlock(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        final int[] counts = new int[group.size()];
        java.util.Arrays.fill(counts, count);
        reduceScatter(send, sendOff, recv, recvOff, counts, op);
    }

    /**
     * Reduces {@code sum(counts)} elements and leaves block r (of {@code counts[r]} elements) at
     * rank r. In place: the input is {@code recv[recvOff, + sum(counts))} and the result goes to
     * its start.
     */
    public void reduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        final int n = group.size();
        final int me = group.rank();
        if (counts.length != n)
        {
            throw new IllegalArgumentException("counts.length : " + counts.length + " (expected: " + n + ")");
        }
        long total = 0;
        for (final int c : counts)
        {
            Checks.count(c, c);
            total += c;
        }
        final boolean inPlace = send == IN_PLACE;
        final Object input = inPlace ? recv : send;
        final int inputOff = inPlace ? recvOff : sendOff;
        Bufs.check(input, inputOff, total, inPlace ? "recvBuf" : "sendBuf");
        Checks.reduceBufs(input, inputOff, recv, recvOff, counts[me], op);
        final Object work = Bufs.alloc(input, (int)total);
        Bufs.copy(input, inputOff, work, 0, (int)total);
        final int[] displs = new int[n];
        for (int r = 1; r < n; r++)
        {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        if (n > 1 && op.isCommutative() && !op.isPairwise())
        {
            Rings.reduceScatter(channel(), op, work, counts, displs);
            Bufs.copy(work, displs[me], recv, recvOff, counts[me]);
        }
        else if (n > 1)
        {
            Trees.reduceBinomial(channel(), op, work, 0, (int)total, 0);
            Linear.scatterv(channel(), work, counts, displs, recv, recvOff, counts[me], 0, false);
        }
        else
        {
            Bufs.copy(work, 0, recv, recvOff, counts[me]);
        }
    }

    public void scan(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final boolean exclusive)
    {
        final boolean inPlace = send == IN_PLACE;
        Checks.reduceBufs(inPlace ? recv : send, inPlace ? recvOff : sendOff, recv, recvOff, count, op);
        final Object mine = inPlace ? recv : send;
        final int mineOff = inPlace ? recvOff : sendOff;
        if (group.size() == 1)
        {
            if (!exclusive)
            {
                Bufs.copy(mine, mineOff, recv, recvOff, count);
            }
            return;
        }
        Scans.scan(channel(), op, mine, mineOff, recv, recvOff, count, exclusive);
    }
}
