package io.rankwire.sim;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.spi.SmallCopy;

/**
 * One message on a wire: the bytes a sender posted (TMH first), its source and destination.
 * Pooled by {@link MessagePool}; the sender copies into it, so the sender's buffers are free
 * once {@code postSend} returns.
 */
final class WireMessage
{
    final UnsafeBuffer buffer;
    int length;
    int source;
    int destination;

    WireMessage(final int capacity)
    {
        buffer = new UnsafeBuffer(new byte[capacity]);
    }

    /** Fills the message with {@code header} then {@code payload}. */
    WireMessage fill(
        final int source,
        final int destination,
        final DirectBuffer header,
        final int hdrOffset,
        final int hdrLength,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadLength)
    {
        this.source = source;
        this.destination = destination;
        SmallCopy.copy(buffer, 0, header, hdrOffset, hdrLength);
        if (payloadLength > 0)
        {
            SmallCopy.copy(buffer, hdrLength, payload, payloadOffset, payloadLength);
        }
        length = hdrLength + payloadLength;
        return this;
    }
}
