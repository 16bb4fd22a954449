package io.rankwire.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;

/**
 * One client of the bootstrap service: its read buffer, its queue of frames to write, and who it
 * is once authenticated. Used only by the service's thread.
 */
final class BootstrapConnection
{
    private final SocketChannel channel;
    private final SelectionKey key;
    private final byte[] serverNonce;
    private final long authDeadline;
    private final long acceptedAt = System.nanoTime();
    private final ArrayDeque<ByteBuffer> outbound = new ArrayDeque<>();
    private ByteBuffer inbound = ByteBuffer.allocate(4 + BootstrapProtocol.HELLO_LENGTH);
    private int rank = -1;
    private boolean closing;
    private boolean member;

    BootstrapConnection(
        final SocketChannel channel, final SelectionKey key, final byte[] serverNonce, final long authDeadline)
    {
        this.channel = channel;
        this.key = key;
        this.serverNonce = serverNonce;
        this.authDeadline = authDeadline;
    }

    SocketChannel channel()
    {
        return channel;
    }

    byte[] serverNonce()
    {
        return serverNonce;
    }

    long authDeadline()
    {
        return authDeadline;
    }

    long acceptedAt()
    {
        return acceptedAt;
    }

    boolean authenticated()
    {
        return rank >= 0;
    }

    /** The authenticated rank, or -1. */
    int rank()
    {
        return rank;
    }

    /** Marks the client authenticated as {@code rank}; frames may now be full size. */
    void authenticate(final int rank)
    {
        this.rank = rank;
        final ByteBuffer larger = ByteBuffer.allocate(4 + BootstrapProtocol.MAX_FRAME);
        larger.put(inbound.flip());
        inbound = larger;
    }

    boolean closing()
    {
        return closing;
    }

    /** Whether this is its rank's membership connection ({@link Membership}). */
    boolean member()
    {
        return member;
    }

    void becomeMember()
    {
        member = true;
    }

    /**
     * Reads what is available and returns the next complete frame body (opcode first), or null.
     *
     * @throws IOException at end of stream
     * @throws IllegalArgumentException if the peer announces a frame larger than allowed now
     */
    ByteBuffer readFrame() throws IOException
    {
        final ByteBuffer frame = nextFrame();
        if (frame != null)
        {
            return frame;
        }
        if (channel.read(inbound) < 0)
        {
            throw new IOException("end of stream");
        }
        return nextFrame();
    }

    private ByteBuffer nextFrame()
    {
        if (inbound.position() < 4)
        {
            return null;
        }
        final int length = inbound.getInt(0);
        final int max = inbound.capacity() - 4;
        if (length < 1 || length > max)
        {
            throw new IllegalArgumentException("frame length : " + length + " (expected: 1.." + max + ")");
        }
        if (inbound.position() < 4 + length)
        {
            return null;
        }
        final ByteBuffer body = ByteBuffer.allocate(length);
        body.put(0, inbound, 4, length);
        inbound.flip().position(4 + length);
        inbound.compact();
        return body;
    }

    /** Queues a frame and writes what the socket takes now. */
    void send(final ByteBuffer frame)
    {
        outbound.add(frame);
        flush();
    }

    void sendError(final String reason)
    {
        final byte[] text = BootstrapProtocol.reason(reason);
        final ByteBuffer frame = BootstrapProtocol.begin(2 + text.length, BootstrapProtocol.ERROR);
        BootstrapProtocol.putString(frame, text);
        send(BootstrapProtocol.finish(frame));
    }

    /** Sends REFUSED and closes once it is written: the client must not try again. */
    void refuse(final String reason)
    {
        closeWith(BootstrapProtocol.REFUSED, reason);
    }

    /** Sends BUSY and closes once it is written: the client may try again. */
    void busy(final String reason)
    {
        closeWith(BootstrapProtocol.BUSY, reason);
    }

    private void closeWith(final byte opcode, final String reason)
    {
        final byte[] text = BootstrapProtocol.reason(reason);
        final ByteBuffer frame = BootstrapProtocol.begin(2 + text.length, opcode);
        BootstrapProtocol.putString(frame, text);
        closing = true;
        send(BootstrapProtocol.finish(frame));
    }

    /** Writes queued frames; returns true when all were written. */
    boolean flush()
    {
        try
        {
            while (!outbound.isEmpty())
            {
                final ByteBuffer head = outbound.peek();
                channel.write(head);
                if (head.hasRemaining())
                {
                    if (key.isValid())
                    {
                        key.interestOps(key.interestOps() | SelectionKey.OP_WRITE);
                    }
                    return false;
                }
                outbound.poll();
            }
            if (key.isValid())
            {
                key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
            }
            return true;
        }
        catch (final IOException e)
        {
            outbound.clear();
            closing = true;
            return true;
        }
    }
}
