package io.rankwire.core;

import io.rankwire.match.UnexpectedMsg;
import io.rankwire.progress.EngineLock;
import io.rankwire.proto.Protocols;

/**
 * Probes of the unexpected queue: each takes the engine lock, makes progress once, and reads what
 * it reports while it still holds the lock (another thread may take the message right after).
 */
final class Probes
{
    private final EngineLock lock;
    private final Closing closing;
    private final Protocols protocols;
    private final Runnable afterUnlock;

    /** {@code afterUnlock} runs after every probe releases the lock (completes futures). */
    Probes(final EngineLock lock, final Closing closing, final Protocols protocols, final Runnable afterUnlock)
    {
        this.lock = lock;
        this.closing = closing;
        this.protocols = protocols;
        this.afterUnlock = afterUnlock;
    }

    /** Writes the earliest matching message's envelope and length into {@code into}; false when there is none. */
    boolean result(final long tag, final long mask, final ProbeResult into)
    {
        lock.lock();
        try
        {
            closing.checkOpen();
            protocols.progress();
            final UnexpectedMsg msg = protocols.probe(tag, mask);
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
            afterUnlock.run();
        }
    }

    /** Takes the earliest matching message out of the queue, or null. */
    UnexpectedMsg take(final long tag, final long mask)
    {
        lock.lock();
        try
        {
            closing.checkOpen();
            protocols.progress();
            return protocols.take(tag, mask);
        }
        finally
        {
            lock.unlock();
            afterUnlock.run();
        }
    }
}
