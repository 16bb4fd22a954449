package io.rankwire.core;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.buffer.StagePool;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.progress.EngineLock;
import io.rankwire.progress.Wakeup;
import io.rankwire.proto.Group;
import io.rankwire.proto.Protocols;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.Transport;

/**
 * One rank's point-to-point engine: the lock frame around the {@link Protocols}, the operations
 * users hold, waiting and progress.
 *
 * <p><b>Threading.</b> Any thread may call any method. Matching and protocol state has a single
 * writer at a time: the thread holding the {@link EngineLock}. Calls that post work take the lock;
 * a thread waiting for an operation only {@code tryLock}s it to drive progress and otherwise
 * idles, so many waiting threads are served by whichever holds the lock, and each sees its own
 * operation complete through a volatile flag. With {@code rankwire.threads=funneled} the lock is
 * confined to the thread that built the engine: it costs no CAS, other threads' calls fail, the
 * finalize helper gets the engine by hand-over ({@link #handOver}), and a shutdown asked for by
 * another thread ({@link #shutdownFromAnyThread}) is run by the owner at its next call or wait.
 */
public final class Engine
{
    private final EngineLock lock = new EngineLock();
    private final Transport transport;
    private final OperationFactory factory;
    private final Failures failures;
    private final Capabilities caps;
    private final int rank;
    private final int size;
    private final Protocols protocols;
    private final OperationPool opPool = new OperationPool();
    private final WrapperPool wrappers = new WrapperPool();
    private final FutureQueue futures = new FutureQueue();
    private final Waiter waiter;
    private final Wakeup wakeup;
    private final Sends sends;
    private final Closing closing;
    private final Probes probes;

    /**
     * Opens the engine over an opened (not yet wired-up) transport.
     *
     * @param settings what the engine takes from the rank's concluded configuration
     * @param wakeup  the wake-up the transport's {@code TransportContext.signal()} calls
     * @param factory makes the operations {@link #newOp} and {@link #newPersistent} hand out
     */
    public Engine(
        final Transport transport,
        final EngineSettings settings,
        final int rank,
        final int size,
        final Wakeup wakeup,
        final OperationFactory factory,
        final Failures failures)
    {
        this.transport = transport;
        this.factory = factory;
        this.failures = failures;
        this.caps = transport.capabilities();
        this.rank = rank;
        this.size = size;
        this.waiter = new Waiter(this, settings, transport.idleSpinMicros(), wakeup);
        this.wakeup = wakeup;
        wakeup.attach(transport);
        this.protocols = new Protocols(transport, settings.protocols(), rank, size, new StagePool());
        this.closing = new Closing(lock, protocols, transport, wakeup, futures::drain, failures);
        this.sends = new Sends(lock, protocols, new CreditWait(protocols, waiter, settings.creditWaitMicros()), closing, futures);
        this.probes = new Probes(lock, closing, protocols, futures::drain);
        if (settings.funneled())
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

    /** Posts the SRQ buffers (if any) and wires the transport up. Blocks until peers are reachable. */
    public void start()
    {
        lock.lock();
        try
        {
            protocols.postReceiveBuffers();
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
        return protocols.eagerLimit();
    }

    EngineLock lock()
    {
        return lock;
    }

    /** The exception a blocking call throws for a communication failure described by {@code message}. */
    public RuntimeException failure(final String message)
    {
        return failures.failure(message, null);
    }

    /** How this engine's failures are made and recognised. */
    Failures failures()
    {
        return failures;
    }

    /**
     * An operation. Pooled ones are for blocking calls: they come from a small per-thread pool
     * (no lock) and go back with {@link #recycle} on the same thread once complete.
     */
    public Operation newOp(final boolean pooled)
    {
        if (!pooled)
        {
            return factory.operation(this, false);
        }
        final Operation op = opPool.poll();
        return op != null ? op : factory.operation(this, true);
    }

    /** A new persistent operation, inactive until its first start (see {@link PersistentOperation}). */
    public PersistentOperation newPersistent()
    {
        return factory.persistent(this);
    }

    /** The buffer wrappers nonblocking operations borrow until they complete. */
    WrapperPool wrappers()
    {
        return wrappers;
    }

    /** Returns a completed pooled operation to the calling thread's pool. */
    public void recycle(final Operation op)
    {
        if (op.pooled && op.isDone() && !op.isQueued())
        {
            opPool.offer(op);
        }
    }

    /**
     * Starts a send of {@code op.buf()} to world rank {@code peer} with packed envelope {@code tag}.
     * Never blocks beyond taking the engine lock (and, for a blocking small send without credits,
     * polling for them up to {@code rankwire.creditWaitMicros}).
     */
    public void send(final Operation op, final int peer, final long tag, final boolean sync)
    {
        sends.start(op, peer, tag, sync);
    }

    /**
     * A blocking standard send of pooled {@code op}'s buffer to world rank {@code peer}: returns
     * once the buffer may be reused, and recycles {@code op}. A message that can go out at once
     * as one eager frame leaves in one lock round without becoming a transfer (no reset,
     * completion or wait); any other starts as {@link #send} and is waited for.
     */
    public void sendBlocking(final Operation op, final int peer, final long tag)
    {
        if (sends.startBlocking(op, peer, tag))
        {
            if (op.pooled)
            {
                opPool.offer(op);
            }
            return;
        }
        op.join();
        recycle(op);
    }

    /**
     * Posts a receive for (tag, mask) into {@code op.buf()}. {@code expectedPeer} is the world rank
     * of the source, or -1 for ANY_SOURCE; {@code group} (may be null) is the communicator's
     * group, so that an ANY_SOURCE receive fails once every other member has finalized or when a
     * member fails. Never blocks beyond taking the engine lock.
     */
    public void recv(final Operation op, final long tag, final long mask, final int expectedPeer, final Group group)
    {
        lock.lock();
        try
        {
            checkOpen();
            protocols.recv(op, tag, mask, expectedPeer, group);
        }
        finally
        {
            lock.unlock();
            futures.drain();
        }
    }

    /** Receives a message taken by a matched probe. */
    public void recvMatched(final Operation op, final UnexpectedMsg msg)
    {
        lock.lock();
        try
        {
            checkOpen();
            protocols.recvMatched(op, msg);
        }
        finally
        {
            lock.unlock();
            futures.drain();
        }
    }

    /**
     * Writes the envelope and length of the earliest unexpected message matching (tag, mask) into
     * {@code into}; allocates nothing. Makes progress once.
     *
     * @return true when a matching message is there
     */
    public boolean iprobe(final long tag, final long mask, final ProbeResult into)
    {
        return probes.result(tag, mask, into);
    }

    /** Takes the earliest unexpected message matching (tag, mask), or null. Makes progress once. */
    public UnexpectedMsg improbe(final long tag, final long mask)
    {
        return probes.take(tag, mask);
    }

    /** Cancels a receive (a user's {@code Request.cancel()}). */
    void cancel(final Operation op)
    {
        lock.lock();
        try
        {
            if (!closing.isClosed())
            {
                protocols.cancel(op);
            }
        }
        finally
        {
            lock.unlock();
            futures.drain();
        }
    }

    void futureReady(final Operation op)
    {
        futures.add(op);
    }

    /** Makes progress once if no other thread is doing so. Never blocks. Returns the work done. */
    public int progressOnce()
    {
        int work = 0;
        if (lock.tryLock())
        {
            try
            {
                if (!closing.isClosed())
                {
                    work = protocols.progress();
                }
            }
            finally
            {
                lock.unlock();
            }
            futures.drain();
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
        return closing.isClosed() || transport.mayHaveCompletions();
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

    /** A consistent snapshot of the counters. */
    public EngineCounters counters()
    {
        lock.lock();
        try
        {
            return new EngineCounters(protocols.counters(), sends.creditWaits(),
                closing.isClosed() ? java.util.Map.of() : transport.counterValues());
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Announces that this rank finalizes: every peer gets a FINALIZE notice after everything this
     * rank sent it. Progress keeps answering peers.
     */
    public void finalizeNotice()
    {
        closing.finalizeNotice();
    }

    /**
     * Throws {@link io.rankwire.RankwireException} when no message from {@code expectedPeer}
     * (world rank, -1 for ANY_SOURCE in {@code group}) can arrive any more because the peer
     * finalized (blocking probes). Any thread.
     */
    public void checkSatisfiable(final int expectedPeer, final Group group)
    {
        closing.checkSatisfiable(expectedPeer, group);
    }

    public boolean isClosed()
    {
        return closing.isClosed();
    }

    String closedReason()
    {
        return closing.reason();
    }

    /** Operations started and not yet completed at this rank (cheaper than {@link #counters()}). */
    public int pendingOperations()
    {
        lock.lock();
        try
        {
            return protocols.activeCount();
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Peer {@code peer} ended without closing (the bootstrap saw its process go): see
     * {@link Protocols#peerExited}. Any thread; wakes the driving thread, which applies it.
     */
    public void peerExited(final int peer)
    {
        protocols.peerExited(peer);
        wakeup.signal();
    }

    /** True with {@code rankwire.threads=funneled}: only the owner thread may call. */
    public boolean funneled()
    {
        return lock.confinedTo() != null;
    }

    /** Throws when the engine is closed (after running a shutdown another thread asked for). */
    public void checkOpen()
    {
        closing.checkOpen();
    }

    /**
     * Shuts down like {@link #shutdown} from any thread. In confined mode a thread other than the
     * owner only records the request and wakes the owner, which runs it at its next call or in
     * its current wait (a call then fails as on a closed engine).
     */
    public void shutdownFromAnyThread(final String reason)
    {
        closing.shutdownFromAnyThread(reason);
    }

    /** Runs a shutdown another thread asked for, if any (confined mode); owner only. */
    void serviceShutdownRequest()
    {
        closing.serviceRequest();
    }

    /**
     * Fails every pending operation with {@link io.rankwire.proto.Outcome#CLOSED} and closes the transport.
     * Idempotent; any thread.
     */
    public void shutdown(final String reason)
    {
        closing.shutdown(reason);
    }
}
