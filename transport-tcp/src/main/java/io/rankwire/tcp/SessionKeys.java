package io.rankwire.tcp;

import java.nio.channels.SelectionKey;

/**
 * A session's socket registrations and the interest they share: its key in the rank's selector
 * ({@link EngineIo}), in the {@link ReadySet}, and in a composite endpoint's shared wait
 * ({@code Transport.joinSharedWait}). Each waits for reads, and for writes while output waits for
 * room in the socket; {@link #interest} changes all of them together, only when it changes.
 * Engine thread, except {@link #shared}, set by whichever thread joins the shared wait.
 */
final class SessionKeys
{
    private SelectionKey key;
    private SelectionKey readyKey;
    private volatile SelectionKey sharedKey;
    private int interest = -1;

    void own(final SelectionKey key)
    {
        this.key = key;
    }

    void ready(final SelectionKey key)
    {
        this.readyKey = key;
    }

    void shared(final SelectionKey key)
    {
        this.sharedKey = key;
    }

    /** Reads, plus writes when {@code writing}, on every registration still valid. */
    void interest(final boolean writing)
    {
        final int ops = SelectionKey.OP_READ | (writing ? SelectionKey.OP_WRITE : 0);
        if (ops != interest && key != null && key.isValid())
        {
            interest = ops;
            key.interestOps(ops);
            if (readyKey != null && readyKey.isValid())
            {
                readyKey.interestOps(ops);
            }
            final SelectionKey shared = sharedKey;
            if (shared != null && shared.isValid())
            {
                shared.interestOps(ops);
            }
        }
    }

    /** Leaves the rank's selector and the ready set (the shared wait drops a closed socket itself). */
    void cancel()
    {
        if (readyKey != null)
        {
            readyKey.cancel();
        }
        if (key != null)
        {
            key.cancel();
        }
    }
}
