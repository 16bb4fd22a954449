package io.rankwire.tcp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.buffer.ByteBuf;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The reader's side of software rendezvous: every {@code postRead} in flight, by request id.
 * READ_DATA chunks must arrive in order and inside the requested range ({@link #checkData}); the
 * session's {@link FrameReader} streams them straight into the destination, never outside
 * {@code dst[dstOffset, dstOffset + length)}. Whoever removes
 * a request from the map (the last chunk, a READ_ERROR, a peer failure) publishes its one READ
 * completion.
 */
final class PendingReads
{
    private final ConcurrentHashMap<Long, Read> reads = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final InboundQueue inbound;

    /** One read in flight. */
    static final class Read
    {
        final long id;
        final int peer;
        final MutableDirectBuffer dst;
        final int dstOffset;
        final int length;
        final long wrId;
        volatile int received;

        Read(final long id, final int peer, final MutableDirectBuffer dst, final int dstOffset, final int length,
            final long wrId)
        {
            this.id = id;
            this.peer = peer;
            this.dst = dst;
            this.dstOffset = dstOffset;
            this.length = length;
            this.wrId = wrId;
        }
    }

    PendingReads(final InboundQueue inbound)
    {
        this.inbound = inbound;
    }

    Read add(final int peer, final MutableDirectBuffer dst, final int dstOffset, final int length, final long wrId)
    {
        final Read read = new Read(nextId.getAndIncrement(), peer, dst, dstOffset, length, wrId);
        reads.put(read.id, read);
        return read;
    }

    /** Forgets a read whose request could not be sent; false if it completed meanwhile. */
    boolean cancel(final Read read)
    {
        return reads.remove(read.id, read);
    }

    /** The read in flight with {@code requestId}, or null. */
    Read get(final long requestId)
    {
        return reads.get(requestId);
    }

    /**
     * Why a READ_DATA header from {@code peer} for {@code read} (looked up by {@code requestId},
     * maybe null) is a violation, or null when it is the next chunk of that read.
     */
    static String checkData(final Read read, final int peer, final long requestId, final long offset, final int length)
    {
        if (read == null || read.peer != peer)
        {
            return "READ_DATA for unknown request " + requestId;
        }
        if (offset != read.received || length > read.length - read.received)
        {
            return "READ_DATA at offset " + offset + " length " + length + " for request " + requestId +
                " (expected: offset " + read.received + ", at most " + (read.length - read.received) + " bytes)";
        }
        return null;
    }

    /**
     * Copies the next {@code length} bytes of {@code read}'s data from {@code src[index, ...)} into
     * its destination, completing it with the last byte. True when it completed.
     */
    boolean onData(final Read read, final DirectBuffer src, final int index, final int length)
    {
        read.dst.putBytes(read.dstOffset + read.received, src, index, length);
        read.received += length;
        if (read.received == read.length)
        {
            complete(read, CompletionStatus.SUCCESS);
            return true;
        }
        return false;
    }

    /**
     * Accounts for {@code length} bytes the caller has put straight into {@code read}'s
     * destination, completing it with the last byte. True when it completed.
     */
    boolean advance(final Read read, final int length)
    {
        read.received += length;
        if (read.received == read.length)
        {
            complete(read, CompletionStatus.SUCCESS);
            return true;
        }
        return false;
    }

    /** Applies a READ_ERROR; false when the request is unknown. */
    boolean onError(final int peer, final long id, final int status)
    {
        final Read read = reads.get(id);
        if (read == null || read.peer != peer)
        {
            return false;
        }
        complete(read, status == CompletionStatus.REMOTE_ACCESS_ERROR ? status : CompletionStatus.REMOTE_ACCESS_ERROR);
        return true;
    }

    /** Fails every read from {@code peer} with PEER_FAILED. */
    void failPeer(final int peer)
    {
        for (final Read read : reads.values())
        {
            if (read.peer == peer)
            {
                complete(read, CompletionStatus.PEER_FAILED);
            }
        }
    }

    void complete(final Read read, final int status)
    {
        if (reads.remove(read.id, read))
        {
            inbound.offerEvent(CompletionOpcode.READ, read.peer, status, read.wrId);
        }
    }

    /** Bytes received so far by reads in flight (for monitoring and tests). */
    long receivedBytes()
    {
        long sum = 0;
        for (final Read read : reads.values())
        {
            sum += read.received;
        }
        return sum;
    }

    void clear()
    {
        reads.clear();
    }
}
