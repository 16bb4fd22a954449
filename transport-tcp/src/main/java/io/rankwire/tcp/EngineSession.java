package io.rankwire.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.LockSupport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.DirectBuffer;

/**
 * One authenticated connection: after the Netty handshake ({@link HandshakeHandler}) the thread
 * driving the rank's engine reads, decodes and writes the session's frames itself, plain or
 * through TLS ({@link WireChannel}), with no event-loop hand-off in either direction. Confined to
 * that thread (the engine's lock), except construction and {@link #preload}, which run on the
 * event loop before the session is published.
 *
 * <p>Reading: {@link #poll} fills the {@link FrameReader} and delivers each MESSAGE as a RECV
 * completion viewing its buffer; READ_REQUESTs are answered by the {@link SessionWriter}, the one
 * writer of the connection.
 *
 * <p>A malformed frame, an I/O error, or end of stream without GOODBYE fails the peer
 * ({@link Peers#connectionLost}); GOODBYE ends the session in order.
 */
final class EngineSession implements FrameReader.Sink
{
    private static final System.Logger LOG = System.getLogger(EngineSession.class.getName());

    final int peer;
    final Channel channel;
    final SocketChannel socket;
    final SessionWriter writer;
    private final WireChannel wire;
    private final TcpContext tcp;
    private final Peers peers;
    private final PeerLink link;
    private final FrameReader reader;
    private final Completion completion = new Completion();
    private CompletionHandler handler;
    /** The socket's registrations (selector, ready set, shared wait). */
    final SessionKeys keys = new SessionKeys();
    /** The ready set saw the socket ready since the last poll (or the session is new: preloaded bytes). */
    private boolean ready = true;
    /** Polls of this session (for tests and monitoring). */
    private long polls;
    private boolean done;
    /** Why a write failed, or null: the read side then decides how the session ends (see {@link #writeFailed}). */
    private String writeError;
    private volatile boolean backlog;

    /** A session on {@code link}'s connection; its end is reported to {@code peers}. */
    EngineSession(
        final TcpContext tcp, final Peers peers, final PeerLink link, final Channel channel, final SocketChannel socket,
        final WireChannel wire)
    {
        this.tcp = tcp;
        this.peers = peers;
        this.link = link;
        this.peer = link.peer;
        this.channel = channel;
        this.socket = socket;
        this.wire = wire;
        this.reader = new FrameReader(peer, tcp.settings.maxFrame, tcp.pendingReads);
        this.writer = new SessionWriter(wire, channel.alloc(), tcp.registry, tcp.settings);
    }

    /** How many times this session was polled (for tests and monitoring); engine thread. */
    long polls()
    {
        return polls;
    }

    /** The ready set reports the socket ready; engine thread. */
    void markReady()
    {
        ready = true;
    }

    /** Whether a poll has anything to do here: socket ready, frames already read, or output waiting; engine thread. */
    boolean needsPoll()
    {
        return ready || backlog || writer.hasPending() || link.queuedBytes() > 0;
    }

    /** Session bytes the event loop read after the handshake's last frame; before publication only. */
    void preload(final ByteBuf bytes)
    {
        reader.preload(bytes);
    }

    /** Ciphertext the event loop read and did not decrypt after a TLS handshake; before publication only. */
    void preloadCiphertext(final ByteBuf bytes)
    {
        ((TlsWire)wire).preload(bytes);
    }

    /**
     * On the event loop, before publication: writes what was queued for the peer before the
     * connection was ready, so those frames do not wait for the rank's next poll. What the socket
     * does not take stays queued for the rank's thread; an error is left for its next poll to find.
     */
    void flushQueued()
    {
        try
        {
            link.adoptQueued(writer);
            writer.flush();
        }
        catch (final IOException e)
        {
            LOG.log(Level.DEBUG, "rankwire-tcp: early frames to rank " + peer + " not written: " + e);
        }
    }

    /** Whether this session runs through TLS (for tests and monitoring). */
    boolean isTls()
    {
        return wire instanceof TlsWire;
    }

    boolean isDone()
    {
        return done;
    }

    /** Whether frames already read wait for the next poll (the last one stopped at its limit); any thread. */
    boolean hasInput()
    {
        return backlog;
    }

    /** {@link ReturnCode} of admitting a frame of {@code length} bytes; engine thread. */
    int admit(final int length, final boolean request)
    {
        if (done || writeError != null)
        {
            return ReturnCode.PEER_FAILED;
        }
        try
        {
            link.adoptQueued(writer);
            final int rc = writer.admit(length, request);
            updateInterest();
            return rc;
        }
        catch (final IOException e)
        {
            writeFailed(e);
            return ReturnCode.PEER_FAILED;
        }
    }

    /** Sends one admitted MESSAGE frame. A failure reports the peer lost; the call still succeeds. */
    void sendMessage(
        final DirectBuffer header, final int hdrOffset, final int hdrLength,
        final DirectBuffer payload, final int payloadOffset, final int payloadLength)
    {
        try
        {
            writer.sendMessage(header, hdrOffset, hdrLength, payload, payloadOffset, payloadLength);
            updateInterest();
        }
        catch (final IOException e)
        {
            writeFailed(e);
        }
    }

    /** Sends one admitted READ_REQUEST frame for {@code length} bytes (ownership passes); its answer is expected next. */
    void sendReadRequest(final ByteBuf frame, final int length)
    {
        reader.expectRead(length);
        if (done || writeError != null)
        {
            frame.release();
            return;
        }
        try
        {
            writer.queue(frame);
            updateInterest();
        }
        catch (final IOException e)
        {
            writeFailed(e);
        }
    }

    /** Writes what waits, then reads and delivers up to {@code max} completions. */
    int poll(final CompletionHandler handler, final int max)
    {
        ready = false;
        polls++;
        this.handler = handler;
        int count = 0;
        try
        {
            flushPending();
            count = reader.decode(this, max);
            while (count < max && !done)
            {
                final int n = reader.wantsTarget() ? reader.readIntoTarget(wire) : reader.fill(wire);
                if (n < 0)
                {
                    lost(false, "end of stream");
                    break;
                }
                count += reader.decode(this, max - count);
                if (!reader.filled())
                {
                    break;
                }
            }
            if (writeError != null && count < max && !reader.filled())
            {
                lost(false, writeError); // the peer's input ended without GOODBYE: a real failure
            }
            updateInterest();
        }
        catch (final IOException e)
        {
            lost(false, e.toString());
        }
        finally
        {
            this.handler = null;
        }
        backlog = !done && (count >= max && reader.hasBacklog() || wire.hasBufferedInput());
        return count;
    }

    private void flushPending() throws IOException
    {
        if (writeError != null)
        {
            return;
        }
        try
        {
            link.adoptQueued(writer);
            if (writer.hasPending())
            {
                writer.flush();
            }
        }
        catch (final IOException e)
        {
            writeFailed(e);
        }
    }

    /**
     * A write failed (the peer reset the connection, or closed it): drops the output and leaves the
     * verdict to the read side, because a peer that closes in order sends GOODBYE first and the
     * GOODBYE may still wait unread in this socket. The next poll delivers what the peer sent and
     * then ends the session: in order at GOODBYE, as a failure at the end of the stream or an
     * error. Sends meanwhile return PEER_FAILED. Without this, a write to a peer that has just
     * finalized would report it lost.
     */
    private void writeFailed(final IOException e)
    {
        if (done || writeError != null)
        {
            return;
        }
        writeError = "write failed: " + e;
        writer.clear();
        ready = true;
        backlog = true;
        tcp.inbound.signal();
    }

    @Override
    public void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        completion.reset().opcode(CompletionOpcode.RECV).peer(peer).buffer(buffer, offset, length);
        try
        {
            handler.onCompletion(completion);
        }
        finally
        {
            completion.buffer(null, 0, 0);
        }
    }

    @Override
    public void onReadRequest(final DirectBuffer buffer, final int body) throws IOException
    {
        writer.onReadRequest(buffer, body);
    }

    @Override
    public void onGoodbye()
    {
        lost(true, "GOODBYE");
    }

    @Override
    public void onViolation(final String why)
    {
        LOG.log(Level.WARNING, "rankwire-tcp: closing connection with rank " + peer + " at rank " + tcp.rank + ": " + why);
        lost(false, why);
    }

    private void updateInterest()
    {
        keys.interest(writer.hasPending());
    }

    /**
     * Writes GOODBYE after everything queued, READ_DATA streams in progress included, and waits
     * until the socket took it all, up to {@code deadline}; the transport is closing.
     */
    void goodbye(final long deadline)
    {
        if (done || writeError != null)
        {
            release();
            return;
        }
        try
        {
            link.adoptQueued(writer);
            drain(deadline); // READ_DATA streams the peer asked for end before GOODBYE, not after it
            writer.queue(Frames.goodbye(channel.alloc()));
            drain(deadline);
        }
        catch (final IOException e)
        {
            LOG.log(Level.DEBUG, "rankwire-tcp: GOODBYE to rank " + peer + " not sent: " + e);
        }
        release();
    }

    private void drain(final long deadline) throws IOException
    {
        while (!done && writer.hasPending() && System.nanoTime() - deadline < 0)
        {
            if (!writer.flush())
            {
                LockSupport.parkNanos(100_000);
            }
        }
    }

    /** The connection ended: GOODBYE (an orderly close) or a failure. Reported once. */
    void lost(final boolean goodbye, final String why)
    {
        if (done)
        {
            return;
        }
        LOG.log(Level.DEBUG, "rankwire-tcp: rank " + tcp.rank + " ends its session with rank " + peer + ": " + why);
        release();
        peers.connectionLost(peer, channel, goodbye);
        channel.close();
    }

    /** Forgets queued output and stops taking part in the rank's kernel wait. */
    void release()
    {
        done = true;
        writer.clear();
        reader.clear();
        keys.cancel();
        tcp.engineIo.remove(this);
    }
}
