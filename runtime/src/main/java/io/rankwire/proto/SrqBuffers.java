package io.rankwire.proto;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;

/**
 * The plain receive buffers of a transport's shared receive queue: {@code count} buffers of
 * {@code size} bytes (an eager message with its TMH), posted at start and posted again once the
 * RECV completion that used one has been handled (its contents copied out). The SRQ buffer's
 * {@code wrId} is its index. Driving thread only.
 *
 * <p>Reposts are deferred ({@link #repostLater}) to the start of the next progress call
 * ({@link #flushReposts}), so the call that delivers a message returns without posting: the
 * repost happens while the rank waits for its next message instead of between a receive and the
 * caller's next send. At most a poll's batch waits (the engine polls 64 completions at a time
 * of 256 buffers). They go out in reverse order, so that with a transport that frees slots last
 * in first out (sim) each buffer goes back into the slot it came from and the slot's fields are
 * not rewritten.
 */
final class SrqBuffers
{
    private static final int MAX_DEFERRED = 64;
    private final OffloadPort port;
    private final UnsafeBuffer[] buffers;
    private final int size;
    private final long[] deferred = new long[MAX_DEFERRED];
    private int deferredCount;
    private boolean cleared;

    SrqBuffers(final OffloadPort port, final int count, final int size)
    {
        this.port = port;
        this.size = size;
        this.buffers = new UnsafeBuffer[count];
        for (int i = 0; i < count; i++)
        {
            buffers[i] = new UnsafeBuffer(new byte[size]);
        }
    }

    void postAll()
    {
        for (int i = 0; i < buffers.length; i++)
        {
            post(i);
        }
    }

    /** Reposts the buffer {@code wrId} at the next {@link #flushReposts} (or now when many wait). */
    void repostLater(final long wrId)
    {
        if (deferredCount == MAX_DEFERRED)
        {
            flushReposts();
        }
        deferred[deferredCount++] = wrId;
    }

    /** Reposts the deferred buffers, last deferred first; returns how many. */
    int flushReposts()
    {
        final int n = deferredCount;
        for (int i = n - 1; i >= 0; i--)
        {
            repost(deferred[i]);
        }
        deferredCount = 0;
        return n;
    }

    void repost(final long wrId)
    {
        if (!cleared && wrId >= 0 && wrId < buffers.length)
        {
            post((int)wrId);
        }
    }

    private void post(final int index)
    {
        final int rc = port.postSrqBuffer(buffers[index], 0, size, index);
        if (rc != ReturnCode.OK && rc != ReturnCode.CLOSED)
        {
            throw new IllegalStateException("postSrqBuffer : " + ReturnCode.name(rc) + " (expected: OK)");
        }
    }

    void clear()
    {
        cleared = true;
    }
}
