package io.rankwire.core;

import io.rankwire.progress.EngineLock;
import io.rankwire.proto.Protocols;

/**
 * How the engine starts a send, each in one round of its lock: at once as one eager frame when
 * the send can go out now ({@link Protocols#sendAtOnce}; for a blocking send without even
 * becoming a transfer, {@link Protocols#sendNow}), otherwise through the protocols' general path
 * after the credit wait of a small blocking send ({@link CreditWait}).
 */
final class Sends
{
    private final EngineLock lock;
    private final Protocols protocols;
    private final CreditWait creditWait;
    private final Closing closing;
    private final FutureQueue futures;

    Sends(final EngineLock lock, final Protocols protocols, final CreditWait creditWait, final Closing closing, final FutureQueue futures)
    {
        this.lock = lock;
        this.protocols = protocols;
        this.creditWait = creditWait;
        this.closing = closing;
        this.futures = futures;
    }

    /** Blocking small sends that polled for credits. */
    long creditWaits()
    {
        return creditWait.waits();
    }

    /** Starts a send of {@code op} (see {@link Engine#send}); it may be complete on return. */
    void start(final Operation op, final int peer, final long tag, final boolean sync)
    {
        lock.lock();
        try
        {
            closing.checkOpen();
            if (sync || !protocols.sendAtOnce(op, peer, tag))
            {
                general(op, peer, tag, sync);
            }
        }
        finally
        {
            lock.unlock();
            futures.drain();
        }
    }

    /**
     * Sends {@code op}'s buffer at once if it can go out now, leaving {@code op} untouched, or else
     * starts it as {@link #start} would. Returns true in the first case (nothing to wait for).
     */
    boolean startBlocking(final Operation op, final int peer, final long tag)
    {
        boolean now = false;
        lock.lock();
        try
        {
            closing.checkOpen();
            now = protocols.sendNow(op, peer, tag);
            if (!now)
            {
                general(op, peer, tag, false);
            }
        }
        finally
        {
            lock.unlock();
            if (!now)
            {
                futures.drain(); // the general path may complete operations with futures
            }
        }
        return now;
    }

    private void general(final Operation op, final int peer, final long tag, final boolean sync)
    {
        if (protocols.lacksCredits(peer, op.length()))
        {
            creditWait.await(op, peer, closing);
        }
        protocols.send(op, peer, tag, sync);
    }
}
