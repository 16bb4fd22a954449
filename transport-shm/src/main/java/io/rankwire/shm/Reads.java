package io.rankwire.shm;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.function.Consumer;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;

/**
 * The reader's half of {@code postRead}. A region in the owner's shared heap is copied straight
 * from the heap as mapped here (single copy), after checking the rkey and range in the owner's
 * {@link SharedRegions} table, in steps of {@value #DIRECT_STEP} bytes per poll. Any other region
 * is asked for with a READ_REQUEST frame (for what its pushed first fragment, if the owner sent
 * one, does not cover: see {@link Streamer#push}); its fragments arrive in this rank's staging area for
 * the owner ({@link Peer#fromPeer}), in request order, and are copied out as they come (at most
 * {@link Streamer#BUDGET_BYTES} per peer and poll), each slot handed back to the owner as soon as
 * it is empty. Each read ends with one READ completion (through {@link Events}).
 *
 * <p>Every fragment is checked before it is copied: it must belong to the oldest read pending
 * from that owner, continue it exactly and stay inside it and its slot; anything else is a
 * protocol violation that fails the owner. Nothing is written outside a read's destination range.
 *
 * <p>Read objects are pooled. Thread driving the engine, except {@link #hasWork()}, a hint any
 * thread may call.
 */
final class Reads
{
    /** Bytes of a single-copy read copied per poll, so that one large read does not hold the engine for long. */
    static final int DIRECT_STEP = 1 << 20;

    /** Reports a protocol violation by a peer (the transport fails it). */
    interface Violations
    {
        void violation(Peer peer, String what);
    }

    /** One pending read. */
    static final class Read
    {
        long id;
        Peer peer;
        MutableDirectBuffer dst;
        int dstOffset;
        int length;
        int done;
        long wrId;
        long heapOffset;
        int rkey;
    }

    private final int rank;
    private final Peer[] peers;
    private final Events events;
    private final Consumer<Peer> notifier;
    private final Violations violations;
    private final ArrayDeque<Read>[] streamed;
    private final ArrayDeque<Read> direct = new ArrayDeque<>();
    /** The peer whose heap the last {@link #poll} copied from, or null: where a fault it raised was. */
    private Peer copyingFrom;
    private final ArrayDeque<Read> pool = new ArrayDeque<>();
    private long nextId = 1;
    private volatile int pending;

    @SuppressWarnings({"unchecked", "rawtypes"})
    Reads(final int rank, final Peer[] peers, final Events events, final Consumer<Peer> notifier, final Violations violations)
    {
        this.rank = rank;
        this.peers = peers;
        this.events = events;
        this.notifier = notifier;
        this.violations = violations;
        this.streamed = new ArrayDeque[peers.length];
        for (int i = 0; i < peers.length; i++)
        {
            streamed[i] = new ArrayDeque<>();
        }
    }

    /** Posts a read of a peer's region (the peer is reachable, the arguments checked, length &gt; 0). */
    int post(final Peer peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset, final long wrId)
    {
        if (SharedRegions.isDirect(rkey) && peer.heap != null)
        {
            final long offset = peer.segment.regions.check(rkey, va, length, peer.heap.capacity());
            if (offset < 0)
            {
                events.add(CompletionOpcode.READ, peer.rank, CompletionStatus.REMOTE_ACCESS_ERROR, wrId);
                return ReturnCode.OK;
            }
            final Read read = read(peer, dst, dstOffset, length, wrId);
            read.heapOffset = offset;
            read.rkey = rkey;
            direct.addLast(read);
            return ReturnCode.OK;
        }
        final Staging st = peer.fromPeer;
        final int push = findPush(st, va, rkey);
        if (push >= 0 && st.pushLength(push) >= length && takePush(st, push, va, rkey, length, dst, dstOffset) == length)
        {
            events.add(CompletionOpcode.READ, peer.rank, CompletionStatus.SUCCESS, wrId);
            return ReturnCode.OK;
        }
        final int index = peer.out.tryClaim(Frames.typeId(Frames.READ_REQUEST, rank), Frames.READ_REQUEST_LENGTH);
        if (index < 0)
        {
            return ReturnCode.BACK_PRESSURED;
        }
        final int pushed = push >= 0 ? takePush(st, push, va, rkey, length, dst, dstOffset) : 0;
        if (pushed == length)
        {
            peer.out.abort(index);
            events.add(CompletionOpcode.READ, peer.rank, CompletionStatus.SUCCESS, wrId);
            return ReturnCode.OK;
        }
        final Read read = read(peer, dst, dstOffset + pushed, length - pushed, wrId);
        final AtomicBuffer b = peer.out.buffer();
        b.putLong(index + Frames.READ_ID_OFFSET, read.id, ByteOrder.nativeOrder());
        b.putLong(index + Frames.VA_OFFSET, va + pushed, ByteOrder.nativeOrder());
        b.putInt(index + Frames.RKEY_OFFSET, rkey, ByteOrder.nativeOrder());
        b.putInt(index + Frames.LENGTH_OFFSET, length - pushed, ByteOrder.nativeOrder());
        peer.out.commit(index);
        streamed[peer.index].addLast(read);
        notifier.accept(peer);
        return ReturnCode.OK;
    }

    /** The push slot holding the first fragment of ({@code va}, {@code rkey}), or -1. */
    private static int findPush(final Staging st, final long va, final int rkey)
    {
        for (int j = 0; j < st.pushSlots; j++)
        {
            final int slot = st.pushSlot(j);
            if (st.pushState(slot) == Staging.FULL && st.pushOf(slot, va, rkey))
            {
                return slot;
            }
        }
        return -1;
    }

    /**
     * Takes a pushed first fragment: copies at most {@code length} bytes of it to
     * {@code dst[dstOffset...]} and frees the slot; returns the bytes copied, 0 when the slot no
     * longer holds this region's fragment or its length is not 1..slotBytes (it is left alone).
     */
    private static int takePush(
        final Staging st, final int slot, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset)
    {
        if (!st.casPush(slot, Staging.FULL, Staging.TAKEN))
        {
            return 0;
        }
        final int n = st.pushLength(slot);
        if (!st.pushOf(slot, va, rkey) || n < 1 || n > st.slotBytes)
        {
            st.restorePush(slot);
            return 0;
        }
        final int copy = Math.min(n, length);
        dst.putBytes(dstOffset, st.buffer, Staging.data(slot), copy);
        st.freePush(slot);
        return copy;
    }

    private Read read(final Peer peer, final MutableDirectBuffer dst, final int dstOffset, final int length, final long wrId)
    {
        final Read read = pool.isEmpty() ? new Read() : pool.pollFirst();
        read.id = nextId++;
        read.peer = peer;
        read.dst = dst;
        read.dstOffset = dstOffset;
        read.length = length;
        read.done = 0;
        read.wrId = wrId;
        pending = pending + 1;
        return read;
    }

    /** Copies what has arrived and steps single-copy reads; returns the fragments and steps handled. */
    int poll()
    {
        copyingFrom = null;
        if (pending == 0)
        {
            return 0;
        }
        int n = 0;
        for (int i = 0; i < streamed.length; i++)
        {
            if (!streamed[i].isEmpty() && !peers[i].failed)
            {
                n += consume(peers[i], streamed[i]);
            }
        }
        final Read read = direct.peekFirst();
        if (read != null)
        {
            n++;
            copyingFrom = read.peer;
            stepDirect(read);
        }
        return n;
    }

    private void stepDirect(final Read read)
    {
        final int step = Math.min(DIRECT_STEP, read.length - read.done);
        read.dst.putBytes(read.dstOffset + read.done, read.peer.heap, (int)read.heapOffset + read.done, step);
        read.done += step;
        if (read.done == read.length)
        {
            direct.pollFirst();
            final boolean live = read.peer.segment.regions.live(read.rkey);
            finish(read, live ? CompletionStatus.SUCCESS : CompletionStatus.REMOTE_ACCESS_ERROR);
        }
    }

    private int consume(final Peer peer, final ArrayDeque<Read> queue)
    {
        final Staging st = peer.fromPeer;
        long consumed = st.consumed();
        final long produced = st.produced();
        final String damaged = st.checkPositions(produced, consumed);
        if (damaged != null)
        {
            violations.violation(peer, damaged);
            return 0;
        }
        final long first = consumed;
        final long last = Math.min(produced, first + Math.max(1, Streamer.BUDGET_BYTES / st.slotBytes));
        Read read;
        while (consumed < last && (read = queue.peekFirst()) != null)
        {
            final int slot = st.slot(consumed);
            final String bad = checkFragment(st, slot, read);
            if (bad != null)
            {
                violations.violation(peer, bad);
                return (int)(consumed - first);
            }
            final int length = st.length(slot);
            if (st.status(slot) == Staging.ERROR)
            {
                queue.pollFirst();
                finish(read, CompletionStatus.REMOTE_ACCESS_ERROR);
            }
            else
            {
                read.dst.putBytes(read.dstOffset + read.done, st.buffer, Staging.data(slot), length);
                read.done += length;
                if (read.done == read.length)
                {
                    queue.pollFirst();
                    finish(read, CompletionStatus.SUCCESS);
                }
            }
            st.consumed(++consumed);
            notifier.accept(peer); // a load of the owner's flag unless it sleeps: wake it for this slot, not the last
        }
        if (consumed < produced && queue.isEmpty())
        {
            violations.violation(peer, "fragment with no read pending");
        }
        return (int)(consumed - first);
    }

    private static String checkFragment(final Staging st, final int slot, final Read read)
    {
        final long id = st.readId(slot);
        final int offset = st.fragmentOffset(slot);
        final int length = st.length(slot);
        final int status = st.status(slot);
        if (id != read.id)
        {
            return "fragment of read " + id + " (expected: read " + read.id + ")";
        }
        if (status == Staging.ERROR)
        {
            return length == 0 ? null : "error fragment of length " + length + " (expected: 0)";
        }
        if (status != Staging.DATA || offset != read.done || length < 1 || length > st.slotBytes ||
            length > read.length - read.done)
        {
            return "fragment status " + status + ", offset " + offset + ", length " + length + " of read " + id +
                " (expected: data at " + read.done + ", 1.." + Math.min(st.slotBytes, read.length - read.done) + " bytes)";
        }
        return null;
    }

    private void finish(final Read read, final int status)
    {
        events.add(CompletionOpcode.READ, read.peer.rank, status, read.wrId);
        read.peer = null;
        read.dst = null;
        pool.addFirst(read);
        pending = pending - 1;
    }

    /**
     * The peer whose shared heap the last {@link #poll} copied from, or null. A fault in a
     * compiled copy (the JVM's {@code InternalError}) is raised at the thread's next safepoint,
     * after the copy returned; this says whose memory it was.
     */
    Peer copyingFrom()
    {
        return copyingFrom;
    }

    /** Whether a poll now could copy something: a single-copy read is pending or a fragment waits. Any thread; a hint. */
    boolean hasWork()
    {
        if (pending == 0)
        {
            return false;
        }
        if (!direct.isEmpty())
        {
            return true;
        }
        for (int i = 0; i < streamed.length; i++)
        {
            if (!streamed[i].isEmpty() && peers[i].fromPeer.hasFragment())
            {
                return true;
            }
        }
        return false;
    }

    /** Fails the reads pending from a peer that failed or closed, with {@code status}. */
    void failPeer(final Peer peer, final int status)
    {
        Read read;
        while ((read = streamed[peer.index].pollFirst()) != null)
        {
            finish(read, status);
        }
        final int count = direct.size();
        for (int k = 0; k < count; k++)
        {
            read = direct.pollFirst();
            if (read.peer == peer)
            {
                finish(read, status);
            }
            else
            {
                direct.addLast(read);
            }
        }
    }

    void clear()
    {
        for (final ArrayDeque<Read> q : streamed)
        {
            q.clear();
        }
        direct.clear();
        pending = 0;
    }
}
