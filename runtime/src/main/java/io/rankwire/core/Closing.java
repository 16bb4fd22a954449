package io.rankwire.core;

import io.rankwire.progress.EngineLock;
import io.rankwire.progress.Wakeup;
import io.rankwire.proto.Group;
import io.rankwire.proto.Outcome;
import io.rankwire.proto.Protocols;
import io.rankwire.spi.Transport;

/**
 * The engine's open/closed state, its finalization (FINALIZE notices to the peers, and the
 * probes that can no longer be satisfied because a peer finalized) and its shutdown: every
 * pending operation fails with
 * {@code CLOSED}, then the transport closes. In confined mode ({@code rankwire.threads=funneled})
 * only the owner thread may run it, so a shutdown asked for by another thread is recorded here
 * and run by the owner at its next call or in its current wait.
 */
final class Closing
{
    private final EngineLock lock;
    private final Protocols protocols;
    private final Transport transport;
    private final Wakeup wakeup;
    private final Runnable afterUnlock;
    private final Failures failures;
    private volatile boolean closed;
    private volatile String reason;
    /** Confined mode: a shutdown another thread asked for, run by the owner. */
    private volatile String request;

    /** {@code afterUnlock} runs after the lock is released at the end of a shutdown (completes futures). */
    Closing(
        final EngineLock lock, final Protocols protocols, final Transport transport, final Wakeup wakeup, final Runnable afterUnlock,
        final Failures failures)
    {
        this.failures = failures;
        this.lock = lock;
        this.protocols = protocols;
        this.transport = transport;
        this.wakeup = wakeup;
        this.afterUnlock = afterUnlock;
    }

    boolean isClosed()
    {
        return closed;
    }

    /** Why the engine closed, or null while open. */
    String reason()
    {
        return reason;
    }

    /** Throws when the engine is closed (after running a shutdown another thread asked for). */
    void checkOpen()
    {
        serviceRequest();
        if (closed)
        {
            throw new IllegalStateException("rankwire : closed (expected: an open runtime)");
        }
    }

    /** Runs a shutdown another thread asked for, if any (confined mode); owner only. One volatile read otherwise. */
    void serviceRequest()
    {
        final String r = request;
        if (r != null && !closed)
        {
            shutdown(r);
        }
    }

    /**
     * Shuts down like {@link #shutdown} from any thread. In confined mode a thread other than the
     * owner only records the request and wakes the owner.
     */
    void shutdownFromAnyThread(final String why)
    {
        final Thread owner = lock.confinedTo();
        if (owner == null || owner == Thread.currentThread())
        {
            shutdown(why);
            return;
        }
        request = why;
        wakeup.signal();
    }

    /** Announces that this rank finalizes: every peer gets a FINALIZE notice after everything sent to it. */
    void finalizeNotice()
    {
        transport.closing();
        lock.lock();
        try
        {
            if (!closed)
            {
                protocols.finalizeNotice();
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Throws {@link RankwireException} when no message from {@code expectedPeer} (world rank, -1
     * for ANY_SOURCE in {@code group}) can arrive any more because the peer finalized.
     */
    void checkSatisfiable(final int expectedPeer, final Group group)
    {
        if (!protocols.anyFinalized())
        {
            return;
        }
        lock.lock();
        try
        {
            final int gone = protocols.unsatisfiableBy(expectedPeer, group);
            if (gone >= 0)
            {
                throw failures.failure("probe failed: rank " + gone +
                    (protocols.errorOf(gone) == Outcome.PEER_FAILED ? " failed" : " has finalized"), null);
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Fails every pending operation with {@code CLOSED} and closes the transport. Idempotent. */
    void shutdown(final String why)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                return;
            }
            reason = why;
            closed = true;
            wakeup.signal();
            protocols.failAll();
            try
            {
                transport.close();
            }
            finally
            {
                protocols.releaseReceiveBuffers();
            }
        }
        finally
        {
            lock.unlock();
            afterUnlock.run();
        }
    }
}
