package io.rankwire.jmh.baseline;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Full reads and writes on a {@link SocketChannel}, blocking or (for a non-blocking channel)
 * busy-spinning while the kernel has nothing.
 */
final class SocketIo
{
    private SocketIo()
    {
    }

    /** Writes {@code buf[position, limit)} completely. */
    static void writeFully(final SocketChannel ch, final ByteBuffer buf) throws IOException
    {
        while (buf.hasRemaining())
        {
            if (ch.write(buf) == 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Reads until {@code buf} is full.
     *
     * @return false if the peer closed before the first byte (a clean end)
     * @throws EOFException if the peer closed in the middle
     */
    static boolean readFully(final SocketChannel ch, final ByteBuffer buf) throws IOException
    {
        final int wanted = buf.remaining();
        while (buf.hasRemaining())
        {
            final int n = ch.read(buf);
            if (n < 0)
            {
                if (buf.remaining() == wanted)
                {
                    return false;
                }
                throw new EOFException("peer closed after " + (wanted - buf.remaining()) + " of " + wanted + " bytes");
            }
            if (n == 0)
            {
                Thread.onSpinWait();
            }
        }
        return true;
    }
}
