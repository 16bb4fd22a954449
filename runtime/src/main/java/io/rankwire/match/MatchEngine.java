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

    /**
     * @param port            the NIC's tag-matching SRQ, or null for software-only matching
     * @param listener        receives NIC-originated events; may be null when {@code port} is null
     * @param offloadMinBytes receives smaller than this stay in software (default 1024)
     */
    public MatchEngine(final OffloadPort port, final MatchListener listener, final int offloadMinBytes)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** A receive node from the pool. */
    public PostedRecv newRecv()
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** Returns a receive node to the pool once its request is finished. */
    public void free(final PostedRecv recv)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** A message node from the pool. */
    public UnexpectedMsg newMsg()
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** Returns a message node to the pool once it has been consumed. */
    public void free(final UnexpectedMsg msg)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /**
     * Posts a receive. Returns the earliest matching unexpected message, removed from the
     * unexpected structure (the receive is then not queued, and its matched tag and length are
     * set), or null when the receive was queued (and possibly offered to the NIC).
     */
    public UnexpectedMsg post(final PostedRecv recv)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
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
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** Queues a message nothing matched; it must follow the {@link #arrive} that returned null. */
    public void enqueueUnexpected(final UnexpectedMsg msg)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** The earliest unexpected message matching (tag, mask), left in place; or null. */
    public UnexpectedMsg probe(final long tag, final long mask)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** The earliest unexpected message matching (tag, mask), removed (matched probe); or null. */
    public UnexpectedMsg take(final long tag, final long mask)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /**
     * Cancels a posted receive: {@link #CANCELLED} if it was software-held (removed at once),
     * {@link #CANCEL_PENDING} if the NIC holds it (a DEL is posted; the listener later reports
     * {@link MatchListener#onCancelled} or a hardware match, never both), {@link #NOT_POSTED} if
     * it is no longer posted.
     */
    public int cancel(final PostedRecv recv)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /** Handles a NIC completion: TM_ADD, TM_DEL, TM_SYNC or TM_RECV. */
    public void onCompletion(final Completion completion)
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }

    /**
     * Posts deferred list operations (when op credits free up) and, if {@code swCnt} differs from
     * the count last reported and the NIC list is not empty, one SYNC. Call after draining
     * completions. Returns the number of operations posted.
     */
    public int progress()
    {
        throw new UnsupportedOperationException("MatchEngine: not implemented yet");
    }
}
