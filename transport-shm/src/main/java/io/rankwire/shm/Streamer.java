package io.rankwire.shm;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The owner's half of a two-copy read: READ_REQUESTs from a peer queue up in arrival order, and
 * each {@link #pump()} copies the oldest ones, fragment by fragment, from the registered memory
 * into the free slots of the peer's staging area ({@link Peer#toPeer}), publishing each slot as
 * soon as it is full so that the reader copies it out while this rank fills the next; once the
 * free slots are full it looks again for slots the reader freed, up to {@link #BUDGET_BYTES} per pump. A request
 * for an unknown rkey or a range outside its region, or a region closed while it streams, ends
 * with an error slot.
 *
 * <p>Jobs are pooled: nothing is allocated per read once warm. Thread driving the engine, except
 * {@link #canProgress()}, a hint any thread may call.
 */
final class Streamer
{
    /** One read being streamed. */
    static final class Job
    {
        long readId;
        long va;
        int rkey;
        int length;
        int sent;
        Regions.Region region;
    }

    /**
     * Bytes one {@link #pump()} may stream to a peer (at least one slot): it fills the free slots
     * and goes on filling those the reader frees meanwhile (no trip through the engine between
     * slots) up to this, so that a deep staging area does not hold the engine for long.
     */
    static final int BUDGET_BYTES = 1 << 20;

    private final Peer[] peers;
    private final Regions regions;
    private final boolean pushing;
    private final ArrayDeque<Job>[] queues;
    private final ArrayDeque<Job> pool = new ArrayDeque<>();
    private final Consumer<Peer> notifier;
    private final Reads.Violations violations;
    private volatile int jobs;

    /** @param notifier rings a peer (if it sleeps) after each fragment published for it */
    @SuppressWarnings({"unchecked", "rawtypes"})
    /**
     * @param pushing whether {@link #push} copies first fragments at all ({@link ShmSettings#pushes})
     */
    Streamer(
        final Peer[] peers, final Regions regions, final Consumer<Peer> notifier, final Reads.Violations violations,
        final boolean pushing)
    {
        this.pushing = pushing;
        this.peers = peers;
        this.violations = violations;
        this.regions = regions;
        this.notifier = notifier;
        this.queues = new ArrayDeque[peers.length];
        for (int i = 0; i < peers.length; i++)
        {
            queues[i] = new ArrayDeque<>();
        }
    }

    /** A READ_REQUEST from local peer {@code index}. */
    void onRequest(final int index, final long readId, final long va, final int rkey, final int length)
    {
        if (peers[index].unreachable())
        {
            return;
        }
        final Job job = pool.isEmpty() ? new Job() : pool.pollFirst();
        job.readId = readId;
        job.va = va;
        job.rkey = rkey;
        job.length = length;
        job.sent = 0;
        final Regions.Region r = regions.lookup(rkey);
        job.region = r != null && length > 0 && r.contains(va, length) ? r : null;
        queues[index].addLast(job);
        jobs = jobs + 1;
    }

    /**
     * Before the RNDV frame of a streamed region goes out: copies its first fragment into a free
     * push slot of the peer's staging area, so that a reader that matches it at once needs no
     * READ_REQUEST for a message of one slot, and asks only for the rest of a longer one. Nothing
     * happens when this rank does not push ({@link ShmSettings#pushes}), for a shared-heap region (read in one copy), a region pushed already (a post
     * retried after back-pressure), or when every push slot is in use.
     */
    void push(final Peer peer, final long va, final int rkey, final int length)
    {
        final Staging st = peer.toPeer;
        if (!pushing || st.pushSlots == 0 || length <= 0 || SharedRegions.isDirect(rkey))
        {
            return;
        }
        final Regions.Region r = regions.lookup(rkey);
        if (r == null || r.pushArea != null || !r.contains(va, length))
        {
            return;
        }
        for (int j = 0; j < st.pushSlots; j++)
        {
            final int slot = st.pushSlot(j);
            if (st.pushState(slot) == Staging.FREE)
            {
                final int chunk = Math.min(st.slotBytes, length);
                st.buffer.putBytes(Staging.data(slot), r.buffer, r.bufferOffset(va), chunk);
                st.fullPush(slot, va, rkey, chunk);
                r.pushArea = st;
                r.pushSlot = slot;
                return;
            }
        }
    }

    /** Fills free staging slots for every peer with queued reads; returns the slots filled. */
    int pump()
    {
        if (jobs == 0)
        {
            return 0;
        }
        int filled = 0;
        for (int i = 0; i < queues.length; i++)
        {
            if (!queues[i].isEmpty())
            {
                filled += fill(peers[i], queues[i]);
            }
        }
        return filled;
    }

    private int fill(final Peer peer, final ArrayDeque<Job> queue)
    {
        final Staging st = peer.toPeer;
        long produced = st.produced();
        long consumed = st.consumed();
        final long first = produced;
        final long budget = first + Math.max(1, BUDGET_BYTES / st.slotBytes);
        Job job;
        while ((produced - consumed < st.slots || produced - budget < 0 && produced - (consumed = st.consumed()) < st.slots) &&
            (job = queue.peekFirst()) != null)
        {
            final String damaged = st.checkPositions(produced, consumed);
            if (damaged != null)
            {
                violations.violation(peer, damaged);
                return (int)Math.max(0, produced - first);
            }
            final int slot = st.slot(produced);
            final Regions.Region r = job.region;
            if (r == null || !r.live || r.rkey != job.rkey)
            {
                st.writeHeader(slot, job.readId, job.sent, 0, Staging.ERROR);
                job.sent = job.length;
            }
            else
            {
                final int chunk = Math.min(st.slotBytes, job.length - job.sent);
                st.buffer.putBytes(Staging.data(slot), r.buffer, r.bufferOffset(job.va) + job.sent, chunk);
                st.writeHeader(slot, job.readId, job.sent, chunk, Staging.DATA);
                job.sent += chunk;
            }
            st.produced(++produced);
            notifier.accept(peer); // a load of the reader's flag unless it sleeps: wake it for this slot, not the last
            if (job.sent == job.length)
            {
                recycle(queue.pollFirst());
            }
        }
        return (int)(produced - first);
    }

    /**
     * Whether a {@link #pump()} now would fill a slot: reads are queued and some queue's staging
     * has room. Any thread; a hint.
     */
    boolean canProgress()
    {
        if (jobs == 0)
        {
            return false;
        }
        for (int i = 0; i < peers.length; i++)
        {
            final Staging st = peers[i].toPeer;
            if (!queues[i].isEmpty() && st.produced() - st.consumed() < st.slots)
            {
                return true;
            }
        }
        return false;
    }

    /** Forgets the reads queued for a peer that failed or closed. */
    void dropPeer(final int index)
    {
        Job job;
        while ((job = queues[index].pollFirst()) != null)
        {
            recycle(job);
        }
    }

    void clear()
    {
        for (int i = 0; i < queues.length; i++)
        {
            dropPeer(i);
        }
    }

    private void recycle(final Job job)
    {
        job.region = null;
        pool.addFirst(job);
        jobs = jobs - 1;
    }
}
