package io.rankwire.match;

import io.rankwire.spi.Completion;
import io.rankwire.spi.OffloadPort;

/**
 * One rank's tag-matching engine: posted receives (with the NIC-held prefix shadowed in
 * software), unexpected messages, and the offload bookkeeping of the unexpected-count protocol.
 *
 * <p><b>Threading.</b> Single writer: exactly one thread at a time calls into an engine (the
 * runtime serialises callers). Nothing here blocks or allocates per message in steady state:
 * nodes come from pools ({@link #newRecv()}, {@link #newMsg()}).
 *
 * <p><b>Matching (MPI rules).</b> {@link #post} first takes the earliest-arrived matching
 * unexpected message; otherwise the receive is queued with the next global sequence number.
 * {@link #arrive} gives an arriving message the matching posted receive with the lowest
 * sequence number. Cost is independent of queue depth: fully specified receives are hashed by
 * tag, wildcard receives live in per-class lists, and unexpected messages are linked into
 * exact-key, per-source, per-tag and arrival-ordered lists at once.
 *
 * <p><b>Offload.</b> With a non-null {@link OffloadPort} whose {@code maxNumTags > 0}, receives
 * that are eligible (DESIGN.md "The offload split") are also given to the NIC with ADD. The
 * engine counts software-visible unexpected messages ({@code swCnt}), posts DEL when software
 * matches a message to a NIC-held receive, coalesces SYNCs in {@link #progress()}, frees NIC
 * slots only after both completions of an entry, and turns a cancel of a NIC-held receive into
 * a DEL whose outcome arrives through {@link MatchListener}.
 */
public final class MatchEngine
{
    /** {@link #cancel} result: the receive was removed and is cancelled now. */
    public static final int CANCELLED = 0;
    /** {@link #cancel} result: a DEL is in flight; the listener reports the outcome. */
    public static final int CANCEL_PENDING = 1;
    /** {@link #cancel} result: the receive is no longer posted (already matched). */
    public static final int NOT_POSTED = 2;

    private final PostedQueue posted = new PostedQueue();
    private final UnexpectedQueue unexpected = new UnexpectedQueue();
    private final Offload offload;
    private PostedRecv freeRecvs;
    private UnexpectedMsg freeMsgs;
    private int recvsCreated;
    private int msgsCreated;
    private long softwareMatches;

    /**
     * @param port            the NIC's tag-matching SRQ, or null for software-only matching
     * @param listener        receives NIC-originated events; may be null when {@code port} is null
     * @param offloadMinBytes receives smaller than this stay in software (default 1024)
     */
    public MatchEngine(final OffloadPort port, final MatchListener listener, final int offloadMinBytes)
    {
        if (offloadMinBytes < 0)
        {
            throw new IllegalArgumentException("offloadMinBytes : " + offloadMinBytes + " (expected: >= 0)");
        }
        this.offload = port != null && port.maxNumTags() > 0 ?
            new Offload(port, listener, posted, offloadMinBytes) : null;
    }

    /** A receive node from the pool. */
    public PostedRecv newRecv()
    {
        final PostedRecv recv = freeRecvs;
        if (recv == null)
        {
            return new PostedRecv(recvsCreated++);
        }
        freeRecvs = recv.next;
        recv.next = null;
        recv.state = PostedRecv.READY;
        return recv;
    }

    /** Returns a receive node to the pool once its request is finished. */
    public void free(final PostedRecv recv)
    {
        if (recv.state != PostedRecv.READY)
        {
            throw new IllegalStateException("recv : " + recv + " (expected: not posted, not free)");
        }
        recv.state = PostedRecv.FREE;
        recv.owner = null;
        recv.buffer = null;
        recv.next = freeRecvs;
        freeRecvs = recv;
    }

    /** A message node from the pool. */
    public UnexpectedMsg newMsg()
    {
        final UnexpectedMsg msg = freeMsgs;
        if (msg == null)
        {
            return new UnexpectedMsg(msgsCreated++);
        }
        freeMsgs = msg.next[0];
        msg.next[0] = null;
        return msg;
    }

    /** Returns a message node to the pool once it has been consumed. */
    public void free(final UnexpectedMsg msg)
    {
        if (msg.queued)
        {
            throw new IllegalStateException("msg : " + msg + " (expected: not queued)");
        }
        msg.data = null;
        msg.next[0] = freeMsgs;
        freeMsgs = msg;
    }

    /**
     * Posts a receive. Returns the earliest matching unexpected message, removed from the
     * unexpected structure (the receive is then not queued, and its matched tag and length are
     * set), or null when the receive was queued (and possibly offered to the NIC).
     */
    public UnexpectedMsg post(final PostedRecv recv)
    {
        if (recv.state != PostedRecv.READY)
        {
            throw new IllegalStateException("recv : " + recv + " (expected: not posted, not free)");
        }
        final int kind = MatchKeys.classOf(recv.tag, recv.mask);
        recv.kind = kind;
        final UnexpectedMsg msg = unexpected.size() == 0 ? null : unexpected.peek(kind, recv.tag);
        if (msg != null)
        {
            unexpected.remove(msg);
            recv.matchedTag = msg.tag;
            recv.matchedLength = msg.length;
            softwareMatches++;
            return msg;
        }
        posted.add(recv);
        if (offload != null)
        {
            offload.offer(recv);
        }
        return null;
    }

    /**
     * A tagged message became visible to software (an arrival on a transport without offload,
     * or a RECV completion of the NIC's SRQ). Counts it for the sync protocol. Returns the
     * matching posted receive with the lowest sequence number, removed from the posted
     * structure, with its matched tag and length set (and a DEL posted if the NIC held it); or
     * null, in which case the caller must {@link #enqueueUnexpected} the message.
     */
    public PostedRecv arrive(final long tag, final int length)
    {
        if (offload != null)
        {
            offload.countArrival();
        }
        final PostedRecv recv = posted.size() == 0 ? null : posted.match(tag);
        if (recv == null)
        {
            return null;
        }
        posted.remove(recv);
        recv.matchedTag = tag;
        recv.matchedLength = length;
        recv.state = PostedRecv.READY;
        softwareMatches++;
        if (recv.handle >= 0)
        {
            offload.softwareMatched(recv);
        }
        return recv;
    }

    /** Queues a message nothing matched; it must follow the {@link #arrive} that returned null. */
    public void enqueueUnexpected(final UnexpectedMsg msg)
    {
        if (msg.queued)
        {
            throw new IllegalStateException("msg : " + msg + " (expected: not queued)");
        }
        unexpected.add(msg);
    }

    /** The earliest unexpected message matching (tag, mask), left in place; or null. */
    public UnexpectedMsg probe(final long tag, final long mask)
    {
        return unexpected.peek(MatchKeys.classOf(tag, mask), tag);
    }

    /** The earliest unexpected message matching (tag, mask), removed (matched probe); or null. */
    public UnexpectedMsg take(final long tag, final long mask)
    {
        final UnexpectedMsg msg = unexpected.peek(MatchKeys.classOf(tag, mask), tag);
        if (msg != null)
        {
            unexpected.remove(msg);
        }
        return msg;
    }

    /**
     * Cancels a posted receive: {@link #CANCELLED} if it was software-held (removed at once),
     * {@link #CANCEL_PENDING} if the NIC holds it (a DEL is posted; the listener later reports
     * {@link MatchListener#onCancelled} or a hardware match, never both), {@link #NOT_POSTED} if
     * it is no longer posted.
     */
    public int cancel(final PostedRecv recv)
    {
        if (recv.state == PostedRecv.CANCELLING)
        {
            return CANCEL_PENDING;
        }
        if (recv.state != PostedRecv.QUEUED)
        {
            return NOT_POSTED;
        }
        if (recv.handle >= 0)
        {
            return offload.cancel(recv);
        }
        posted.remove(recv);
        recv.state = PostedRecv.READY;
        return CANCELLED;
    }

    /** Handles a NIC completion: TM_ADD, TM_DEL, TM_SYNC or TM_RECV. */
    public void onCompletion(final Completion completion)
    {
        if (offload == null)
        {
            throw new IllegalStateException("onCompletion : " + completion + " (expected: an engine with offload)");
        }
        offload.onCompletion(completion);
    }

    /**
     * Posts deferred list operations (when op credits free up) and, if {@code swCnt} differs from
     * the count last reported and the NIC list is not empty, one SYNC. Call after draining
     * completions. Returns the number of operations posted.
     */
    public int progress()
    {
        return offload == null ? 0 : offload.progress();
    }

    /** True when receives may be offered to a NIC (a port with {@code maxNumTags > 0}). */
    public boolean isOffloadActive()
    {
        return offload != null;
    }

    /** Receives in the posted structure (software- and NIC-held). */
    /** Lists in the posted queue's tables, empty ones kept for reuse included (tests). */
    int postedLists()
    {
        return posted.listsInTables();
    }

    public int postedCount()
    {
        return posted.size();
    }

    /** Messages in the unexpected structure. */
    public int unexpectedCount()
    {
        return unexpected.size();
    }

    /** Posted receives the NIC holds (excluding those with a cancel in flight). */
    public int nicHeldCount()
    {
        return posted.nicHeld();
    }

    /** Receives matched by the NIC (TM_RECV with MATCH). */
    public long hardwareMatches()
    {
        return offload == null ? 0 : offload.hardwareMatches;
    }

    /** Receives matched by software, in {@link #post} or {@link #arrive}. */
    public long softwareMatches()
    {
        return softwareMatches;
    }

    /** ADD operations posted to the NIC. */
    public long addsPosted()
    {
        return offload == null ? 0 : offload.opsPosted[OpQueue.ADD];
    }

    /** DEL operations posted to the NIC. */
    public long delsPosted()
    {
        return offload == null ? 0 : offload.opsPosted[OpQueue.DEL];
    }

    /** SYNC operations posted to the NIC. */
    public long syncsPosted()
    {
        return offload == null ? 0 : offload.opsPosted[OpQueue.SYNC];
    }

    /** List-operation completions that carried SYNC_REQ. */
    public long syncRequestsSeen()
    {
        return offload == null ? 0 : offload.syncRequests;
    }

    /** Operations that had to wait for a credit (or were back-pressured by the port). */
    public long opsDeferred()
    {
        return offload == null ? 0 : offload.deferrals;
    }

    /** Operations the port refused for good, or completions naming an unknown slot. */
    public long opErrors()
    {
        return offload == null ? 0 : offload.opErrors;
    }

    /** Operations waiting in the deferred FIFO. */
    public int deferredOps()
    {
        return offload == null ? 0 : offload.deferredOps();
    }

    /** Posted list operations whose completion has not been seen. */
    public int outstandingOps()
    {
        return offload == null ? 0 : offload.outstanding();
    }

    /** NIC slots free for a new ADD. */
    public int freeSlots()
    {
        return offload == null ? 0 : offload.freeSlots();
    }

    /** Unexpected messages software has handled ({@code swCnt}). */
    public int swCnt()
    {
        return offload == null ? 0 : offload.swCnt();
    }

    /** The count carried by the last list operation posted. */
    public int swReported()
    {
        return offload == null ? 0 : offload.swReported();
    }

    /** Receive nodes ever allocated (the pool grows only when empty). */
    public int recvNodesCreated()
    {
        return recvsCreated;
    }

    /** Message nodes ever allocated (the pool grows only when empty). */
    public int msgNodesCreated()
    {
        return msgsCreated;
    }
}
