package io.rankwire.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.LockSupport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One authenticated connection in engine-thread I/O mode ({@code rankwire.tcp.engineIo}): after
 * the Netty handshake, the thread driving the rank's engine reads, decodes and writes the
 * session's frames itself on the connection's JDK socket, with no event-loop hand-off in either
 * direction. Confined to that thread (the engine's lock), except construction and
 * {@link #preload}, which run on the event loop before the session is published.
 *
 * <p>Reading: {@link #poll} reads into one per-connection direct buffer, decodes frames in
 * place with the same checks as {@link FrameDecoder} (length first, type, body length), and
 * delivers each MESSAGE as a RECV completion viewing the buffer (no copy, no queue). READ_DATA
 * bodies of {@link #DIRECT_READ_MIN} bytes or more are read from the socket straight into their
 * reads' destinations (when such a chunk is expected, the read before it stops after the chunk's
 * header, see {@link #dataNext}); smaller ones are copied from the buffer. READ_REQUESTs are
 * answered by the {@link SessionWriter}. The buffer starts at 256 KiB and grows to one frame at
 * most.
 *
 * <pre>
 *  in:  | consumed | frame | frame | partial frame |  free  |
 *                  ^position                       ^limit
 * </pre>
 *
 * A malformed frame, an I/O error, or end of stream without GOODBYE fails the peer exactly as a
 * lost Netty connection does ({@link TcpTransport#connectionLost}).
 */
final class EngineSession
{
    private static final System.Logger LOG = System.getLogger(EngineSession.class.getName());
    private static final int INITIAL_BUFFER = 256 << 10;
    /** READ_DATA bodies at least this long are read from the socket straight into their destination. */
    private static final int DIRECT_READ_MIN = 16 << 10;
    /** The fixed part of a READ_DATA frame: what a read takes when the next frame is expected to be one. */
    private static final int DATA_HEADER = Frames.HEADER + Frames.READ_DATA_FIXED;

    final int peer;
    final Channel channel;
    final SocketChannel socket;
    final SessionWriter writer;
    private final TcpTransport transport;
    private final PeerLink link;
    private final int maxFrame;
    private final Completion completion = new Completion();
    private ByteBuffer in = ByteBuffer.allocateDirect(INITIAL_BUFFER).limit(0);
    private final UnsafeBuffer inView = new UnsafeBuffer(in);
    private PendingReads.Read current;
    private int streamRemaining;
    private ByteBuffer target;
    private int targetBase;
    private SelectionKey key;
    /** The socket's key in the {@link ReadySet}, or null. */
    private SelectionKey readyKey;
    private int interest = -1;
    /** The ready set saw the socket ready since the last poll (or the session is new: preloaded bytes). */
    private boolean ready = true;
    /** Polls of this session (for tests and monitoring). */
    private long polls;
    private boolean done;
    private volatile boolean backlog;
    /** READ_REQUESTs sent on this session whose reads have not ended here (a hint, see {@link #dataNext}). */
    private int readsExpected;
    /**
     * The next frame is probably a READ_DATA header: the next socket read into the read buffer
     * stops after {@link #DATA_HEADER} bytes, so the chunk's body then goes from the socket
     * straight into its destination instead of through the read buffer (a copy). Cleared by the
     * next frame header; costs at most one short read per chunk when the guess is wrong.
     */
    private boolean dataNext;

    EngineSession(final TcpTransport transport, final PeerLink link, final Channel channel, final SocketChannel socket)
    {
        this.transport = transport;
        this.link = link;
        this.peer = link.peer;
        this.channel = channel;
        this.socket = socket;
        this.maxFrame = transport.settings.maxFrame;
        this.writer = new SessionWriter(socket, channel.alloc(), transport.registry, transport.settings);
    }

    void key(final SelectionKey key)
    {
        this.key = key;
    }

    void readyKey(final SelectionKey key)
    {
        this.readyKey = key;
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

    /** Bytes the event loop read after the handshake's last frame; before publication only. */
    void preload(final ByteBuf bytes)
    {
        final int n = bytes.readableBytes();
        ensureCapacity(in.remaining() + n);
        in.compact();
        in.limit(in.position() + n);
        bytes.readBytes(in);
        in.flip();
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
        if (done)
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
            lost(false, e.toString());
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
            lost(false, e.toString());
        }
    }

    /** Sends one admitted READ_REQUEST frame for {@code length} bytes (ownership passes); its answer is expected next. */
    void sendReadRequest(final ByteBuf frame, final int length)
    {
        readsExpected++;
        dataNext |= length >= DIRECT_READ_MIN;
        send(frame);
    }

    /** Sends one admitted frame (ownership passes); a failure reports the peer lost. */
    void send(final ByteBuf frame)
    {
        if (done)
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
            lost(false, e.toString());
        }
    }

    /** Writes what waits, then reads and delivers up to {@code max} completions. */
    int poll(final CompletionHandler handler, final int max)
    {
        ready = false;
        polls++;
        int count = 0;
        try
        {
            link.adoptQueued(writer);
            if (writer.hasPending())
            {
                writer.flush();
            }
            count = decode(handler, max);
            while (count < max && !done)
            {
                if (target != null && !in.hasRemaining())
                {
                    if (!readIntoTarget())
                    {
                        break;
                    }
                    continue;
                }
                ensureCapacity(in.remaining() + 1);
                in.compact();
                if (dataNext)
                {
                    in.limit(Math.max(in.position() + 1, DATA_HEADER));
                }
                final int free = in.remaining();
                final int n = socket.read(in);
                in.flip();
                if (n < 0)
                {
                    lost(false, "end of stream");
                    break;
                }
                count += decode(handler, max - count);
                if (n < free)
                {
                    break;
                }
            }
            updateInterest();
        }
        catch (final IOException e)
        {
            lost(false, e.toString());
        }
        backlog = !done && count >= max && in.remaining() >= Frames.HEADER;
        return count;
    }

    private int decode(final CompletionHandler handler, final int max)
    {
        int count = 0;
        while (count < max && !done)
        {
            if (streamRemaining > 0)
            {
                if (!streamData())
                {
                    return count;
                }
                continue;
            }
            final int index = in.position();
            final int readable = in.remaining();
            if (readable < Frames.HEADER)
            {
                return count;
            }
            final long length = inView.getInt(index, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
            final int type = inView.getByte(index + Frames.TYPE_OFFSET) & 0xFF;
            if (length < 1 || length > maxFrame || !Frames.bodyLengthValid(type, (int)length - 1))
            {
                violation("malformed frame " + Frames.name(type) + " of length " + length + " (expected: 1.." + maxFrame + ")");
                return count;
            }
            dataNext &= type == Frames.READ_DATA;
            if (type == Frames.READ_DATA)
            {
                if (!startData(index, (int)length - 1))
                {
                    return count;
                }
                continue;
            }
            final int frameLength = Frames.LENGTH_FIELD + (int)length;
            if (readable < frameLength)
            {
                ensureCapacity(frameLength);
                return count;
            }
            in.position(index + frameLength);
            if (type == Frames.MESSAGE)
            {
                deliver(handler, index + Frames.BODY_OFFSET, frameLength - Frames.HEADER);
                count++;
            }
            else
            {
                onControl(type, index + Frames.BODY_OFFSET);
            }
        }
        return count;
    }

    private void deliver(final CompletionHandler handler, final int offset, final int length)
    {
        completion.reset().opcode(CompletionOpcode.RECV).peer(peer).buffer(inView, offset, length);
        try
        {
            handler.onCompletion(completion);
        }
        finally
        {
            completion.buffer(null, 0, 0);
        }
    }

    private void onControl(final int type, final int body)
    {
        switch (type)
        {
            case Frames.READ_REQUEST:
                try
                {
                    writer.onReadRequest(inView, body);
                }
                catch (final IOException e)
                {
                    lost(false, e.toString());
                }
                return;
            case Frames.READ_ERROR:
                final long id = inView.getLong(body, ByteOrder.BIG_ENDIAN);
                final int status = inView.getByte(body + 8) & 0xFF;
                if (!transport.pendingReads.onError(peer, id, status))
                {
                    violation("READ_ERROR for unknown request " + id);
                    return;
                }
                readEnded();
                return;
            case Frames.GOODBYE:
                lost(true, "GOODBYE");
                return;
            default:
                violation("unexpected " + Frames.name(type) + " frame in the session");
        }
    }

    private boolean startData(final int index, final int bodyLength)
    {
        final int fixed = Frames.HEADER + Frames.READ_DATA_FIXED;
        if (in.remaining() < fixed)
        {
            return false;
        }
        final long requestId = inView.getLong(index + Frames.BODY_OFFSET, ByteOrder.BIG_ENDIAN);
        final long offset = inView.getInt(index + Frames.BODY_OFFSET + 8, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        final int dataLength = bodyLength - Frames.READ_DATA_FIXED;
        final PendingReads.Read read = transport.pendingReads.get(requestId);
        final String violation = PendingReads.checkData(read, peer, requestId, offset, dataLength);
        if (violation != null)
        {
            violation(violation);
            return false;
        }
        in.position(index + fixed);
        dataNext = false;
        current = read;
        streamRemaining = dataLength;
        target = dataLength >= DIRECT_READ_MIN ? targetOf(read) : null;
        return true;
    }

    /**
     * A JDK view of {@code read}'s destination (array or {@code ByteBuffer} backed), so that a
     * large READ_DATA body goes from the socket straight into it; null for raw-address buffers,
     * whose chunks are copied from the read buffer instead.
     */
    private ByteBuffer targetOf(final PendingReads.Read read)
    {
        final ByteBuffer nio = read.dst.byteBuffer();
        final byte[] array = read.dst.byteArray();
        targetBase = (int)read.dst.wrapAdjustment() + read.dstOffset;
        if (nio != null)
        {
            return nio.duplicate();
        }
        return array != null ? ByteBuffer.wrap(array) : null;
    }

    /**
     * Reads the rest of the current READ_DATA body straight into its destination, never past the
     * chunk's end (checked against the read's range when the chunk started).
     *
     * @return true when the socket may have more (the read filled what was asked)
     */
    private boolean readIntoTarget() throws IOException
    {
        final int start = targetBase + current.received;
        target.clear().position(start).limit(start + streamRemaining);
        final int asked = streamRemaining;
        final int n = socket.read(target);
        if (n < 0)
        {
            lost(false, "end of stream");
            return false;
        }
        streamRemaining -= n;
        final PendingReads.Read read = current;
        if (streamRemaining == 0)
        {
            current = null;
            target = null;
        }
        final boolean completed = transport.pendingReads.advance(read, n);
        if (completed)
        {
            readEnded();
        }
        else if (streamRemaining == 0)
        {
            dataNext = read.length - read.received >= DIRECT_READ_MIN;
        }
        return n == asked;
    }

    private boolean streamData()
    {
        final int n = Math.min(in.remaining(), streamRemaining);
        if (n == 0)
        {
            return false;
        }
        final boolean completed = transport.pendingReads.onData(current, inView, in.position(), n);
        in.position(in.position() + n);
        streamRemaining -= n;
        if (streamRemaining == 0)
        {
            current = null;
            target = null;
        }
        if (completed)
        {
            readEnded();
        }
        return true;
    }

    /** A read from this peer ended (last byte or READ_ERROR): expect the next one's data if any is outstanding. */
    private void readEnded()
    {
        readsExpected = Math.max(0, readsExpected - 1);
        dataNext = readsExpected > 0;
    }

    private void ensureCapacity(final int needed)
    {
        if (needed <= in.capacity())
        {
            return;
        }
        final ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(needed, Math.min(in.capacity() * 2, maxFrame + Frames.LENGTH_FIELD)));
        bigger.put(in).flip();
        in = bigger;
        inView.wrap(in);
    }

    private void updateInterest()
    {
        final int ops = SelectionKey.OP_READ | (writer.hasPending() ? SelectionKey.OP_WRITE : 0);
        if (ops != interest && key != null && key.isValid())
        {
            interest = ops;
            key.interestOps(ops);
            if (readyKey != null && readyKey.isValid())
            {
                readyKey.interestOps(ops);
            }
        }
    }

    private void violation(final String why)
    {
        LOG.log(Level.WARNING, "rankwire-tcp: closing connection with rank " + peer + " at rank " + transport.rank + ": " + why);
        lost(false, why);
    }

    /**
     * Writes GOODBYE after everything queued, READ_DATA streams in progress included, and waits
     * until the socket took it all, up to {@code deadline}; the transport is closing.
     */
    void goodbye(final long deadline)
    {
        if (done)
        {
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
        LOG.log(Level.DEBUG, "rankwire-tcp: rank " + transport.rank + " ends its session with rank " + peer + ": " + why);
        release();
        transport.connectionLost(peer, channel, goodbye);
        channel.close();
    }

    /** Forgets queued output and stops taking part in the rank's kernel wait. */
    void release()
    {
        done = true;
        writer.clear();
        current = null;
        target = null;
        streamRemaining = 0;
        if (readyKey != null)
        {
            readyKey.cancel();
        }
        if (key != null)
        {
            key.cancel();
        }
        transport.engineIo.remove(this);
    }
}
