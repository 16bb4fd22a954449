package io.rankwire.match;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;

import static io.rankwire.match.MatchKeys.ANY_SOURCE;
import static io.rankwire.match.MatchKeys.EXACT;
import static io.rankwire.match.NicSlots.ADD_DONE;
import static io.rankwire.match.NicSlots.ADD_FAILED;
import static io.rankwire.match.NicSlots.ADD_POSTED;
import static io.rankwire.match.NicSlots.CANCEL;
import static io.rankwire.match.NicSlots.CONSUMED;
import static io.rankwire.match.NicSlots.DEL_OK;
import static io.rankwire.match.NicSlots.DEL_PENDING;
import static io.rankwire.match.NicSlots.MATCHED;
import static io.rankwire.match.NicSlots.VOID;

/**
 * The software side of the offload split (DESIGN.md "The offload split"): which receives are
 * offered to the NIC, the NIC slots, op credits and the FIFO of deferred list operations, the
 * unexpected count ({@code swCnt}) and SYNC, and the NIC's completions.
 */
final class Offload
{
    private final OffloadPort port;
    private final MatchListener listener;
    private final PostedQueue posted;
    private final NicSlots slots;
    private final OpQueue deferred;
    private final int maxOps;
    private final int minBytes;
    private int outstanding;
    private int swCnt;
    private int swReported;
    private boolean syncOutstanding;
    final long[] opsPosted = new long[3];
    long hardwareMatches;
    long syncRequests;
    long deferrals;
    long opErrors;

    Offload(final OffloadPort port, final MatchListener listener, final PostedQueue posted, final int minBytes)
    {
        if (listener == null)
        {
            throw new IllegalArgumentException("listener : null (expected: non-null with an offload port)");
        }
        if (port.maxOps() < 1)
        {
            throw new IllegalArgumentException("maxOps : " + port.maxOps() + " (expected: >= 1)");
        }
        this.port = port;
        this.listener = listener;
        this.posted = posted;
        this.slots = new NicSlots(port.maxNumTags());
        this.deferred = new OpQueue(port.maxNumTags());
        this.maxOps = port.maxOps();
        this.minBytes = minBytes;
    }

    int swCnt()
    {
        return swCnt;
    }

    int swReported()
    {
        return swReported;
    }

    int outstanding()
    {
        return outstanding;
    }

    int deferredOps()
    {
        return deferred.size();
    }

    int freeSlots()
    {
        return slots.freeCount();
    }

    /** A tagged message became visible to software matching. */
    void countArrival()
    {
        swCnt++;
    }

    /** Offers a receive that was just queued (software-held) to the NIC if the rules allow it. */
    void offer(final PostedRecv recv)
    {
        if (!recv.offloadable || recv.capacity < minBytes || (recv.kind & ANY_SOURCE) != 0 ||
            slots.freeCount() == 0 || outstanding >= maxOps || !deferred.isEmpty())
        {
            return;
        }
        // recv itself is still counted software-held here
        final boolean clear = recv.kind == EXACT ?
            posted.softwareWildcards() == 0 && recv.list.softwareHeld == 1 :
            posted.softwareHeld() == 1;
        if (clear)
        {
            final int handle = slots.acquire(recv);
            posted.toNic(recv, handle);
            submit(OpQueue.ADD, handle);
        }
    }

    /** Software matched a NIC-held receive that has already left the posted structure. */
    void softwareMatched(final PostedRecv recv)
    {
        final int handle = recv.handle;
        recv.handle = -1;
        slots.detach(handle);
        if (slots.has(handle, ADD_POSTED))
        {
            slots.set(handle, DEL_PENDING);
            submit(OpQueue.DEL, handle);
        }
        else
        {
            slots.set(handle, VOID);
        }
    }

    /** Cancels a queued NIC-held receive; see {@link MatchEngine#cancel}. */
    int cancel(final PostedRecv recv)
    {
        final int handle = recv.handle;
        posted.remove(recv);
        if (!slots.has(handle, ADD_POSTED))
        {
            recv.handle = -1;
            recv.state = PostedRecv.READY;
            slots.detach(handle);
            slots.set(handle, VOID);
            return MatchEngine.CANCELLED;
        }
        recv.state = PostedRecv.CANCELLING;
        slots.set(handle, DEL_PENDING | CANCEL);
        submit(OpQueue.DEL, handle);
        return MatchEngine.CANCEL_PENDING;
    }

    /** Posts deferred operations while credits allow, then a SYNC if the NIC needs the count. */
    int progress()
    {
        int count = 0;
        while (!deferred.isEmpty() && outstanding < maxOps)
        {
            final int kind = deferred.headKind();
            final int handle = deferred.headHandle();
            if (kind == OpQueue.ADD && slots.has(handle, VOID))
            {
                deferred.poll();
                slots.releaseIfDone(handle);
                continue;
            }
            final int rc = post(kind, handle, deferred.headCount());
            if (rc == ReturnCode.BACK_PRESSURED)
            {
                break;
            }
            deferred.poll();
            count += rc == ReturnCode.OK ? 1 : 0;
        }
        if (deferred.isEmpty() && !syncOutstanding && swCnt != swReported && slots.inUse() > 0 &&
            outstanding < maxOps && post(OpQueue.SYNC, -1, swCnt) == ReturnCode.OK)
        {
            count++;
        }
        return count;
    }

    /** Handles TM_ADD, TM_DEL, TM_SYNC and TM_RECV. */
    void onCompletion(final Completion c)
    {
        switch (c.opcode())
        {
            case CompletionOpcode.TM_ADD:
                opDone(c);
                onAdd(c.handle(), c.status());
                break;
            case CompletionOpcode.TM_DEL:
                opDone(c);
                onDel(c.handle(), c.status());
                break;
            case CompletionOpcode.TM_SYNC:
                opDone(c);
                syncOutstanding = false;
                break;
            case CompletionOpcode.TM_RECV:
                onRecv(c);
                break;
            default:
                throw new IllegalArgumentException(
                    "opcode : " + CompletionOpcode.name(c.opcode()) + " (expected: TM_ADD, TM_DEL, TM_SYNC or TM_RECV)");
        }
    }

    private void submit(final int kind, final int handle)
    {
        if (deferred.isEmpty() && outstanding < maxOps && post(kind, handle, swCnt) != ReturnCode.BACK_PRESSURED)
        {
            return;
        }
        deferrals++;
        deferred.offer(kind, handle, swCnt);
    }

    private int post(final int kind, final int handle, final int count)
    {
        final int rc;
        if (kind == OpQueue.ADD)
        {
            final PostedRecv r = slots.recv(handle);
            rc = port.postAdd(handle, r.tag, r.mask, r.buffer, r.bufferOffset, r.capacity, handle, count);
        }
        else if (kind == OpQueue.DEL)
        {
            rc = port.postDel(handle, count);
        }
        else
        {
            rc = port.postSync(count);
        }
        if (rc == ReturnCode.BACK_PRESSURED)
        {
            return rc;
        }
        if (rc < 0)
        {
            opErrors++;
            postFailed(kind, handle);
            return rc;
        }
        outstanding++;
        swReported = count;
        opsPosted[kind]++;
        if (kind == OpQueue.ADD)
        {
            slots.set(handle, ADD_POSTED);
        }
        else if (kind == OpQueue.SYNC)
        {
            syncOutstanding = true;
        }
        return ReturnCode.OK;
    }

    /** The port refused an operation for good: act as if it completed with an error. */
    private void postFailed(final int kind, final int handle)
    {
        if (kind == OpQueue.ADD)
        {
            slots.set(handle, ADD_POSTED);
            onAdd(handle, CompletionStatus.LOCAL_ERROR);
        }
        else if (kind == OpQueue.DEL)
        {
            onDel(handle, CompletionStatus.LOCAL_ERROR);
        }
    }

    private void opDone(final Completion c)
    {
        outstanding--;
        if (c.hasFlag(CompletionFlags.SYNC_REQ))
        {
            syncRequests++;
        }
    }

    private void onAdd(final int handle, final int status)
    {
        if (!slots.valid(handle))
        {
            opErrors++;
            return;
        }
        slots.set(handle, ADD_DONE);
        if (status != CompletionStatus.SUCCESS)
        {
            slots.set(handle, ADD_FAILED);
            final PostedRecv r = slots.recv(handle);
            if (r != null && r.state == PostedRecv.QUEUED)
            {
                posted.toSoftware(r);
                slots.detach(handle);
            }
        }
        slots.releaseIfDone(handle);
    }

    private void onDel(final int handle, final int status)
    {
        if (!slots.valid(handle))
        {
            opErrors++;
            return;
        }
        slots.clear(handle, DEL_PENDING);
        final boolean gone = status == CompletionStatus.SUCCESS || slots.has(handle, ADD_FAILED);
        final PostedRecv r = slots.recv(handle);
        if (gone)
        {
            slots.set(handle, DEL_OK);
            if (slots.has(handle, CANCEL) && r != null && r.state == PostedRecv.CANCELLING)
            {
                r.state = PostedRecv.READY;
                r.handle = -1;
                slots.detach(handle);
                slots.releaseIfDone(handle);
                listener.onCancelled(r);
                return;
            }
        }
        slots.releaseIfDone(handle);
    }

    private void onRecv(final Completion c)
    {
        final long wrId = c.wrId();
        final int handle = (int)wrId;
        if (wrId != handle || !slots.valid(handle))
        {
            opErrors++;
            return;
        }
        final PostedRecv r = slots.recv(handle);
        final boolean last = c.hasFlag(CompletionFlags.DATA_VALID) || c.status() != CompletionStatus.SUCCESS;
        final boolean match = c.hasFlag(CompletionFlags.MATCH);
        if (match)
        {
            slots.set(handle, MATCHED);
        }
        if (r != null && match)
        {
            if (r.state == PostedRecv.QUEUED)
            {
                posted.remove(r);
            }
            r.matchedTag = c.tag();
            r.matchedLength = c.byteLength();
            r.state = PostedRecv.HW_MATCHED;
            hardwareMatches++;
        }
        if (last)
        {
            slots.set(handle, CONSUMED);
            if (r != null)
            {
                r.state = PostedRecv.READY;
                r.handle = -1;
                slots.detach(handle);
            }
            slots.releaseIfDone(handle);
        }
        if (r == null)
        {
            opErrors++;
        }
        else if (match)
        {
            listener.onHardwareMatch(r, c);
        }
        else
        {
            listener.onHardwareData(r, c);
        }
    }
}
