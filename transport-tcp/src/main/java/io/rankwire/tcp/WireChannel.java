package io.rankwire.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;

/**
 * The byte stream an {@link EngineSession} reads and writes: the connection's JDK socket itself
 * ({@link #plain}), or the socket through TLS ({@link TlsWire}). Non-blocking; confined to the
 * thread driving the rank's engine.
 *
 * <p>A read returns fewer bytes than asked only when nothing more can be had without new bytes
 * from the socket, so a reader may stop at a short read and wait for the socket's readiness. A
 * write may take plaintext that is not yet on the socket ({@link #hasPendingOutput}); a writer
 * then calls {@link #flushOutput} before anything else and waits for writability while it fails.
 */
interface WireChannel extends ReadableByteChannel, GatheringByteChannel
{
    /** Whether bytes this wire took are not yet on the socket (never, for a wire that buffers nothing). */
    default boolean hasPendingOutput()
    {
        return false;
    }

    /** Writes what {@link #hasPendingOutput} holds; true when nothing is left. */
    default boolean flushOutput() throws IOException
    {
        return true;
    }

    /** Whether bytes already taken from the socket wait to be read (a read would return some). */
    default boolean hasBufferedInput()
    {
        return false;
    }

    /** The socket itself, without transformation. */
    static WireChannel plain(final SocketChannel socket)
    {
        return new Plain(socket);
    }

    /** {@link WireChannel#plain}: every call goes straight to the socket. */
    final class Plain implements WireChannel
    {
        private final SocketChannel socket;

        Plain(final SocketChannel socket)
        {
            this.socket = socket;
        }

        @Override
        public int read(final ByteBuffer dst) throws IOException
        {
            return socket.read(dst);
        }

        @Override
        public int write(final ByteBuffer src) throws IOException
        {
            return socket.write(src);
        }

        @Override
        public long write(final ByteBuffer[] srcs, final int offset, final int length) throws IOException
        {
            return socket.write(srcs, offset, length);
        }

        @Override
        public long write(final ByteBuffer[] srcs) throws IOException
        {
            return socket.write(srcs);
        }

        @Override
        public boolean isOpen()
        {
            return socket.isOpen();
        }

        @Override
        public void close() throws IOException
        {
            socket.close();
        }
    }
}
