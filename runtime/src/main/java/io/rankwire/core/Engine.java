package io.rankwire.core;

import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.Status;
import io.rankwire.match.MatchEngine;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.Transport;

/**
 * One rank's point-to-point engine: the transport endpoint, the matching engine, the eager and
 * rendezvous protocols, flow control and progress.
 *
 * <p><b>Threading.</b> Any thread may call any method. Matching and protocol state has a single
 * writer at a time: the thread holding {@link #lock}. Calls that post work take the lock; a
 * thread waiting for an operation only {@code tryLock}s it to drive progress and otherwise idles,
 * so many waiting threads are served by whichever holds the lock, and each sees its own
 * operation complete through a volatile flag.
 */
public final class Engine implements CompletionHandler
{
    private static final int POLL_BATCH = 64;

    final ReentrantLock lock = new ReentrantLock();
    private final Transport transport;
    private final Capabilities caps;
    private final int rank;
    private final int size;
    private final long callTimeoutNs;
    private final RankwireConfig.Idle idleMode;
    private final OpTable opTable = new OpTable();
    private final StagePool pool = new StagePool();
    private final Credits credits;
    private final Sender sender;
    private final Control control;
    private final Receiver receiver;
    private final MatchEngine matcher;
    private final SrqBuffers srq;
    private final boolean offload;
    private final ArrayDeque<Op> opPool = new ArrayDeque<>();
    private final ConcurrentLinkedQueue<Op> futures = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<IdleStrategy> idle;
    private Op activeHead;
    private int activeCount;
    private volatile boolean closed;
    private volatile String closedReason;

    /**
     * Opens the engine over an opened (not yet wired-up) transport.
     *
     * @param config concluded configuration
     */
    public Engine(final Transport transport, final RankwireConfig config, final int rank, final int size)
    {
        this.transport = transport;
        this.caps = transport.capabilities();
        this.rank = rank;
        this.size = size;
        this.callTimeoutNs = config.timeout().toNanos();
        this.idleMode = config.idle();
        this.idle = ThreadLocal.withInitial(() -> Idles.create(idleMode));
        final int eagerLimit = resolveEagerLimit(config.eagerLimit(), caps);
        this.credits = new Credits(size, config.credits(), config.unexpectedBytes() / size);
        this.sender = new Sender(this, transport, credits, opTable, eagerLimit, size);
        this.control = new Control(transport, credits, sender);
        final OffloadPort port = transport.offloadPort();
        this.offload = port != null && caps.hasOffload();
        this.receiver = new Receiver(this, transport, opTable, pool, control, sender, offload);
        this.matcher = new MatchEngine(offload ? port : null, offload ? receiver : null, config.offloadMinBytes());
        receiver.matcher(matcher);
        this.srq = port != null ? new SrqBuffers(port, config.srqBuffers(), Math.max(caps.maxMessageSize(), 64)) : null;
    }

    private static int resolveEagerLimit(final int configured, final Capabilities caps)
    {
        final int max = caps.maxMessageSize() - TmHeader.LENGTH;
        final int limit = configured < 0 ? caps.eagerLimit() : configured;
        return Math.max(0, Math.min(limit, max));
    }

    /** Posts the SRQ buffers (if any) and wires the transport up. Blocks until peers are reachable. */
    public void start()
    {
        lock.lock();
        try
        {
            if (srq != null)
            {
                srq.postAll();
            }
        }
        finally
        {
            lock.unlock();
        }
        transport.wireUp();
    }

    public int rank()
    {
        return rank;
    }

    public int size()
    {
        return size;
    }

    public Capabilities capabilities()
    {
        return caps;
    }

    /** The eager limit in effect (bytes of payload). */
    public int eagerLimit()
    {
        return sender.eagerLimit();
    }

    /** An operation: pooled ones are for blocking calls and go back with {@link #recycle}. */
    public Op newOp(final boolean pooled)
    {
        if (!pooled)
        {
            return new Op(this, false);
        }
        lock.lock();
        try
        {
            final Op op = opPool.pollFirst();
            return op != null ? op : new Op(this, true);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Returns a completed pooled operation. */
    public void recycle(final Op op)
    {
        if (op.pooled && op.isDone())
        {
            op.buf.clear();
            lock.lock();
            try
            {
                if (opPool.size() < 1024)
                {
                    opPool.addFirst(op);
                }
            }
            finally
            {
                lock.unlock();
            }
        }
    }

    /**
     * Starts a send of {@code op.buf()} to world rank {@code peer} with packed envelope {@code tag}.
     * Never blocks beyond taking the engine lock.
     */
    public void send(final Op op, final int peer, final long tag, final boolean sync)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Op.SEND);
            op.peer = peer;
            op.tag = tag;
            op.sync = sync;
            stage(op, true);
            activate(op);
            sender.start(op);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /**
     * Posts a receive for (tag, mask) into {@code op.buf()}. {@code expectedPeer} is the world rank
     * of the source, or -1 for ANY_SOURCE. Never blocks beyond taking the engine lock.
     */
    public void recv(final Op op, final long tag, final long mask, final int expectedPeer)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Op.RECV);
            op.expectedPeer = expectedPeer;
            stage(op, false);
            activate(op);
            receiver.post(op, tag, mask);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /** Receives a message taken by a matched probe. */
    public void recvMatched(final Op op, final UnexpectedMsg msg)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Op.RECV);
            stage(op, false);
            activate(op);
            receiver.deliverUnexpected(op, msg);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /** The earliest unexpected message matching (tag, mask) as a status, or null. Makes progress once. */
    public Status iprobe(final long tag, final long mask)
    {
        lock.lock();
        try
        {
            checkOpen();
            progressLocked();
            final UnexpectedMsg msg = matcher.probe(tag, mask);
            return msg == null ? null : ProbeStatus.of(msg);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /** Takes the earliest unexpected message matching (tag, mask), or null. Makes progress once. */
    public UnexpectedMsg improbe(final long tag, final long mask)
    {
        lock.lock();
        try
        {
            checkOpen();
            progressLocked();
            return matcher.take(tag, mask);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /** Cancels a receive (see {@link io.rankwire.Request#cancel()}). */
    void cancel(final Op op)
    {
        lock.lock();
        try
        {
            if (!closed && !op.isDone() && op.kind == Op.RECV)
            {
                receiver.cancel(op);
            }
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    private void stage(final Op op, final boolean forSend)
    {
        if (op.buf.needsStage())
        {
            op.buf.attachStage(pool.acquire(op.buf.length()));
            if (forSend)
            {
                op.buf.stageIn();
            }
        }
    }

    private void activate(final Op op)
    {
        op.active = true;
        op.prevActive = null;
        op.nextActive = activeHead;
        if (activeHead != null)
        {
            activeHead.prevActive = op;
        }
        activeHead = op;
        activeCount++;
    }

    private void deactivate(final Op op)
    {
        if (!op.active)
        {
            return;
        }
        op.active = false;
        if (op.prevActive != null)
        {
            op.prevActive.nextActive = op.nextActive;
        }
        else
        {
            activeHead = op.nextActive;
        }
        if (op.nextActive != null)
        {
            op.nextActive.prevActive = op.prevActive;
        }
        op.prevActive = null;
        op.nextActive = null;
        activeCount--;
    }

    void complete(final Op op, final int source, final int tag, final int bytes, final int error)
    {
        complete(op, source, tag, bytes, error, false);
    }

    /** Finishes an operation: releases its resources and publishes the outcome. Driving thread. */
    void complete(final Op op, final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        if (op.isDone())
        {
            return;
        }
        deactivate(op);
        opTable.forget(op);
        Sender.release(op);
        final Stage stage = op.buf.detachStage();
        if (stage != null)
        {
            if (op.kind == Op.RECV && !cancelled)
            {
                op.buf.attachStage(stage);
                op.buf.stageOut(bytes);
                op.buf.detachStage();
            }
            pool.release(stage);
        }
        op.finish(source, tag, bytes, error, cancelled);
    }

    void futureReady(final Op op)
    {
        futures.add(op);
    }

    private void drainFutures()
    {
        if (!futures.isEmpty())
        {
            Op op;
            while ((op = futures.poll()) != null)
            {
                op.completeFuture();
            }
        }
    }

    /** Makes progress once if no other thread is doing so. Never blocks. Returns the work done. */
    public int progressOnce()
    {
        int work = 0;
        if (lock.tryLock())
        {
            try
            {
                if (!closed)
                {
                    work = progressLocked();
                }
            }
            finally
            {
                lock.unlock();
            }
            drainFutures();
        }
        return work;
    }

    int progressLocked()
    {
        int work = transport.poll(this, POLL_BATCH);
        work += sender.flush();
        work += control.flush();
        if (offload)
        {
            work += matcher.progress();
        }
        return work;
    }

    /**
     * Waits for {@code op}, driving progress. {@code timeoutNs} 0 uses the configured call
     * timeout (which may be none).
     *
     * @return true when the operation completed; false when {@code timeoutNs > 0} passed first
     * @throws RankwireException when the configured call timeout passes
     */
    public boolean waitFor(final Op op, final long timeoutNs)
    {
        if (op.isDone())
        {
            return true;
        }
        final IdleStrategy idler = idle.get();
        final long limit = timeoutNs > 0 ? timeoutNs : callTimeoutNs;
        final long deadline = limit > 0 ? System.nanoTime() + limit : 0;
        idler.reset();
        while (!op.isDone())
        {
            final int work = progressOnce();
            if (op.isDone())
            {
                break;
            }
            if (closed)
            {
                throw new RankwireException("rankwire: closed while waiting for " + op.describe() +
                    (closedReason != null ? " (" + closedReason + ")" : ""));
            }
            if (deadline != 0 && System.nanoTime() - deadline > 0)
            {
                if (timeoutNs > 0)
                {
                    return false;
                }
                throw new RankwireException("rankwire: timed out after " + (limit / 1_000_000) + " ms waiting for " + op.describe());
            }
            idler.idle(work);
        }
        return true;
    }

    /** An idle strategy for the calling thread's waits outside {@link #waitFor}. */
    public IdleStrategy idler()
    {
        return idle.get();
    }

    /** Counters of this rank (read without locking; approximate while traffic flows). */
    public long unexpectedBytes()
    {
        return receiver.unexpectedBytes();
    }

    public long unexpectedBytesHighWater()
    {
        return receiver.unexpectedBytesHighWater();
    }

    public long unexpectedMessages()
    {
        return receiver.unexpectedCount();
    }

    public long unexpectedBytesBound()
    {
        return credits.grantBytes() * size;
    }

    public int activeOperations()
    {
        return activeCount;
    }

    public boolean isClosed()
    {
        return closed;
    }

    /** Throws when the engine is closed. */
    public void checkOpen()
    {
        if (closed)
        {
            throw new IllegalStateException("rankwire : closed (expected: an open runtime)");
        }
    }

    /**
     * Fails every pending operation with {@link Status#CLOSED} and closes the transport.
     * Idempotent; any thread.
     */
    public void shutdown(final String reason)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                return;
            }
            closedReason = reason;
            closed = true;
            while (activeHead != null)
            {
                final Op op = activeHead;
                if (op.posted != null)
                {
                    op.posted = null;
                }
                complete(op, -1, -1, 0, Status.CLOSED);
            }
            try
            {
                transport.close();
            }
            finally
            {
                if (srq != null)
                {
                    srq.clear();
                }
            }
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    @Override
    public void onCompletion(final Completion c)
    {
        switch (c.opcode())
        {
            case CompletionOpcode.RECV:
            case CompletionOpcode.NO_TAG:
                onMessage(c);
                break;
            case CompletionOpcode.READ:
                receiver.onReadDone(c);
                break;
            case CompletionOpcode.TM_RECV:
            case CompletionOpcode.TM_ADD:
            case CompletionOpcode.TM_DEL:
            case CompletionOpcode.TM_SYNC:
                matcher.onCompletion(c);
                break;
            case CompletionOpcode.PEER_FAILED:
                failPeer(c.peer());
                break;
            default:
                break;
        }
    }

    private void onMessage(final Completion c)
    {
        try
        {
            if (c.status() == CompletionStatus.SUCCESS && c.buffer() != null && c.byteLength() >= TmHeader.LENGTH)
            {
                final int offset = c.offset();
                final int opcode = TmHeader.opcode(c.buffer(), offset);
                switch (opcode)
                {
                    case TmHeader.EAGER:
                    case TmHeader.RNDV:
                        receiver.onTagged(c.peer(), c.buffer(), offset, c.byteLength());
                        break;
                    case TmHeader.FIN:
                        sender.onFin(TmHeader.appCtx(c.buffer(), offset));
                        break;
                    case TmHeader.NO_TAG:
                        control.onControl(c.peer(), c.buffer(), offset + TmHeader.LENGTH, c.byteLength() - TmHeader.LENGTH);
                        break;
                    default:
                        break;
                }
            }
        }
        finally
        {
            if (srq != null && c.status() != CompletionStatus.FLUSHED && !closed)
            {
                srq.repost(c.wrId());
            }
        }
    }

    private void failPeer(final int peer)
    {
        Op op = activeHead;
        while (op != null)
        {
            final Op next = op.nextActive;
            if (op.peer == peer || op.expectedPeer == peer)
            {
                if (op.posted != null)
                {
                    matcher.cancel(op.posted);
                    op.posted = null;
                }
                complete(op, -1, -1, 0, Status.PEER_FAILED);
            }
            op = next;
        }
    }
}
