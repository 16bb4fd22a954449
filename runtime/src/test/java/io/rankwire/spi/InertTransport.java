package io.rankwire.spi;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A transport that moves nothing, for tests of the machinery around transports (waiting,
 * wake-ups): every operation answers 0 or null; subclasses override what a test observes.
 */
public abstract class InertTransport implements Transport
{
    @Override
    public Capabilities capabilities()
    {
        return null;
    }

    @Override
    public void wireUp()
    {
    }

    @Override
    public int postSend(
        final int peer, final DirectBuffer header, final int hdrOffset, final int hdrLength,
        final DirectBuffer payload, final int payloadOffset, final int payloadLength, final long wrId)
    {
        return 0;
    }

    @Override
    public MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        return null;
    }

    @Override
    public int postRead(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset, final long wrId)
    {
        return 0;
    }

    @Override
    public OffloadPort offloadPort()
    {
        return null;
    }

    @Override
    public int poll(final CompletionHandler handler, final int max)
    {
        return 0;
    }

    @Override
    public void close()
    {
    }
}
