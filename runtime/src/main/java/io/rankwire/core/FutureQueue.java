package io.rankwire.core;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Operations whose {@code CompletableFuture} is to be completed once the engine lock is released,
 * so that a future's dependent actions never run under the lock. Any thread adds; whichever thread
 * released the lock drains.
 */
final class FutureQueue
{
    private final ConcurrentLinkedQueue<Operation> ready = new ConcurrentLinkedQueue<>();

    void add(final Operation op)
    {
        ready.add(op);
    }

    /** Completes the futures of every operation added so far. */
    void drain()
    {
        if (!ready.isEmpty())
        {
            Operation op;
            while ((op = ready.poll()) != null)
            {
                op.completeFuture();
            }
        }
    }
}
