package io.rankwire.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.netty.buffer.ByteBuf;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The one frame reader of a session: a cursor over one direct buffer that {@link #fill} reads
 * the connection into and {@link #decode} walks frame by frame, with every check of the session's
 * wire rules (length first, then type and body length, {@link Frames#violation}; READ_DATA
 * against its read, {@link PendingReads#checkData}). Tests drive it with bytes of their own.
 * Confined to the thread driving the rank's engine.
 *
 * <p>MESSAGE frames go to the {@link Sink} as views of the buffer (no copy, no queue), as do
 * READ_REQUEST and GOODBYE. READ_DATA bodies of {@link #DIRECT_READ_MIN} bytes or more are read
 * from the connection straight into their reads' destinations ({@link #readIntoTarget}; when such
 * a chunk is expected, {@link #fill} stops after the chunk's header, see {@link #dataNext});
 * smaller ones are copied from the buffer. READ_ERROR ends its read here. The buffer starts at
 * 256 KiB and grows to one frame at most.
 *
 * <pre>
 *  in:  | consumed | frame | frame | partial frame |  free  |
 *                  ^position                       ^limit
 * </pre>
 */
final class FrameReader
{
    /** READ_DATA bodies at least this long are read from the connection straight into their destination. */
    static final int DIRECT_READ_MIN = 16 << 10;
    private static final int INITIAL_BUFFER = 256 << 10;
    /** The fixed part of a READ_DATA frame: what a read takes when the next frame is expected to be one. */
    private static final int DATA_HEADER = Frames.HEADER + Frames.READ_DATA_FIXED;

    /** Where decoded frames go. */
    interface Sink
    {
        /** A MESSAGE frame's body (TMH and payload) at {@code buffer[offset, offset + length)}, valid during the call. */
        void onMessage(DirectBuffer buffer, int offset, int length);

        /** A READ_REQUEST whose body starts at {@code buffer[body]}. */
        void onReadRequest(DirectBuffer buffer, int body) throws IOException;

        /** The peer said GOODBYE: nothing follows. */
        void onGoodbye();

        /** The stream broke a wire rule: nothing more is decoded. */
        void onViolation(String why);
    }

    private final int peer;
    private final int maxFrame;
    private final PendingReads reads;
    private ByteBuffer in = ByteBuffer.allocateDirect(INITIAL_BUFFER).limit(0);
    private final UnsafeBuffer inView = new UnsafeBuffer(in);
    private PendingReads.Read current;
    /** The id {@link #current} had when its chunk started: a pooled read failed and reused meanwhile has another. */
    private long currentId;
    /** The buffer (a {@code ByteBuffer} or an array) {@link #targetView} views: one view per destination, reused. */
    private Object targetSource;
    private ByteBuffer targetView;
    private int streamRemaining;
    private ByteBuffer target;
    private int targetBase;
    private boolean filled;
    private boolean stopped;
    /** READ_REQUESTs sent whose reads have not ended here (a hint, see {@link #dataNext}). */
    private int readsExpected;
    /**
     * The next frame is probably a READ_DATA header: the next {@link #fill} stops after
     * {@link #DATA_HEADER} bytes, so the chunk's body then goes from the connection straight into
     * its destination instead of through this buffer (a copy). Cleared by the next frame header;
     * costs at most one short read per chunk when the guess is wrong.
     */
    private boolean dataNext;

    FrameReader(final int peer, final int maxFrame, final PendingReads reads)
    {
        this.peer = peer;
        this.maxFrame = maxFrame;
        this.reads = reads;
    }

    /** A READ_REQUEST for {@code length} bytes went out: its READ_DATA is expected. */
    void expectRead(final int length)
    {
        readsExpected++;
        dataNext |= length >= DIRECT_READ_MIN;
    }

    /** Appends {@code bytes} (read elsewhere, e.g. before the session started, or by a test). */
    void preload(final ByteBuf bytes)
    {
        final int n = bytes.readableBytes();
        ensureCapacity(in.remaining() + n);
        in.compact();
        in.limit(in.position() + n);
        bytes.readBytes(in);
        in.flip();
    }

    /** Whether a complete frame header waits to be decoded. */
    boolean hasBacklog()
    {
        return !stopped && in.remaining() >= Frames.HEADER;
    }

    /** Whether the next bytes go straight into a READ_DATA destination ({@link #readIntoTarget}). */
    boolean wantsTarget()
    {
        return target != null && !in.hasRemaining();
    }

    /** Whether the last {@link #fill} or {@link #readIntoTarget} got all it asked for (the connection may have more). */
    boolean filled()
    {
        return filled;
    }

    /** Reads from {@code wire} into the free part of the buffer: bytes read, or -1 at the end of the stream. */
    int fill(final WireChannel wire) throws IOException
    {
        ensureCapacity(in.remaining() + 1);
        in.compact();
        if (dataNext)
        {
            in.limit(Math.max(in.position() + 1, DATA_HEADER));
        }
        final int free = in.remaining();
        final int n;
        try
        {
            n = wire.read(in);
        }
        finally
        {
            in.flip();
        }
        filled = n == free;
        return n;
    }

    /**
     * Reads the rest of the current READ_DATA body straight into its destination, never past the
     * chunk's end (checked against the read's range when the chunk started): bytes read, or -1 at
     * the end of the stream.
     */
    int readIntoTarget(final WireChannel wire) throws IOException
    {
        if (current.id != currentId)
        {
            clear(); // the read was failed under this stream (its connection is lost): read nothing more
            return -1;
        }
        final int start = targetBase + current.received;
        target.clear().position(start).limit(start + streamRemaining);
        final int asked = streamRemaining;
        final int n = wire.read(target);
        if (n < 0)
        {
            return n;
        }
        filled = n == asked;
        streamRemaining -= n;
        final PendingReads.Read read = current;
        if (streamRemaining == 0)
        {
            current = null;
            target = null;
        }
        if (reads.advance(read, n))
        {
            readEnded();
        }
        else if (streamRemaining == 0)
        {
            dataNext = read.length - read.received >= DIRECT_READ_MIN;
        }
        return n;
    }

    /** Decodes complete frames; returns the MESSAGE frames delivered, at most {@code max}. */
    int decode(final Sink sink, final int max) throws IOException
    {
        int count = 0;
        while (count < max && !stopped)
        {
            if (streamRemaining > 0)
            {
                if (!streamData(sink))
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
            final String violation = Frames.violation(length, type, maxFrame);
            if (violation != null)
            {
                stop(sink, violation);
                return count;
            }
            dataNext &= type == Frames.READ_DATA;
            if (type == Frames.READ_DATA)
            {
                if (!startData(sink, index, (int)length - 1))
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
                sink.onMessage(inView, index + Frames.BODY_OFFSET, frameLength - Frames.HEADER);
                count++;
            }
            else
            {
                onControl(sink, type, index + Frames.BODY_OFFSET);
            }
        }
        return count;
    }

    private void onControl(final Sink sink, final int type, final int body) throws IOException
    {
        switch (type)
        {
            case Frames.READ_REQUEST:
                sink.onReadRequest(inView, body);
                return;
            case Frames.READ_ERROR:
                final long id = inView.getLong(body, ByteOrder.BIG_ENDIAN);
                final int status = inView.getByte(body + 8) & 0xFF;
                if (!reads.onError(peer, id, status))
                {
                    stop(sink, "READ_ERROR for unknown request " + id);
                    return;
                }
                readEnded();
                return;
            case Frames.GOODBYE:
                stopped = true;
                sink.onGoodbye();
                return;
            default:
                stop(sink, "unexpected " + Frames.name(type) + " frame in the session");
        }
    }

    private boolean startData(final Sink sink, final int index, final int bodyLength)
    {
        if (in.remaining() < DATA_HEADER)
        {
            return false;
        }
        final long requestId = inView.getLong(index + Frames.BODY_OFFSET, ByteOrder.BIG_ENDIAN);
        final long offset = inView.getInt(index + Frames.BODY_OFFSET + 8, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        final int dataLength = bodyLength - Frames.READ_DATA_FIXED;
        final PendingReads.Read read = reads.get(requestId);
        final String violation = PendingReads.checkData(read, peer, requestId, offset, dataLength);
        if (violation != null)
        {
            stop(sink, violation);
            return false;
        }
        in.position(index + DATA_HEADER);
        dataNext = false;
        current = read;
        currentId = requestId;
        streamRemaining = dataLength;
        target = dataLength >= DIRECT_READ_MIN ? targetOf(read) : null;
        return true;
    }

    /**
     * A JDK view of {@code read}'s destination (array or {@code ByteBuffer} backed), so that a
     * large READ_DATA body goes from the connection straight into it; null for raw-address
     * buffers, whose chunks are copied from this buffer instead.
     */
    private ByteBuffer targetOf(final PendingReads.Read read)
    {
        final ByteBuffer nio = read.dst.byteBuffer();
        final byte[] array = read.dst.byteArray();
        targetBase = (int)read.dst.wrapAdjustment() + read.dstOffset;
        final Object source = nio != null ? nio : array;
        if (source == null)
        {
            return null;
        }
        if (source != targetSource)
        {
            targetSource = source;
            targetView = nio != null ? nio.duplicate() : ByteBuffer.wrap(array);
        }
        return targetView;
    }

    private boolean streamData(final Sink sink)
    {
        final int n = Math.min(in.remaining(), streamRemaining);
        if (n == 0)
        {
            return false;
        }
        if (current.id != currentId)
        {
            stop(sink, "READ_DATA for request " + currentId + ", which failed meanwhile");
            return false;
        }
        final boolean completed = reads.onData(current, inView, in.position(), n);
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

    private void stop(final Sink sink, final String why)
    {
        stopped = true;
        sink.onViolation(why);
    }

    /** Decodes nothing more and forgets the READ_DATA stream in progress; the connection is gone. */
    void clear()
    {
        stopped = true;
        current = null;
        target = null;
        targetSource = null; // do not keep the last destination reachable
        targetView = null;
        streamRemaining = 0;
    }

    private void ensureCapacity(final int needed)
    {
        if (needed <= in.capacity())
        {
            return;
        }
        final ByteBuffer bigger = ByteBuffer.allocateDirect(
            Math.max(needed, Math.min(in.capacity() * 2, maxFrame + Frames.LENGTH_FIELD)));
        bigger.put(in).flip();
        in = bigger;
        inView.wrap(in);
    }
}
