package io.rankwire.core;

import org.agrona.concurrent.ManyToManyConcurrentArrayQueue;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The {@link UnsafeBuffer}s that nonblocking operations wrap a {@code byte[]} or
 * {@code ByteBuffer} in, lent for the life of the operation so that a request is one object.
 * Borrowed by the calling thread when it fills the operation (no lock), given back by the
 * driving thread when the operation completes. Bounded: beyond {@link #CAPACITY} idle wrappers
 * the extra ones are left to the collector, and an empty pool makes a new one.
 *
 * <p>A wrapper goes back only when nothing can still touch it: a send that completed normally
 * (its memory region is deregistered by then), a receive that completed (delivered, truncated or
 * cancelled once the NIC gave it up). A receive failed by a peer failure, a finalized peer or
 * close may still sit in the NIC's tag list, so its wrapper is never reused.
 */
final class WrapperPool
{
    static final int CAPACITY = 1024;

    private final ManyToManyConcurrentArrayQueue<UnsafeBuffer> idle = new ManyToManyConcurrentArrayQueue<>(CAPACITY);

    /** An idle wrapper, or null. Any thread; never blocks. */
    UnsafeBuffer borrow()
    {
        return idle.poll();
    }

    /** Returns {@code wrapper} (may be null: nothing to return). Any thread; never blocks. */
    void giveBack(final UnsafeBuffer wrapper)
    {
        if (wrapper != null)
        {
            wrapper.wrap(0, 0);
            idle.offer(wrapper);
        }
    }

    /** True when an operation that completed this way can no longer be touched by the transport. */
    static boolean isReleased(final boolean send, final int error, final boolean cancelled)
    {
        if (send)
        {
            return error == io.rankwire.proto.Outcome.OK;
        }
        return cancelled || error == io.rankwire.proto.Outcome.OK || error == io.rankwire.proto.Outcome.TRUNCATED;
    }
}
