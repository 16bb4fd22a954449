package io.rankwire.spi;

import org.agrona.DirectBuffer;

/**
 * The range checks every transport makes on the buffers of {@link Transport#postSend} and
 * {@link Transport#postRead} before it touches them; a call that fails one returns
 * {@link ReturnCode#INVALID_ARGUMENT} and leaves every buffer alone. The checks on the peer
 * (its range, whether this transport serves it) stay with the transport.
 *
 * <pre>
 *   postSend:  header != null, minHeader &lt;= hdrLength, [hdrOffset, hdrOffset + hdrLength) inside header
 *              payloadLength == 0, or payload != null and [payloadOffset, + payloadLength) inside payload
 *   postRead:  dst != null, [dstOffset, dstOffset + length) inside dst (length &gt;= 0)
 * </pre>
 */
public final class PostArguments
{
    private PostArguments()
    {
    }

    /** Whether {@code [offset, offset + length)} lies inside {@code buffer} (a null buffer holds nothing). */
    public static boolean inBounds(final DirectBuffer buffer, final int offset, final int length)
    {
        return buffer != null && offset >= 0 && length >= 0 && (long)offset + length <= buffer.capacity();
    }

    /** Whether a send's header and payload ranges are usable, with a header of at least {@code minHeader} bytes. */
    public static boolean sendValid(
        final DirectBuffer header, final int hdrOffset, final int hdrLength, final int minHeader, final DirectBuffer payload,
        final int payloadOffset, final int payloadLength)
    {
        return hdrLength >= minHeader && inBounds(header, hdrOffset, hdrLength) && payloadLength >= 0 &&
            (payloadLength == 0 || inBounds(payload, payloadOffset, payloadLength));
    }
}
