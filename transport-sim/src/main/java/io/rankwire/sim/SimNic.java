package io.rankwire.sim;

import java.util.ArrayDeque;

import org.agrona.MutableDirectBuffer;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.SmallCopy;

/**
 * One simulated tag-matching NIC: the TM-SRQ (matching list, plain SRQ buffers, the
 * {@code hwUnexp}/{@code swReported} counters), the receive side of every wire into this rank,
 * its completion queue and its registered memory. The NIC's state is guarded by its
 * {@link NicLock}: the rank's engine thread (posting list operations, reads) and any thread
 * acting for a sender (delivering a message) race for it, as software and hardware do. Two
 * things are reached without the lock: posting a plain SRQ buffer (a single-producer ring the
 * lock holder consumes, see {@link SrqBuffers}) and the flags {@link #isClosed()} and
 * "outbox not empty", which are volatile.
 *
 * <p>An SRQ post and a message waiting for an SRQ buffer cannot miss each other for good: the
 * NIC parks the message, raises {@code parkedTotal} (volatile) and then looks for a posted slot
 * again; the poster publishes its slot with a release store and then reads {@code parkedTotal},
 * and, since a release store may still be on its way when that read happens, the engine reads
 * {@code parkedTotal} again at the end of every {@code poll} ({@link #retryIfParked()}). Where
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
    private final SimFabric fabric;
    private final TagList tags;
    private final SrqBuffers srq;
    private final CompletionQueue cq;
    private final RegionTable regions;
    private final NicCounters counters = new NicCounters();
    private final boolean rndvOffload;
    private final int cqeInlineBytes;
    private final ArrayDeque<WireMessage>[] parked;
    private final ArrayDeque<WireMessage> outbox = new ArrayDeque<>();
    private volatile int parkedTotal;
    private int retryStart;
    private int swReported;
    private boolean flushing;
    private volatile boolean outboxPending;
    private volatile boolean closed;
    private volatile Runnable signal = () -> { };

    @SuppressWarnings("unchecked")
    SimNic(final int rank, final SimFabric fabric, final SimConfig config)
    {
        this.rank = rank;
        this.fabric = fabric;
        this.rndvOffload = config.rndvOffload();
        this.cqeInlineBytes = config.cqeInlineBytes();
        this.tags = new TagList(config.maxNumTags());
        this.srq = new SrqBuffers(config.srqCapacity());
        this.cq = new CompletionQueue(config.cqCapacity(), lock);
        this.regions = new RegionTable(rank);
        this.parked = new ArrayDeque[fabric.size()];
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
            final ArrayDeque<WireMessage> wire = parked[m.source];
            if ((wire == null || wire.isEmpty()) && process(m))
            {
                return false;
            }
            park(m);
            parkedTotal++;
            counters.increment(NicCounters.RNR_WAITS);
            if (!fabric.isScheduled() && srq.hasPosted())
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

    private void park(final WireMessage m)
    {
        ArrayDeque<WireMessage> wire = parked[m.source];
        if (wire == null)
        {
            wire = new ArrayDeque<>();
            parked[m.source] = wire;
        }
        wire.addLast(m);
    }

    /** Delivers {@code m}; false when it needs an SRQ buffer and none is posted. */
    private boolean process(final WireMessage m)
    {
        final int opcode = m.buffer.getByte(TmHeader.OPCODE_OFFSET) & 0xFF;
        if (opcode == TmHeader.EAGER || opcode == TmHeader.RNDV)
        {
            if (swReported == counters.hwUnexp())
            {
                final int handle = tags.match(TmHeader.tag(m.buffer, 0));
                if (handle >= 0)
                {
                    if (opcode == TmHeader.EAGER)
                    {
                        placeEager(m, handle);
                    }
                    else
                    {
                        startRendezvous(m, handle);
                    }
                    return true;
                }
            }
            if (toSrq(m, CompletionOpcode.RECV))
            {
                counters.raiseHwUnexp();
                counters.increment(NicCounters.TO_SOFTWARE);
                return true;
            }
            return false;
        }
        if (opcode == TmHeader.NO_TAG)
        {
            if (toSrq(m, CompletionOpcode.NO_TAG))
            {
                counters.increment(NicCounters.NO_TAG);
                return true;
            }
            return false;
        }
        if (toSrq(m, CompletionOpcode.RECV))
        {
            counters.increment(NicCounters.UNTAGGED);
            return true;
        }
        return false;
    }

    /**
     * Scatters the whole message into the next plain SRQ buffer (sized >= maxMessageSize), or,
     * when it is at most {@code cqeInlineBytes} long, into the CQE that names that buffer.
     */
    private boolean toSrq(final WireMessage m, final int opcode)
    {
        final int slot = srq.next();
        if (slot < 0)
        {
            return false;
        }
        if (m.length <= cqeInlineBytes)
        {
            counters.increment(NicCounters.INLINE_CQES);
            cq.publishInline(opcode, m.source, slot, m.buffer, 0, m.length);
            return true;
        }
        SmallCopy.copy(srq.buffer(slot), srq.offset(slot), m.buffer, 0, m.length);
        final boolean hasTmh = opcode == CompletionOpcode.RECV && m.length >= TmHeader.LENGTH;
        cq.publish(opcode, CompletionStatus.SUCCESS, 0, m.source, -1,
            hasTmh ? TmHeader.appCtx(m.buffer, 0) : 0, m.length, slot, srq.wrId(slot),
            hasTmh ? TmHeader.tag(m.buffer, 0) : 0);
        return true;
    }

    private void placeEager(final WireMessage m, final int handle)
    {
        final int payload = m.length - TmHeader.LENGTH;
        final int capacity = tags.length(handle);
        final int placed = Math.min(payload, capacity);
        SmallCopy.copy(tags.buffer(handle), tags.offset(handle), m.buffer, TmHeader.LENGTH, placed);
        final int status = payload > capacity ? CompletionStatus.LENGTH_ERROR : CompletionStatus.SUCCESS;
        if (status != CompletionStatus.SUCCESS)
        {
            counters.increment(NicCounters.LENGTH_ERRORS);
        }
        counters.increment(NicCounters.MATCHED);
        cq.publish(CompletionOpcode.TM_RECV, status, CompletionFlags.MATCH | CompletionFlags.DATA_VALID,
            m.source, handle, TmHeader.appCtx(m.buffer, 0), payload, -1, tags.recvWrId(handle),
            TmHeader.tag(m.buffer, 0));
        tags.remove(handle);
    }

    private void startRendezvous(final WireMessage m, final int handle)
    {
        final int length = RvHeader.length(m.buffer, TmHeader.LENGTH);
        final int capacity = tags.length(handle);
        final long tag = TmHeader.tag(m.buffer, 0);
        final int appCtx = TmHeader.appCtx(m.buffer, 0);
        final long recvWrId = tags.recvWrId(handle);
        counters.increment(NicCounters.MATCHED);
        if (!rndvOffload || length < 0 || length > capacity)
        {
            tags.buffer(handle).putBytes(tags.offset(handle), m.buffer, 0, Math.min(m.length, capacity));
            counters.increment(NicCounters.RNDV_INCOMPLETE);
            cq.publish(CompletionOpcode.TM_RECV, CompletionStatus.RNDV_INCOMPLETE, CompletionFlags.MATCH,
                m.source, handle, appCtx, length, -1, recvWrId, tag);
            tags.remove(handle);
            return;
        }
        cq.publish(CompletionOpcode.TM_RECV, CompletionStatus.SUCCESS, CompletionFlags.MATCH,
            m.source, handle, appCtx, length, -1, recvWrId, tag);
        final MutableDirectBuffer buffer = tags.buffer(handle);
        final int offset = tags.offset(handle);
        tags.remove(handle);
        final WireMessage fin = fin(m);
        if (fabric.isScheduled())
        {
            fabric.scheduleRead(new RndvRead(this, m, handle, buffer, offset, recvWrId, fin));
        }
        else
        {
            readAndFinish(m.source, RvHeader.va(m.buffer, TmHeader.LENGTH), RvHeader.rkey(m.buffer, TmHeader.LENGTH),
                length, buffer, offset, handle, appCtx, tag, recvWrId, fin);
        }
    }

    /** The FIN of a rendezvous request: a copy of its TMH+RVH with opcode FIN, back to the sender. */
    private WireMessage fin(final WireMessage request)
    {
        final WireMessage fin = fabric.pool().acquire();
        fin.source = rank;
        fin.destination = request.source;
        SmallCopy.copy(fin.buffer, 0, request.buffer, 0, TmHeader.LENGTH + RvHeader.LENGTH);
        fin.length = TmHeader.LENGTH + RvHeader.LENGTH;
        TmHeader.opcode(fin.buffer, 0, TmHeader.FIN);
        return fin;
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
                fabric.pool().release(r.fin);
                return;
            }
            readAndFinish(r.source, r.va, r.rkey, r.length, r.buffer, r.offset, r.handle, r.appCtx, r.tag,
                r.recvWrId, r.fin);
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Reads the sender's region into the tagged buffer, reports TM_RECV DATA_VALID (or
     * REMOTE_ACCESS_ERROR without DATA_VALID, and no FIN) and queues the FIN in the outbox.
     */
    private void readAndFinish(
        final int source,
        final long va,
        final int rkey,
        final int length,
        final MutableDirectBuffer buffer,
        final int offset,
        final int handle,
        final int appCtx,
        final long tag,
        final long recvWrId,
        final WireMessage fin)
    {
        final int status = fabric.nic(source).regions().read(va, rkey, length, buffer, offset);
        int flags = 0;
        if (status == CompletionStatus.SUCCESS)
        {
            flags = CompletionFlags.DATA_VALID;
            counters.increment(NicCounters.RNDV_READS);
            counters.add(NicCounters.BYTES_READ, length);
            outbox.addLast(fin);
            outboxPending = true;
        }
        else
        {
            counters.increment(NicCounters.REMOTE_ACCESS_ERRORS);
            fabric.pool().release(fin);
        }
        cq.publish(CompletionOpcode.TM_RECV, status, flags, source, handle, appCtx, length, -1, recvWrId, tag);
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
            if (closed)
            {
                return;
            }
            final int status = fabric.nic(peer).regions().read(va, rkey, length, dst, dstOffset);
            if (status == CompletionStatus.SUCCESS)
            {
                counters.increment(NicCounters.RNDV_READS);
                counters.add(NicCounters.BYTES_READ, length);
            }
            else
            {
                counters.increment(NicCounters.REMOTE_ACCESS_ERRORS);
            }
            cq.publish(CompletionOpcode.READ, status, 0, peer, -1, 0, length, -1, wrId, 0);
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
            swReported = swCnt;
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
            swReported = swCnt;
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
            swReported = swCnt;
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
        if (!retry || parkedTotal == 0)
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
        if (parkedTotal == 0 || fabric.isScheduled() || !srq.hasPosted())
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
        if (parkedTotal == 0)
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
        if (parkedTotal == 0 || closed)
        {
            return false;
        }
        final int before = parkedTotal;
        final int n = parked.length;
        for (int i = 0; i < n; i++)
        {
            final ArrayDeque<WireMessage> wire = parked[(retryStart + i) % n];
            if (wire == null)
            {
                continue;
            }
            WireMessage m;
            while ((m = wire.peekFirst()) != null && process(m))
            {
                wire.removeFirst();
                parkedTotal--;
                fabric.pool().release(m);
            }
        }
        retryStart = (retryStart + 1) % n;
        return parkedTotal != before;
    }

    /** Transmits the FINs this NIC queued, one flusher at a time so its wires stay in order. */
    void flushOutbox()
    {
        if (!outboxPending)
        {
            return;
        }
        lock.lock();
        try
        {
            if (flushing || outbox.isEmpty())
            {
                return;
            }
            flushing = true;
        }
        finally
        {
            lock.unlock();
        }
        WireMessage m;
        while ((m = nextOutgoing()) != null)
        {
            fabric.transmit(m);
        }
    }

    /** The next FIN of the outbox, or null (and the flusher's turn ends). */
    private WireMessage nextOutgoing()
    {
        lock.lock();
        try
        {
            final WireMessage m = outbox.pollFirst();
            if (m == null)
            {
                flushing = false;
                outboxPending = false;
            }
            return m;
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Whether messages wait for SRQ buffers or FINs in the outbox (volatile reads, no lock). */
    boolean mayHaveWaiting()
    {
        return parkedTotal != 0 || outboxPending;
    }

    /** Closes the NIC: later arrivals are dropped, waiting messages recycled. */
    void close()
    {
        lock.lock();
        try
        {
            closed = true;
            for (final ArrayDeque<WireMessage> wire : parked)
            {
                WireMessage m;
                while (wire != null && (m = wire.pollFirst()) != null)
                {
                    fabric.pool().release(m);
                }
            }
            parkedTotal = 0;
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
