package io.rankwire.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

import io.netty.buffer.ByteBuf;

/**
 * A session's socket through TLS, on the engine's thread: the {@link SSLEngine} that Netty's
 * {@code SslHandler} used for the TLS and HMAC handshakes carries on here, so a TLS connection
 * takes the same data path as a plain one ({@link EngineSession}, {@link SessionWriter}).
 *
 * <pre>
 *  read:  socket -&gt; netIn (ciphertext) -&gt; unwrap -&gt; caller's buffer (or appIn when it is small)
 *  write: caller's buffers -&gt; wrap -&gt; netOut (ciphertext) -&gt; socket
 * </pre>
 *
 * Every buffer is in read mode between calls ({@code [position, limit)} holds what is still to
 * be used). A read unwraps every complete record it has before it returns short, so a reader that
 * stops at a short read misses nothing; the JDK's engine allocates its result objects per record,
 * so unlike a plain connection a TLS one is not allocation-free per message.
 */
final class TlsWire implements WireChannel
{
    private static final int NEED_INPUT = -1;
    private static final int CLOSED = -2;
    private static final int RECORD_HEADER = 5;
    private static final ByteBuffer[] NOTHING = {ByteBuffer.allocate(0)};

    private final SocketChannel socket;
    private final SSLEngine engine;
    private final ByteBuffer[] one = new ByteBuffer[1];
    private ByteBuffer netIn;
    private ByteBuffer netOut;
    private ByteBuffer appIn;
    private boolean inputClosed;

    TlsWire(final SocketChannel socket, final SSLEngine engine)
    {
        this.socket = socket;
        this.engine = engine;
        final int packet = engine.getSession().getPacketBufferSize();
        this.netIn = ByteBuffer.allocateDirect(Math.max(64 << 10, 2 * packet)).limit(0);
        this.netOut = ByteBuffer.allocateDirect(2 * packet).limit(0);
        this.appIn = ByteBuffer.allocateDirect(engine.getSession().getApplicationBufferSize()).limit(0);
    }

    /** Ciphertext the handshake's event loop read but did not decrypt; before the session is published. */
    void preload(final ByteBuf bytes)
    {
        final int n = bytes.readableBytes();
        if (netIn.capacity() - netIn.remaining() < n)
        {
            netIn = grow(netIn, netIn.remaining() + n);
        }
        netIn.compact();
        netIn.limit(netIn.position() + n);
        bytes.readBytes(netIn);
        netIn.flip();
    }

    @Override
    public int read(final ByteBuffer dst) throws IOException
    {
        int n = move(appIn, dst);
        while (dst.hasRemaining() && !inputClosed)
        {
            final int produced = netIn.hasRemaining() ? unwrap(dst) : NEED_INPUT;
            if (produced >= 0)
            {
                n += produced;
                continue;
            }
            if (produced == CLOSED)
            {
                inputClosed = true;
                break;
            }
            if (netIn.remaining() == netIn.capacity())
            {
                netIn = grow(netIn, 2 * netIn.capacity());
            }
            netIn.compact();
            final int r;
            try
            {
                r = socket.read(netIn);
            }
            finally
            {
                netIn.flip();
            }
            if (r < 0)
            {
                inputClosed = true;
            }
            else if (r == 0)
            {
                return n;
            }
        }
        return n == 0 && inputClosed ? -1 : n;
    }

    /** Unwraps one record into {@code dst}: the plaintext bytes given, or {@link #NEED_INPUT} or {@link #CLOSED}. */
    private int unwrap(final ByteBuffer dst) throws IOException
    {
        final boolean direct = dst.remaining() >= appIn.capacity();
        final ByteBuffer out = direct ? dst : appIn.clear();
        final SSLEngineResult r;
        try
        {
            r = engine.unwrap(netIn, out);
        }
        finally
        {
            if (!direct)
            {
                appIn.flip();
            }
        }
        afterHandshakeStep(r.getHandshakeStatus());
        switch (r.getStatus())
        {
            case OK:
                if (r.bytesConsumed() == 0 && r.bytesProduced() == 0)
                {
                    return NEED_INPUT;
                }
                return direct ? r.bytesProduced() : move(appIn, dst);
            case BUFFER_OVERFLOW:
                appIn = grow(appIn, Math.max(2 * appIn.capacity(), engine.getSession().getApplicationBufferSize()));
                return 0;
            case BUFFER_UNDERFLOW:
                return NEED_INPUT;
            default:
                return CLOSED;
        }
    }

    @Override
    public int write(final ByteBuffer src) throws IOException
    {
        one[0] = src;
        try
        {
            return (int)write(one, 0, 1);
        }
        finally
        {
            one[0] = null;
        }
    }

    @Override
    public long write(final ByteBuffer[] srcs) throws IOException
    {
        return write(srcs, 0, srcs.length);
    }

    @Override
    public long write(final ByteBuffer[] srcs, final int offset, final int length) throws IOException
    {
        long taken = 0;
        while (flushOutput() && hasRemaining(srcs, offset, length))
        {
            taken += wrap(srcs, offset, length);
        }
        return taken;
    }

    /** Wraps plaintext into {@link #netOut} behind what waits there; returns the bytes taken. */
    private int wrap(final ByteBuffer[] srcs, final int offset, final int length) throws IOException
    {
        while (true)
        {
            netOut.compact();
            final SSLEngineResult r;
            try
            {
                r = engine.wrap(srcs, offset, length, netOut);
            }
            finally
            {
                netOut.flip();
            }
            switch (r.getStatus())
            {
                case OK:
                    afterHandshakeStep(r.getHandshakeStatus());
                    return r.bytesConsumed();
                case BUFFER_OVERFLOW:
                    netOut = grow(netOut, 2 * netOut.capacity());
                    continue;
                default:
                    throw new SSLException("TLS closed: " + r.getStatus());
            }
        }
    }

    /** Runs the engine's delegated tasks and answers what it asks to send (a key update). */
    private void afterHandshakeStep(final SSLEngineResult.HandshakeStatus status) throws IOException
    {
        SSLEngineResult.HandshakeStatus s = status;
        while (s == SSLEngineResult.HandshakeStatus.NEED_TASK || s == SSLEngineResult.HandshakeStatus.NEED_WRAP)
        {
            if (s == SSLEngineResult.HandshakeStatus.NEED_TASK)
            {
                Runnable task;
                while ((task = engine.getDelegatedTask()) != null)
                {
                    task.run();
                }
            }
            else
            {
                NOTHING[0].clear();
                wrap(NOTHING, 0, 1);
                flushOutput();
            }
            s = engine.getHandshakeStatus();
        }
    }

    @Override
    public boolean hasPendingOutput()
    {
        return netOut.hasRemaining();
    }

    @Override
    public boolean flushOutput() throws IOException
    {
        if (netOut.hasRemaining())
        {
            socket.write(netOut);
        }
        return !netOut.hasRemaining();
    }

    /** Plaintext waiting, or a complete record not yet unwrapped. */
    @Override
    public boolean hasBufferedInput()
    {
        if (appIn.hasRemaining())
        {
            return true;
        }
        final int at = netIn.position();
        return netIn.remaining() >= RECORD_HEADER &&
            netIn.remaining() >= RECORD_HEADER + (netIn.getShort(at + 3) & 0xFFFF);
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

    private static boolean hasRemaining(final ByteBuffer[] srcs, final int offset, final int length)
    {
        for (int i = offset; i < offset + length; i++)
        {
            if (srcs[i].hasRemaining())
            {
                return true;
            }
        }
        return false;
    }

    private static int move(final ByteBuffer from, final ByteBuffer to)
    {
        final int n = Math.min(from.remaining(), to.remaining());
        if (n == 0)
        {
            return 0;
        }
        final int limit = from.limit();
        from.limit(from.position() + n);
        to.put(from);
        from.limit(limit);
        return n;
    }

    /** A bigger buffer in read mode with {@code b}'s unread bytes. */
    private static ByteBuffer grow(final ByteBuffer b, final int capacity)
    {
        final ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(capacity, b.remaining()));
        bigger.put(b).flip();
        return bigger;
    }
}
