package io.rankwire.tcp;

import java.util.ArrayDeque;
import java.util.ArrayList;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * The reader's side of software rendezvous: every {@code postRead} in flight, by request id.
 * READ_DATA chunks must arrive in order and inside the requested range ({@link #checkData}); the
 * session's {@link FrameReader} streams them straight into the destination, never outside
 * {@code dst[dstOffset, dstOffset + length)}. Whoever removes
 * a request from the table (the last chunk, a READ_ERROR, a peer failure) publishes its one READ
 * completion, and the read goes back to a pool: nothing is allocated per read once warm.
 *
 * <p>Threads: the rank's engine thread adds, streams and completes reads; an event loop may fail
 * a peer's reads ({@link #failPeer}, a connection lost before or during its handshake). The table
 * and the pool are guarded by this object's monitor (taken once per read and per READ_DATA chunk,
 * uncontended but for failures). A pooled read gets a new id when it is reused, and only the
 * engine thread reuses one, so a {@link FrameReader} that still holds a read failed under it
 * sees the id change ({@link Read#id}) before it would write into another read's destination.
 */
final class PendingReads
{
    private final Long2ObjectHashMap<Read> reads = new Long2ObjectHashMap<>();
    private final ArrayDeque<Read> pool = new ArrayDeque<>();
    private final InboundQueue inbound;
    private long nextId = 1;

    /** One read in flight (fields set by {@link #add}; a pooled object, see the class comment). */
    static final class Read
    {
        volatile long id;
        int peer;
        MutableDirectBuffer dst;
        int dstOffset;
        int length;
        long wrId;
        volatile int received;
    }

    PendingReads(final InboundQueue inbound)
    {
        this.inbound = inbound;
    }

    synchronized Read add(final int peer, final MutableDirectBuffer dst, final int dstOffset, final int length, final long wrId)
    {
        final Read read = pool.isEmpty() ? new Read() : pool.pollFirst();
        read.peer = peer;
        read.dst = dst;
        read.dstOffset = dstOffset;
        read.length = length;
        read.wrId = wrId;
        read.received = 0;
        read.id = nextId++;
        reads.put(read.id, read);
        return read;
    }

    /** Forgets a read whose request could not be sent; false if it completed meanwhile. */
    synchronized boolean cancel(final Read read)
    {
        final long id = read.id;
        if (reads.get(id) != read)
        {
            return false;
        }
        reads.remove(id);
        recycle(read);
        return true;
    }

    /** The read in flight with {@code requestId}, or null. */
    synchronized Read get(final long requestId)
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
        final Read read = get(id);
        if (read == null || read.peer != peer)
        {
            return false;
        }
        complete(read, status == CompletionStatus.REMOTE_ACCESS_ERROR ? status : CompletionStatus.REMOTE_ACCESS_ERROR);
        return true;
    }

    /** Fails every read from {@code peer} with PEER_FAILED. Any thread. */
    void failPeer(final int peer)
    {
        final ArrayList<Read> failed = new ArrayList<>(); // a failure, not the per-message path
        synchronized (this)
        {
            for (final Read read : reads.values())
            {
                if (read.peer == peer)
                {
                    failed.add(read);
                }
            }
        }
        for (final Read read : failed)
        {
            complete(read, CompletionStatus.PEER_FAILED);
        }
    }

    /** Completes {@code read} with {@code status} unless someone else did: publishes its READ completion once. */
    void complete(final Read read, final int status)
    {
        final int peer;
        final long wrId;
        synchronized (this)
        {
            final long id = read.id;
            if (reads.get(id) != read)
            {
                return;
            }
            reads.remove(id);
            peer = read.peer;
            wrId = read.wrId;
            recycle(read);
        }
        inbound.offerEvent(CompletionOpcode.READ, peer, status, wrId);
    }

    /**
     * Back to the pool. The destination stays referenced until the read is reused: an engine
     * thread still streaming into a read that an event loop failed under it must not find it
     * null (its next check of the id stops it).
     */
    private void recycle(final Read read)
    {
        pool.addFirst(read);
    }

    /** Bytes received so far by reads in flight (for monitoring and tests). */
    synchronized long receivedBytes()
    {
        long sum = 0;
        for (final Read read : reads.values())
        {
            sum += read.received;
        }
        return sum;
    }

    synchronized void clear()
    {
        reads.clear();
    }
}
