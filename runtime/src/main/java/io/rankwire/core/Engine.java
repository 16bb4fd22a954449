package io.rankwire.core;

import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.RankwireConfig;
import io.rankwire.Status;
import io.rankwire.match.MatchEngine;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Capabilities;
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
 * operation complete through a volatile flag. With {@code rankwire.threads=funneled} the lock is
 * confined to the thread that built the engine ({@link EngineLock}): it costs no CAS, other
 * threads' calls fail, the finalize helper gets the engine by hand-over ({@link #handOver}), and
 * a shutdown asked for by another thread ({@link #shutdownFromAnyThread}) is run by the owner at
 * its next call or wait.
 */
public final class Engine
{
    private static final int POLL_BATCH = 64;
    private static final int OPS_PER_THREAD = 8;

    final EngineLock lock = new EngineLock();
    private final Transport transport;
    private final Capabilities caps;
    private final int rank;
    private final int size;
    private final OpTable opTable = new OpTable();
    private final StagePool pool = new StagePool();
    private final Credits credits;
    private final SendBuffer sendBuffer;
    private final Sender sender;
    private final Control control;
    private final Receiver receiver;
    private final MatchEngine matcher;
    private final SrqBuffers srq;
    private final boolean offload;
    private final PerThread<ArrayDeque<Operation>> opPool = new PerThread<>(ArrayDeque::new);
    private final WrapperPool wrappers = new WrapperPool();
    private final ConcurrentLinkedQueue<Operation> futures = new ConcurrentLinkedQueue<>();
    private final Waiter waiter;
    private final Wakeup wakeup;
    private final ActiveOps active = new ActiveOps();
    private final Dispatcher dispatcher;
    private final Finalization finalization;
    /** How long a blocking small send polls for credits before it is copied (0: never). */
    private final long creditWaitNs;
    /** Blocking small sends that polled for credits. */
    private long creditWaits;
    private volatile boolean closed;
    private volatile String closedReason;
    /** Confined mode: a shutdown another thread asked for, run by the owner. */
    private volatile String shutdownRequest;

    /**
     * Opens the engine over an opened (not yet wired-up) transport.
     *
     * @param config concluded configuration
     * @param wakeup the wake-up the transport's {@code TransportContext.signal()} calls
     */
    public Engine(final Transport transport, final RankwireConfig config, final int rank, final int size, final Wakeup wakeup)
    {
        this.transport = transport;
        this.caps = transport.capabilities();
        this.rank = rank;
        this.size = size;
        this.waiter = new Waiter(this, config, transport.idleSpinMicros(), wakeup);
        this.wakeup = wakeup;
        wakeup.attach(transport);
        final int eagerLimit = resolveEagerLimit(config.eagerLimit(), caps);
        this.credits = new Credits(size, config.credits(), config.unexpectedBytes() / size);
        this.sendBuffer = new SendBuffer(this, pool, config.sendBufferBytes());
        this.creditWaitNs = java.util.concurrent.TimeUnit.MICROSECONDS.toNanos(config.creditWaitMicros());
        this.sender = new Sender(this, transport, credits, sendBuffer, opTable, eagerLimit, size);
        this.control = new Control(this, transport, credits, sender);
        sender.control(control);

        final OffloadPort port = transport.offloadPort();
        this.offload = port != null && caps.hasOffload();
        this.receiver = new Receiver(this, transport, opTable, pool, control, credits, offload);
        this.matcher = new MatchEngine(offload ? port : null, offload ? receiver : null, config.offloadMinBytes());
        receiver.matcher(matcher);
        this.srq = port != null ? new SrqBuffers(port, config.srqBuffers(), Math.max(caps.maxMessageSize(), 64)) : null;
        this.finalization = new Finalization(this, sender, control, rank, size);
        this.dispatcher = new Dispatcher(this, sender, receiver, control, matcher, srq);
        if (config.funneled())
        {
            lock.confine(Thread.currentThread());
        }
    }

    /**
     * Confined mode ({@code rankwire.threads=funneled}): hands the engine to {@code thread}. The
     * caller is the current owner and stops using the engine, or the previous owner has ended and
     * was joined. Does nothing in the shared mode.
     */
    public void handOver(final Thread thread)
    {
        if (lock.confinedTo() != null)
        {
            lock.confine(thread);
        }
    }

    /**
     * Shuts down like {@link #shutdown} from any thread. In confined mode a thread other than the
     * owner only records the request and wakes the owner, which runs it at its next call or in
     * its current wait (a call then fails as on a closed engine).
     */
    public void shutdownFromAnyThread(final String reason)
    {
        final Thread owner = lock.confinedTo();
        if (owner == null || owner == Thread.currentThread())
        {
            shutdown(reason);
            return;
        }
        shutdownRequest = reason;
        wakeup.signal();
    }

    /** Runs a shutdown another thread asked for, if any (confined mode); owner only. One volatile read otherwise. */
    void serviceShutdownRequest()
    {
        final String reason = shutdownRequest;
        if (reason != null && !closed)
        {
            shutdown(reason);
        }
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

    /**
     * An operation. Pooled ones are for blocking calls: they come from a small per-thread pool
     * (no lock) and go back with {@link #recycle} on the same thread once complete.
     */
    public Operation newOp(final boolean pooled)
    {
        if (!pooled)
        {
            return new Operation(this, false);
        }
        final Operation op = opPool.get().pollFirst();
        return op != null ? op : new Operation(this, true);
    }

    /** A new persistent operation, inactive until its first start (see {@link PersistentOperation}). */
    public PersistentOperation newPersistent()
    {
        return new PersistentOperation(this);
    }

    /** The buffer wrappers nonblocking operations borrow until they complete. */
    WrapperPool wrappers()
    {
        return wrappers;
    }

    /** Returns a completed pooled operation to the calling thread's pool. */
    public void recycle(final Operation op)
    {
        if (op.pooled && op.isDone() && !op.queued)
        {
            op.buf.clear();
            final ArrayDeque<Operation> pool = opPool.get();
            if (pool.size() < OPS_PER_THREAD)
            {
                pool.addFirst(op);
            }
        }
    }

    /**
     * Starts a send of {@code op.buf()} to world rank {@code peer} with packed envelope {@code tag}.
     * Never blocks beyond taking the engine lock.
     */
    public void send(final Operation op, final int peer, final long tag, final boolean sync)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Operation.SEND);
            op.peer = peer;
            op.tag = tag;
            op.sync = sync;
            if (sender.lacksCredits(peer, op.buf.length()))
            {
                awaitCredits(op, peer);
            }
            if (finalization.isFinalized(peer))
            {
                active.add(op);
                complete(op, -1, -1, 0, finalization.errorOf(peer));
                return;
            }
            stage(op, true);
            active.add(op);
            sender.start(op);
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /**
     * A small send that cannot go eagerly now: polls once (credits the peer returned may be
     * waiting unread); a blocking send then asks the peer for credits and polls for up to
     * {@code rankwire.creditWaitMicros} while the peer has not said it is starved, so a sender
     * that outruns its receiver follows the receiver's pace instead of copying every message.
     * The wait never depends on a matching receive: the peer answers from any progress call.
     * Under the engine lock.
     */
    private void awaitCredits(final Operation op, final int peer)
    {
        final int length = op.buf.length();
        progressLocked();
        checkOpen();
        if (!op.pooled || creditWaitNs == 0 || !sender.lacksCredits(peer, length) || sender.isStarved(peer))
        {
            return;
        }
        sender.askForCredits(peer, length);
        creditWaits++;
        final IdleStrategy idler = waiter.idler();
        idler.reset();
        final long deadline = System.nanoTime() + creditWaitNs;
        while (sender.lacksCredits(peer, length) && !sender.isStarved(peer) && !finalization.isFinalized(peer))
        {
            final int work = progressLocked();
            checkOpen();
            if (work == 0)
            {
                if (System.nanoTime() - deadline > 0)
                {
                    break;
                }
                idler.idle(); // spin, then yield the core to the peer that is to answer
            }
        }
    }

    /**
     * Posts a receive for (tag, mask) into {@code op.buf()}. {@code expectedPeer} is the world rank
     * of the source, or -1 for ANY_SOURCE. Never blocks beyond taking the engine lock.
     */
    public void recv(final Operation op, final long tag, final long mask, final int expectedPeer)
    {
        recv(op, tag, mask, expectedPeer, null);
    }

    /**
     * Posts a receive like {@link #recv(Operation, long, long, int)}; {@code group} (may be null) is the
     * communicator's group, so that an ANY_SOURCE receive fails once every other member has
     * finalized or when a member fails.
     */
    public void recv(final Operation op, final long tag, final long mask, final int expectedPeer, final Group group)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Operation.RECV);
            op.expectedPeer = expectedPeer;
            op.group = group;
            stage(op, false);
            active.add(op);
            receiver.post(op, tag, mask);
            if (finalization.anyFinalized() && !op.isDone())
            {
                final int gone = finalization.unsatisfiableBy(op.expectedPeer, op.group);
                if (gone >= 0)
                {
                    failPosted(op, finalization.errorOf(gone), gone);
                }
            }
        }
        finally
        {
            lock.unlock();
            drainFutures();
        }
    }

    /** Receives a message taken by a matched probe. */
    public void recvMatched(final Operation op, final UnexpectedMsg msg)
    {
        lock.lock();
        try
        {
            checkOpen();
            op.reset(Operation.RECV);
            stage(op, false);
            active.add(op);
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

    /**
     * Like {@link #iprobe(long, long)} but writes the message's envelope and length into
     * {@code into} instead of building a status: allocates nothing.
     *
     * @return true when a matching message is there
     */
    public boolean iprobe(final long tag, final long mask, final ProbeResult into)
    {
        lock.lock();
        try
        {
            checkOpen();
            progressLocked();
            final UnexpectedMsg msg = matcher.probe(tag, mask);
            if (msg == null)
            {
                return false;
            }
            into.set(msg.tag(), msg.length());
            return true;
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
    void cancel(final Operation op)
    {
        lock.lock();
        try
        {
            if (!closed && !op.isDone() && op.kind == Operation.RECV)
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

    private void stage(final Operation op, final boolean forSend)
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

    /** Tracks an internal operation (a send-buffer copy) like a started one. */
    void activate(final Operation op)
    {
        active.add(op);
    }

    void complete(final Operation op, final int source, final int tag, final int bytes, final int error)
    {
        complete(op, source, tag, bytes, error, false);
    }

    /** Finishes an operation: releases its resources and publishes the outcome. Driving thread. */
    void complete(final Operation op, final int source, final int tag, final int bytes, final int error, final boolean cancelled)
    {
        if (op.isDone())
        {
            return;
        }
        active.remove(op);
        opTable.forget(op);
        Sender.release(op);
        final Stage stage = op.buf.detachStage();
        if (stage != null)
        {
            if (op.kind == Operation.RECV && !cancelled)
            {
                op.buf.attachStage(stage);
                op.buf.stageOut(bytes);
                op.buf.detachStage();
            }
            pool.release(stage);
        }
        if (op.lendsWrapper() && WrapperPool.isReleased(op.kind == Operation.SEND, error, cancelled))
        {
            wrappers.giveBack(op.takeWrapper());
        }
        op.finish(source, tag, bytes, error, cancelled);
        if (op.buffered)
        {
            sendBuffer.release(op);
        }
    }

    void futureReady(final Operation op)
    {
        futures.add(op);
    }

    private void drainFutures()
    {
        if (!futures.isEmpty())
        {
            Operation op;
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
            if (work > 0)
            {
                wakeup.wake(); // other threads may wait for what this progress completed
            }
        }
        return work;
    }

    /**
     * A hint for spinning waiters: false when a progress call now would find no completion
     * ({@link Transport#mayHaveCompletions()}). Engine work that no completion announces (sends
     * waiting for credits or buffers, deferred control messages) is not covered: waiters call
     * {@link #progressOnce()} every so often whatever this says.
     */
    boolean mayHaveWork()
    {
        return closed || transport.mayHaveCompletions();
    }

    int progressLocked()
    {
        if (srq != null)
        {
            srq.flushReposts(); // the previous poll's buffers, before this poll can need them
        }
        int work = transport.poll(dispatcher, POLL_BATCH);
        work += sender.flush();
        work += receiver.flushReads();
        work += control.flush();
        work += finalization.flush();
        if (offload)
        {
            work += matcher.progress();
        }
        if (work == 0)
        {
            work = control.returnCreditsAtIdle();
        }
        return work;
    }

    /**
     * Waits for {@code op}, driving progress (see {@link Waiter#waitFor}).
     *
     * @return true when the operation completed; false when {@code timeoutNs > 0} passed first
     */
    public boolean waitFor(final Operation op, final long timeoutNs)
    {
        return waiter.waitFor(op, timeoutNs);
    }

    /** An idle strategy for the calling thread's own wait loops. */
    public IdleStrategy idler()
    {
        return waiter.idler();
    }

    /** The wake-up of parked waiters ({@code TransportContext.signal()}). */
    public Wakeup wakeup()
    {
        return wakeup;
    }

    String closedReason()
    {
        return closedReason;
    }

    /** A consistent snapshot of the counters. */
    public io.rankwire.RankStats stats()
    {
        lock.lock();
        try
        {
            return io.rankwire.RankStats.builder()
                .unexpectedBytes(receiver.unexpectedBytes(), receiver.unexpectedBytesHighWater(), credits.grantBytes() * size)
                .unexpectedMessages(receiver.unexpectedCount())
                .matches(matcher.hardwareMatches(), matcher.softwareMatches())
                .backPressured(sender.backPressured() + control.backPressured() + receiver.readsBackPressured())
                .activeOperations(active.count())
                .listOperations(matcher.addsPosted(), matcher.delsPosted(), matcher.syncsPosted(), matcher.syncRequestsSeen())
                .sendBuffer(sendBuffer.buffered(), sendBuffer.waits(), sendBuffer.bytes(), sendBuffer.highWater(), sendBuffer.capacity())
                .credits(sender.creditRequests(), creditWaits)
                .transportCounters(closed ? java.util.Map.of() : transport.counterValues())
                .build();
        }
        finally
        {
            lock.unlock();
        }
    }

    public boolean isClosed()
    {
        return closed;
    }

    /** Operations started and not yet completed at this rank (cheaper than {@link #stats()}). */
    public int pendingOperations()
    {
        lock.lock();
        try
        {
            return active.count();
        }
        finally
        {
            lock.unlock();
        }
    }

    /** True with {@code rankwire.threads=funneled}: only the owner thread may call. */
    public boolean funneled()
    {
        return lock.confinedTo() != null;
    }

    /** Throws when the engine is closed (after running a shutdown another thread asked for). */
    public void checkOpen()
    {
        serviceShutdownRequest();
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
            wakeup.signal();
            Operation op;
            while ((op = active.head()) != null)
            {
                op.posted = null;
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

    void failPeer(final int peer)
    {
        Operation op = active.head();
        while (op != null)
        {
            final Operation next = op.nextActive;
            final boolean anySource = op.kind == Operation.RECV && op.expectedPeer < 0 && op.posted != null &&
                op.group != null && op.group.containsWorldRank(peer);
            if (op.peer == peer || op.expectedPeer == peer || anySource)
            {
                final io.rankwire.match.PostedRecv posted = op.posted;
                op.posted = null;
                if (posted != null && matcher.cancel(posted) == MatchEngine.CANCELLED)
                {
                    matcher.free(posted);
                }
                op.peer = peer;
                complete(op, -1, -1, 0, Status.PEER_FAILED);
            }
            op = next;
        }
    }

    /**
     * Announces that this rank finalizes: every peer gets a FINALIZE notice after everything this
     * rank sent it (see {@link Finalization}). Progress keeps answering peers.
     */
    public void finalizeNotice()
    {
        lock.lock();
        try
        {
            if (!closed)
            {
                finalization.announce();
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Peer {@code peer} ended without closing: the job's bootstrap saw its process go (see
     * {@code Bootstrap.join}). Its pending operations fail with {@link Status#PEER_FAILED}, as
     * for a transport's PEER_FAILED completion, and so do later sends to it and receives only it
     * could satisfy. Any thread: the driving thread applies it at its next progress, which this
     * wakes.
     */
    public void peerExited(final int peer)
    {
        finalization.exited(peer);
        wakeup.signal();
    }

    /** Peer {@code peer} finalized (a FINALIZE notice arrived). Driving thread. */
    void onPeerFinalized(final int peer)
    {
        finalization.onPeerFinalized(peer, active.head());
    }

    /**
     * Throws {@link io.rankwire.RankwireException} when no message from {@code expectedPeer}
     * (world rank, -1 for ANY_SOURCE in {@code group}) can arrive any more because the peer
     * finalized (blocking probes). Any thread.
     */
    public void checkSatisfiable(final int expectedPeer, final Group group)
    {
        if (!finalization.anyFinalized())
        {
            return;
        }
        lock.lock();
        try
        {
            final int gone = finalization.unsatisfiableBy(expectedPeer, group);
            if (gone >= 0)
            {
                throw new io.rankwire.RankwireException("probe failed: rank " + gone +
                    (finalization.errorOf(gone) == Status.PEER_FAILED ? " failed" : " has finalized"));
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Withdraws an unmatched receive and fails it; one the NIC holds fails when its DEL completes. */
    void failPosted(final Operation op, final int error, final int peer)
    {
        final io.rankwire.match.PostedRecv posted = op.posted;
        if (posted == null || op.cancelRequested)
        {
            return;
        }
        final int result = matcher.cancel(posted);
        if (result == MatchEngine.CANCELLED)
        {
            op.posted = null;
            matcher.free(posted);
            op.peer = peer;
            complete(op, -1, -1, 0, error);
        }
        else if (result == MatchEngine.CANCEL_PENDING)
        {
            op.cancelRequested = true;
            op.failError = error;
            op.failPeer = peer;
        }
    }
}
