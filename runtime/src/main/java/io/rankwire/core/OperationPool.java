package io.rankwire.core;

import java.util.ArrayDeque;

import io.rankwire.progress.PerThread;

/**
 * The small per-thread pools of operations that blocking calls borrow and give back on the same
 * thread once complete: no lock, at most {@value #OPS_PER_THREAD} kept per thread.
 */
final class OperationPool
{
    private static final int OPS_PER_THREAD = 8;

    private final PerThread<ArrayDeque<Operation>> pools = new PerThread<>(ArrayDeque::new);

    /** A pooled operation of the calling thread, or null when its pool is empty. */
    Operation poll()
    {
        return pools.get().pollFirst();
    }

    /** Keeps completed {@code op} for the calling thread's next {@link #poll()}, if there is room. */
    void offer(final Operation op)
    {
        op.clear();
        final ArrayDeque<Operation> pool = pools.get();
        if (pool.size() < OPS_PER_THREAD)
        {
            pool.addFirst(op);
        }
    }
}
