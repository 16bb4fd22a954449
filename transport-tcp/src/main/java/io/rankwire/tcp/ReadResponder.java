package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.rankwire.spi.CompletionStatus;

/**
 * The owner's side of software rendezvous on one connection (event-loop confined): answers
 * READ_REQUEST frames by streaming the registered region in READ_DATA chunks, wrapped from the
 * registered memory without copying, or with READ_ERROR when the rkey is unknown, the region was
 * deregistered or the range is out of bounds. Streams advance only while the channel is writable,
 * so a large read never queues more than the channel's high water mark plus one chunk.
 */
final class ReadResponder
{
    private static final System.Logger LOG = System.getLogger(ReadResponder.class.getName());

    private final MemoryRegistry registry;
    private final int chunk;
    private final ArrayDeque<ReadStream> streams = new ArrayDeque<>();

    ReadResponder(final MemoryRegistry registry, final int chunk)
    {
        this.registry = registry;
        this.chunk = chunk;
    }

    /** Handles a READ_REQUEST whose body starts at {@code frame}'s reader index. */
    void onRequest(final Channel ch, final ByteBuf frame)
    {
        final long id = frame.readLong();
        final long va = frame.readLong();
        final int rkey = frame.readInt();
        final long length = frame.readUnsignedInt();
        final MemoryRegistry.Region region = registry.lookup(rkey);
        if (region == null || region.isClosed() || !region.contains(va, length) || length == 0)
        {
            LOG.log(Level.DEBUG, "rankwire-tcp: refusing read of {0} bytes at 0x{1} rkey {2} from {3}",
                length, Long.toHexString(va), rkey, ch.remoteAddress());
            ch.writeAndFlush(Frames.readError(ch.alloc(), id, CompletionStatus.REMOTE_ACCESS_ERROR), ch.voidPromise());
            return;
        }
        streams.add(new ReadStream(id, region, (int)(va - region.va()), (int)length));
        pump(ch);
    }

    /** Writes chunks while the channel is writable; call again when it becomes writable. */
    void pump(final Channel ch)
    {
        boolean wrote = false;
        while (!streams.isEmpty() && ch.isWritable())
        {
            final ReadStream s = streams.peek();
            if (s.region.isClosed())
            {
                streams.poll();
                ch.write(Frames.readError(ch.alloc(), s.id, CompletionStatus.REMOTE_ACCESS_ERROR), ch.voidPromise());
                wrote = true;
                continue;
            }
            final int n = Math.min(chunk, s.length - s.sent);
            ch.write(Frames.readDataHeader(ch.alloc(), s.id, s.sent, n), ch.voidPromise());
            ch.write(Buffers.wrap(s.region.buffer(), s.region.offset() + s.start + s.sent, n), ch.voidPromise());
            wrote = true;
            s.sent += n;
            if (s.sent == s.length)
            {
                streams.poll();
            }
        }
        if (wrote)
        {
            ch.flush();
        }
    }

    /** Forgets unfinished streams (the connection is gone). */
    void clear()
    {
        streams.clear();
    }
}
