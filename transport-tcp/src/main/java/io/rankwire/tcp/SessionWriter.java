package io.rankwire.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.RegionSlots;
import io.rankwire.spi.ReturnCode;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The sending half of an {@link EngineSession}, its one writer: the rank's thread writes frames
 * straight to the connection ({@link WireChannel}). Confined to the thread driving the rank's engine (under its lock).
 *
 * <p>When nothing is waiting, a MESSAGE frame ({@code length | type | TMH | payload}) is
 * gathered into one preallocated direct buffer and written with one {@code write} call; no
 * allocation, no hand-off. What the socket does not take (a partial write), and every frame
 * posted while others wait, is queued in order as pooled buffers and written by {@link #flush}
 * on the next poll; the rank's kernel wait also wakes when the socket turns writable. So frames
 * never interleave and a single writer owns the socket.
 *
 * <p>The same writer answers READ_REQUESTs: when the queue has drained, the stream at the head
 * starts its next READ_DATA chunk, written as one gathering {@code write} of a preallocated
 * header and the region's bytes (a view of its {@code ByteBuffer}, no copy; a heap array or raw
 * address is first copied once into a preallocated direct staging buffer, so the JDK never copies
 * a heap buffer again for each partial write). A chunk, once started, is finished before anything
 * queued behind it; MESSAGE frames pass between chunks, and a large read holds at most one chunk.
 *
 * <pre>
 *  chunk: | length u32 | 7 | request id u64 | offset u32 |  region bytes [sent, sent + n)  |
 *         |&lt;------------ header (17, preallocated) ------&gt;|&lt;- view or staging copy -&gt;|
 * </pre>
 */
final class SessionWriter
{
    /** Queued bytes above which MESSAGE frames are refused with BACK_PRESSURED (the high water mark). */
    static final long HIGH_WATER = 8 << 20;
    private static final int DIRECT_CAPACITY = Frames.HEADER + Frames.TMH + (64 << 10);

    private final WireChannel socket;
    private final ByteBufAllocator alloc;
    private final RegionSlots registry;
    private final int chunk;
    private final int maxFrames;
    private final long maxBytes;
    private final ByteBuffer direct = ByteBuffer.allocateDirect(DIRECT_CAPACITY);
    private final UnsafeBuffer directView = new UnsafeBuffer(direct);
    private final ArrayDeque<ByteBuf> out = new ArrayDeque<>();
    private final ArrayDeque<ReadStream> streams = new ArrayDeque<>();
    private final ArrayDeque<ReadStream> spareStreams = new ArrayDeque<>();
    /** The region buffer {@link #view} views: one view per source buffer, reused while it stays the same. */
    private ByteBuffer viewSource;
    private ByteBuffer view;
    private final ByteBuffer chunkHeader = ByteBuffer.allocateDirect(Frames.HEADER + Frames.READ_DATA_FIXED);
    private final ByteBuffer[] chunkParts = {chunkHeader, null};
    private ByteBuffer staging;
    private boolean inChunk;
    private long outBytes;

    SessionWriter(
        final WireChannel socket, final ByteBufAllocator alloc, final RegionSlots registry, final TcpSettings settings)
    {
        this.socket = socket;
        this.alloc = alloc;
        this.registry = registry;
        this.chunk = settings.readChunk;
        this.maxFrames = settings.sendQueue;
        this.maxBytes = settings.sendQueueBytes;
    }

    /** Whether anything waits for the socket to turn writable. */
    boolean hasPending()
    {
        return inChunk || !out.isEmpty() || !streams.isEmpty() || socket.hasPendingOutput();
    }

    /**
     * Whether a frame of {@code length} bytes may be posted now (after trying to write what is
     * queued): {@link ReturnCode#OK} or {@link ReturnCode#BACK_PRESSURED}. {@code request}
     * frames (READ_REQUEST) ignore the high water mark: they are tiny and their answers
     * are paced by the peer; refusing them while this side streams READ_DATA would only stall
     * reads in the other direction.
     */
    int admit(final int length, final boolean request) throws IOException
    {
        if (inChunk || !out.isEmpty())
        {
            flush();
        }
        if (out.size() >= maxFrames || outBytes + length > maxBytes || (!request && outBytes >= HIGH_WATER))
        {
            return ReturnCode.BACK_PRESSURED;
        }
        return ReturnCode.OK;
    }

    /** Writes one MESSAGE frame: directly when nothing waits, otherwise queued behind the rest. */
    void sendMessage(
        final DirectBuffer header, final int hdrOffset, final int hdrLength,
        final DirectBuffer payload, final int payloadOffset, final int payloadLength) throws IOException
    {
        final int frameLength = Frames.HEADER + hdrLength + payloadLength;
        if (inChunk || !out.isEmpty() || frameLength > DIRECT_CAPACITY)
        {
            final ByteBuf frame = alloc.directBuffer(frameLength);
            frame.writeInt(1 + hdrLength + payloadLength);
            frame.writeByte(Frames.MESSAGE);
            Buffers.append(frame, header, hdrOffset, hdrLength);
            Buffers.append(frame, payload, payloadOffset, payloadLength);
            queue(frame);
            return;
        }
        directView.putInt(0, 1 + hdrLength + payloadLength, ByteOrder.BIG_ENDIAN);
        directView.putByte(Frames.TYPE_OFFSET, Frames.MESSAGE);
        directView.putBytes(Frames.BODY_OFFSET, header, hdrOffset, hdrLength);
        if (payloadLength > 0)
        {
            directView.putBytes(Frames.BODY_OFFSET + hdrLength, payload, payloadOffset, payloadLength);
        }
        direct.limit(frameLength).position(0);
        socket.write(direct);
        if (direct.hasRemaining())
        {
            final ByteBuf rest = alloc.directBuffer(direct.remaining());
            rest.writeBytes(direct);
            out.add(rest);
            outBytes += rest.readableBytes();
        }
    }

    /** Queues a finished frame (ownership passes) behind the others and writes what it can. */
    void queue(final ByteBuf frame) throws IOException
    {
        out.add(frame);
        outBytes += frame.readableBytes();
        flush();
    }

    /** Starts answering a READ_REQUEST whose body is at {@code buffer[index, index + 24)}. */
    void onReadRequest(final DirectBuffer buffer, final int index) throws IOException
    {
        final long id = buffer.getLong(index, ByteOrder.BIG_ENDIAN);
        final long va = buffer.getLong(index + 8, ByteOrder.BIG_ENDIAN);
        final int rkey = buffer.getInt(index + 16, ByteOrder.BIG_ENDIAN);
        final long length = buffer.getInt(index + 20, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
        final RegionSlots.Region region = registry.lookup(rkey);
        if (region == null || !region.contains(va, length) || length == 0)
        {
            queue(Frames.readError(alloc, id, CompletionStatus.REMOTE_ACCESS_ERROR));
            return;
        }
        final ReadStream s = spareStreams.isEmpty() ? new ReadStream() : spareStreams.pollFirst();
        streams.add(s.set(id, region, rkey, (int)(va - region.va()), (int)length));
        flush();
    }

    /**
     * Writes the chunk in progress and queued frames until the socket takes no more, then the next
     * chunks of READ_DATA streams while the queue stays empty.
     *
     * @return true when something was written
     */
    boolean flush() throws IOException
    {
        boolean wrote = false;
        if (!socket.flushOutput())
        {
            return false;
        }
        while (true)
        {
            if (inChunk)
            {
                wrote |= socket.write(chunkParts) > 0;
                if (chunkParts[1].hasRemaining())
                {
                    return wrote;
                }
                inChunk = false;
                chunkParts[1] = null;
            }
            while (!out.isEmpty())
            {
                final ByteBuf b = out.peek();
                final int n = b.readBytes(socket, b.readableBytes());
                if (n > 0)
                {
                    wrote = true;
                    outBytes -= n;
                }
                if (b.isReadable())
                {
                    return wrote;
                }
                out.poll();
                b.release();
            }
            if (streams.isEmpty())
            {
                return wrote;
            }
            nextChunk();
        }
    }

    private void nextChunk()
    {
        final ReadStream s = streams.peek();
        if (!s.region.isLive(s.rkey))
        {
            append(Frames.readError(alloc, s.id, CompletionStatus.REMOTE_ACCESS_ERROR));
            recycle(streams.poll());
            return;
        }
        final int n = Math.min(chunk, s.length - s.sent);
        chunkHeader.clear();
        chunkHeader.putInt(1 + Frames.READ_DATA_FIXED + n).put(Frames.READ_DATA).putLong(s.id).putInt(s.sent).flip();
        chunkParts[1] = body(s, n);
        inChunk = true;
        s.sent += n;
        if (s.sent == s.length)
        {
            recycle(streams.poll());
        }
    }

    /**
     * The next {@code n} bytes of {@code s}'s range: a view of the region's {@code ByteBuffer}
     * (made once per stream), or a copy in the staging buffer for heap arrays and raw addresses.
     */
    private ByteBuffer body(final ReadStream s, final int n)
    {
        final DirectBuffer buffer = s.region.buffer();
        final int index = s.region.offset() + s.start + s.sent;
        final ByteBuffer nio = buffer.byteBuffer();
        if (nio != null && nio.isDirect())
        {
            if (nio != viewSource)
            {
                viewSource = nio;
                view = nio.duplicate();
            }
            final int start = (int)buffer.wrapAdjustment() + index;
            return view.clear().limit(start + n).position(start);
        }
        if (staging == null || staging.capacity() < n)
        {
            staging = ByteBuffer.allocateDirect(chunk);
        }
        staging.clear();
        buffer.getBytes(index, staging, 0, n);
        return staging.limit(n);
    }

    private void recycle(final ReadStream s)
    {
        s.region = null;
        spareStreams.addFirst(s);
    }

    private void append(final ByteBuf b)
    {
        out.add(b);
        outBytes += b.readableBytes();
    }

    /** Releases everything queued; the connection is gone. */
    void clear()
    {
        ByteBuf b;
        while ((b = out.poll()) != null)
        {
            b.release();
        }
        outBytes = 0;
        ReadStream s;
        while ((s = streams.poll()) != null)
        {
            recycle(s);
        }
        inChunk = false;
        chunkParts[1] = null;
        viewSource = null; // do not keep the last region's buffer reachable
        view = null;
    }
}
