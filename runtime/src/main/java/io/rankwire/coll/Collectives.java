package io.rankwire.coll;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.rankwire.core.Engine;
import io.rankwire.core.Group;

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

    private final Engine engine;
    private final Group group;
    private final CollSettings settings;
    private final AtomicInteger calls = new AtomicInteger();
    private ThreadPoolExecutor worker;

    public Collectives(final Engine engine, final Group group, final Map<String, String> settings)
    {
        this.engine = engine;
        this.group = group;
        this.settings = new CollSettings(settings);
    }

    private Channel channel()
    {
        return new Channel(engine, group, TAG_BASE - (calls.getAndIncrement() & 0xFFFF));
    }

    private int root(final int root)
    {
        if (root < 0 || root >= group.size())
        {
            throw new IllegalArgumentException("root : " + root + " (expected: 0.." + (group.size() - 1) + ")");
        }
        return root;
    }

    public void bcast(final Object buf, final int off, final int count, final int root)
    {
        run(bcastTask(buf, off, count, root));
    }

    /** Starts a broadcast; runs on the communicator's collective worker. */
    public CompletableFuture<Void> ibcast(final Object buf, final int off, final int count, final int root)
    {
        return submit(bcastTask(buf, off, count, root));
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

    /** Starts a dissemination barrier on this communicator's collective tags. */
    public CompletableFuture<Void> ibarrier()
    {
        if (group.size() == 1)
        {
            return submit(null);
        }
        final Channel ch = channel();
        return submit(() -> Trees.barrier(ch));
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

    /**
     * Starts an allReduce; runs on the communicator's collective worker. The send data is copied
     * into {@code recv} before this returns.
     */
    public CompletableFuture<Void> iallReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        return submit(allReduceTask(send, sendOff, recv, recvOff, count, op));
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

    /**
     * Runs {@code task} on the worker: one thread per communicator, started on demand and gone
     * after a second idle, so nonblocking collectives of one communicator run in the order they
     * were started and progress without the caller.
     */
    private CompletableFuture<Void> submit(final Runnable task)
    {
        if (engine.funneled())
        {
            throw new IllegalStateException("rankwire.threads : funneled (expected: multiple for nonblocking " +
                "collectives, which progress on a worker thread of the communicator)");
        }
        final CompletableFuture<Void> done = new CompletableFuture<>();
        if (task == null)
        {
            done.complete(null);
            return done;
        }
        worker().execute(() ->
        {
            try
            {
                task.run();
                done.complete(null);
            }
            catch (final Throwable ex)
            {
                done.completeExceptionally(ex);
            }
        });
        return done;
    }

    private synchronized ThreadPoolExecutor worker()
    {
        if (worker == null)
        {
            final String name = "rankwire-coll-" + engine.rank() + "-ctx" + group.context();
            worker = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r ->
            {
                final Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            });
            worker.allowCoreThreadTimeOut(true);
        }
        return worker;
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

    public void gather(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int n = group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = recvOff + r * count;
        }
        final boolean inPlace = Checks.gatherv(group.size(), group.rank() == root(root), send, sendOff, count, recv, counts, displs, root);
        final Channel ch = channel();
        if (Choices.tree(settings.gather, settings.gatherSmallBytes, count, Bufs.elemSize(inPlace ? recv : send), n))
        {
            Gathers.gatherBinomial(ch, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.gatherv(ch, send, sendOff, count, recv, counts, displs, root, inPlace);
        }
    }

    public void gatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        final boolean inPlace = Checks.gatherv(group.size(), group.rank() == root(root), send, sendOff, sendCount, recv, counts, displs, root);
        Linear.gatherv(channel(), send, sendOff, sendCount, recv, counts, displs, root, inPlace);
    }

    public void scatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final int root)
    {
        final int n = group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = sendOff + r * count;
        }
        final boolean inPlace = Checks.scatterv(group.size(), group.rank() == root(root), send, counts, displs, recv, recvOff, count, root);
        final Channel ch = channel();
        final Object typed = group.rank() == root ? send : recv;
        if (Choices.tree(settings.scatter, settings.scatterSmallBytes, count, Bufs.elemSize(typed), n))
        {
            Gathers.scatterBinomial(ch, send, sendOff, recv, recvOff, count, root, inPlace);
        }
        else
        {
            Linear.scatterv(ch, send, counts, displs, recv, recvOff, count, root, inPlace);
        }
    }

    public void scatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        final boolean inPlace = Checks.scatterv(group.size(), group.rank() == root(root), send, counts, displs, recv, recvOff, recvCount, root);
        Linear.scatterv(channel(), send, counts, displs, recv, recvOff, recvCount, root, inPlace);
    }

    public void allGather(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int n = group.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            displs[r] = recvOff + r * count;
        }
        allGatherv(send, sendOff, count, recv, counts, displs);
    }

    public void allGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        final int me = group.rank();
        Checks.blocks(group.size(), recv, counts, displs, "recvBuf");
        if (send != IN_PLACE)
        {
            Bufs.check(send, sendOff, sendCount, "sendBuf");
            Bufs.sameType(send, recv);
            Checks.count(sendCount, counts[me]);
            Bufs.copy(send, sendOff, recv, displs[me], sendCount);
        }
        if (group.size() > 1)
        {
            Rings.allGather(channel(), recv, counts, displs, 0);
        }
    }

    public void allToAll(final Object send, final int sendOff, final Object recv, final int recvOff, final int count)
    {
        final int n = group.size();
        final int[] counts = new int[n];
        final int[] sDispls = new int[n];
        final int[] rDispls = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = count;
            sDispls[r] = sendOff + r * count;
            rDispls[r] = recvOff + r * count;
        }
        allToAllv(send, counts, sDispls, recv, counts, rDispls);
    }

    public void allToAllv(
        final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        Checks.blocks(group.size(), send, sCounts, sDispls, "sendBuf");
        Checks.blocks(group.size(), recv, rCounts, rDispls, "recvBuf");
        Bufs.sameType(send, recv);
        final int me = group.rank();
        Checks.count(sCounts[me], rCounts[me]);
        long maxBytes = 0;
        for (final int c : sCounts)
        {
            maxBytes = Math.max(maxBytes, (long)c * Bufs.elemSize(send));
        }
        final boolean pairwise = settings.allToAll == CollSettings.AllToAll.PAIRWISE ||
            settings.allToAll == CollSettings.AllToAll.AUTO && maxBytes >= settings.allToAllLargeBytes;
        final Channel ch = channel();
        if (pairwise)
        {
            Linear.allToAllPairwise(ch, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
        else
        {
            Linear.allToAllLinear(ch, send, sCounts, sDispls, recv, rCounts, rDispls);
        }
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
