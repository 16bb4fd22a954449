package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;

import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/**
 * One simulated tag-matching NIC: the TM-SRQ (matching list, plain SRQ buffers, the
 * {@code hwUnexp}/{@code swReported} counters), the receive side of every wire into this rank,
 * its completion queue and its registered memory. This class holds the NIC's entry points and
 * its lock; the work is done by role-named parts:
 *
 * <pre>
 *   arrive(m) --&gt; Arrivals (TM-SRQ delivery) --&gt; TagList (matching list), SrqBuffers (plain SRQ),
 *      |                   |                        CompletionQueue (CQEs)
 *      | no SRQ buffer     +--&gt; NicReads (rendezvous offload, postRead) --&gt; FinOutbox (FINs)
 *      v                                 |
 *   ParkedWires (RNR, per wire)          +--&gt; the peer's RegionTable (registered memory)
 *
 *   executeAdd / executeDel / executeSync: list operations, here
 * </pre>
 *
 * <p>The NIC's state is guarded by its {@link NicLock}: the rank's engine thread (posting list
 * operations, reads) and any thread acting for a sender (delivering a message) race for it, as
 * software and hardware do. Two things are reached without the lock: posting a plain SRQ buffer
 * (a single-producer ring the lock holder consumes, see {@link SrqBuffers}) and the flags
 * {@link #isClosed()} and "outbox not empty", which are volatile.
 *
 * <p>An SRQ post and a message waiting for an SRQ buffer cannot miss each other for good: the
 * NIC parks the message, raises the parked total ({@link ParkedWires#total()}, volatile) and then
 * looks for a posted slot again; the poster publishes its slot with a release store and then
 * reads that total, and, since a release store may still be on its way when that read happens,
 * the engine reads it again at the end of every {@code poll} ({@link #retryIfParked()}). Where
 * both the NIC's re-check and the post's own read miss, the next poll delivers the message; the
 * engine polls at least once after each post, since posts are made from its completion
 * handler or before it waits. The post itself costs no fence.
 *
 * <p>Nothing is done while holding the lock that takes another NIC's lock: a FIN the NIC sends
 * goes to an outbox that {@link #flushOutbox()} transmits after the lock is released. The
 * peer's {@link RegionTable} monitor is a leaf and may be taken inside.
 */
final class SimNic
{
    private final NicLock lock = new NicLock();
    private final int rank;
    /** Scheduled mode (see {@link Wires}): a parked message is retried by the events that follow. */
    private final boolean scheduled;
    private final MessagePool pool;
    private final TagList tags;
    private final SrqBuffers srq;
    private final CompletionQueue cq;
    private final RegionTable regions;
    private final NicCounters counters = new NicCounters();
    private final FinOutbox outbox;
    private final NicReads reads;
    private final Arrivals arrivals;
    private final ParkedWires parked;
    private volatile boolean closed;
    private volatile Runnable signal = () -> { };

    SimNic(final int rank, final FabricContext context)
    {
        final SimConfig config = context.config;
        this.rank = rank;
        this.scheduled = context.scheduled;
        this.pool = context.pool;
        this.tags = new TagList(config.maxNumTags());
        this.srq = new SrqBuffers(config.srqCapacity());
        this.cq = new CompletionQueue(config.cqCapacity(), lock);
        this.regions = new RegionTable();
        this.outbox = new FinOutbox(lock, context.pool, context.wires);
        this.reads = new NicReads(rank, context, cq, counters, outbox, read -> context.wires.scheduleRead(this, read));
        this.arrivals = new Arrivals(tags, srq, cq, counters, reads, config);
        this.parked = new ParkedWires(context.size, context.pool);
    }

    int rank()
    {
        return rank;
    }

    SrqBuffers srq()
    {
        return srq;
    }

    CompletionQueue cq()
    {
        return cq;
    }

    RegionTable regions()
    {
        return regions;
    }

    void signal(final Runnable signal)
    {
        this.signal = signal;
    }

    /** Wakes the rank's engine after completions were published. */
    void signal()
    {
        signal.run();
    }

    SimCounters counters()
    {
        lock.lock();
        try
        {
            counters.set(NicCounters.CQ_OVERFLOWS, cq.overflows());
            return counters.snapshot(rank);
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * A message arrives on the wire from {@code m.source}. Returns true when the NIC kept it
     * (it waits for an SRQ buffer behind earlier messages of its wire); false when the caller
     * may recycle it.
     */
    boolean arrive(final WireMessage m)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                counters.increment(NicCounters.DROPPED);
                return false;
            }
            if (!parked.isWaiting(m.source) && arrivals.deliver(m))
            {
                return false;
            }
            parked.park(m);
            counters.increment(NicCounters.RNR_WAITS);
            if (!scheduled && srq.hasPosted())
            {
                // an SRQ buffer was posted after this message looked for one (see the class comment)
                retryParkedLocked();
            }
            return true;
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Completes a matched rendezvous after its read delay (scheduled mode). The caller holds no
     * NIC lock and calls {@link #flushOutbox()} after.
     */
    void finishRendezvous(final RndvRead r)
    {
        lock.lock();
        try
        {
            if (closed)
            {
                pool.release(r.fin);
                return;
            }
            reads.finish(r);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Serves a software {@code postRead} from a peer's region into {@code dst} and reports READ. */
    void finishRead(
        final int peer,
        final long va,
        final int rkey,
        final int length,
        final MutableDirectBuffer dst,
        final int dstOffset,
        final long wrId)
    {
        lock.lock();
        try
        {
            if (!closed)
            {
                reads.read(peer, va, rkey, length, dst, dstOffset, wrId);
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Executes ADD; then retries messages waiting on their wires. */
    void executeAdd(
        final int handle,
        final long tag,
        final long mask,
        final MutableDirectBuffer buffer,
        final int offset,
        final int length,
        final long recvWrId,
        final int swCnt)
    {
        lock.lock();
        try
        {
            arrivals.swReported(swCnt);
            counters.increment(NicCounters.ADDS);
            final boolean ok = !closed && tags.add(handle, tag, mask, buffer, offset, length, recvWrId);
            completeOp(CompletionOpcode.TM_ADD, ok, handle, recvWrId, swCnt);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Executes DEL: TM_ERR when the entry was consumed (or never added). */
    void executeDel(final int handle, final int swCnt)
    {
        lock.lock();
        try
        {
            arrivals.swReported(swCnt);
            counters.increment(NicCounters.DELS);
            final long recvWrId = tags.contains(handle) ? tags.recvWrId(handle) : 0;
            final boolean ok = tags.remove(handle);
            completeOp(CompletionOpcode.TM_DEL, ok, handle, recvWrId, swCnt);
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Executes SYNC. */
    void executeSync(final int swCnt)
    {
        lock.lock();
        try
        {
            arrivals.swReported(swCnt);
            counters.increment(NicCounters.SYNCS);
            completeOp(CompletionOpcode.TM_SYNC, true, -1, 0, swCnt);
        }
        finally
        {
            lock.unlock();
        }
    }

    private void completeOp(final int opcode, final boolean ok, final int handle, final long wrId, final int swCnt)
    {
        int flags = 0;
        if (swCnt != counters.hwUnexp())
        {
            flags = CompletionFlags.SYNC_REQ;
            counters.increment(NicCounters.SYNC_REQ);
        }
        if (!ok)
        {
            counters.increment(NicCounters.OP_ERRORS);
        }
        cq.publish(opcode, ok ? CompletionStatus.SUCCESS : CompletionStatus.TM_ERR, flags, -1, handle,
            0, 0, -1, wrId, 0);
        retryParkedLocked();
    }

    /**
     * Hands a taken SRQ slot to the NIC without its lock (engine thread) and, when {@code retry}
     * and messages wait for SRQ buffers, delivers them. Returns true when it delivered one, so
     * the caller flushes the outbox and signals.
     */
    boolean postSrq(final int slot, final boolean retry)
    {
        srq.post(slot);
        if (!retry || parked.total() == 0)
        {
            return false;
        }
        return retryParked();
    }

    /**
     * Engine thread, after a poll: retries waiting messages when there are some and an SRQ
     * buffer is posted. Returns true when it retried (the caller flushes and signals).
     */
    boolean retryIfParked()
    {
        // the head read outside the lock may be stale, which only makes a retry more likely
        if (parked.total() == 0 || scheduled || !srq.hasPosted())
        {
            return false;
        }
        return retryParked();
    }

    /**
     * Retries messages waiting for an SRQ buffer, in order per wire, rotating over wires. Returns
     * true when one was delivered.
     */
    boolean retryParked()
    {
        if (parked.total() == 0)
        {
            return false;
        }
        lock.lock();
        try
        {
            return retryParkedLocked();
        }
        finally
        {
            lock.unlock();
        }
    }

    private boolean retryParkedLocked()
    {
        if (parked.total() == 0 || closed)
        {
            return false;
        }
        return parked.retry(arrivals);
    }

    /** Transmits the FINs this NIC queued, one flusher at a time so its wires stay in order. */
    void flushOutbox()
    {
        outbox.flush();
    }

    /** Whether messages wait for SRQ buffers or FINs in the outbox (volatile reads, no lock). */
    boolean mayHaveWaiting()
    {
        return parked.total() != 0 || outbox.isPending();
    }

    /** Closes the NIC: later arrivals are dropped, waiting messages recycled. */
    void close()
    {
        lock.lock();
        try
        {
            closed = true;
            parked.clear();
        }
        finally
        {
            lock.unlock();
        }
    }

    boolean isClosed()
    {
        return closed;
    }
}
