package io.rankwire.core;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;

/**
 * The plain receive buffers of a transport's shared receive queue: {@code count} buffers of
 * {@code size} bytes (an eager message with its TMH), posted at start and posted again as soon as
 * the RECV completion that used one has been handled (its contents copied out). The SRQ buffer's
 * {@code wrId} is its index. Driving thread only.
 */
final class SrqBuffers
{
    private final OffloadPort port;
    private final UnsafeBuffer[] buffers;
    private final int size;
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
