package io.rankwire.match;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;
import org.agrona.MutableDirectBuffer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A scripted tag-matching NIC that follows DESIGN.md's rules to the letter: a FIFO of list
 * operations the test executes whenever it likes, an append-ordered list of at most
 * {@code maxNumTags} entries, {@code hwUnexp}/{@code swReported}, matching only while they are
 * equal, first matching entry wins, and a completion queue in NIC order. It records every
 * violation of the software rules it can see (op credits exceeded, a handle reused too early).
 */
final class FakeNic implements OffloadPort
{
    /** A completion queue entry; {@code msgId} names the message of RECV and TM_RECV entries. */
    static final class Cqe
    {
        final int opcode;
        final int status;
        final int flags;
        final long wrId;
        final int handle;
        final long tag;
        final int length;
        final int msgId;
        /** Slot whose reuse this completion brings closer, and by how many completions. */
        int releaseHandle = -1;
        int releases;

        Cqe(final int opcode, final int status, final int flags, final long wrId, final int handle,
            final long tag, final int length, final int msgId)
        {
            this.opcode = opcode;
            this.status = status;
            this.flags = flags;
            this.wrId = wrId;
            this.handle = handle;
            this.tag = tag;
            this.length = length;
            this.msgId = msgId;
        }

        Completion fill(final Completion c)
        {
            return c.reset().opcode(opcode).status(status).flags(flags).wrId(wrId).handle(handle)
                .tag(tag).byteLength(length);
        }
    }

    private static final class Entry
    {
        final int kind;
        final int handle;
        final long tag;
        final long mask;
        final int capacity;
        final long recvWrId;
        final int swCnt;

        Entry(final int kind, final int handle, final long tag, final long mask, final int capacity,
            final long recvWrId, final int swCnt)
        {
            this.kind = kind;
            this.handle = handle;
            this.tag = tag;
            this.mask = mask;
            this.capacity = capacity;
            this.recvWrId = recvWrId;
            this.swCnt = swCnt;
        }
    }

    private static final int ADD = 0;
    private static final int DEL = 1;
    private static final int SYNC = 2;

    private final int maxNumTags;
    private final int maxOps;
    private final ArrayDeque<Entry> ops = new ArrayDeque<>();
    private final List<Entry> list = new ArrayList<>();
    private final ArrayDeque<Cqe> cq = new ArrayDeque<>();
    private final ArrayDeque<Cqe> pendingData = new ArrayDeque<>();
    /** Per handle: completions software has still to see before it may reuse the handle. */
    private final int[] awaiting;
    private int outstanding;
    private int hwUnexp;
    private int swReported;
    private int refusals;
    final List<String> violations = new ArrayList<>();

    FakeNic(final int maxNumTags, final int maxOps)
    {
        this.maxNumTags = maxNumTags;
        this.maxOps = maxOps;
        this.awaiting = new int[maxNumTags];
    }

    @Override
    public int maxNumTags()
    {
        return maxNumTags;
    }

    @Override
    public int maxOps()
    {
        return maxOps;
    }

    /** The next {@code count} list operations are refused with BACK_PRESSURED. */
    void refuse(final int count)
    {
        refusals = count;
    }

    /** True while list operations are being refused. */
    boolean refusing()
    {
        return refusals > 0;
    }

    @Override
    public int postSrqBuffer(final MutableDirectBuffer buffer, final int offset, final int length, final long wrId)
    {
        return ReturnCode.OK;
    }

    @Override
    public int postAdd(final int handle, final long tag, final long mask, final MutableDirectBuffer buffer,
        final int offset, final int length, final long recvWrId, final int swCnt)
    {
        if (handle < 0 || handle >= maxNumTags)
        {
            violations.add("ADD handle " + handle);
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (awaiting[handle] != 0)
        {
            violations.add("ADD of busy handle " + handle);
        }
        final int rc = accept();
        if (rc == ReturnCode.OK)
        {
            awaiting[handle] = 2;
            ops.add(new Entry(ADD, handle, tag, mask, length, recvWrId, swCnt));
        }
        return rc;
    }

    @Override
    public int postDel(final int handle, final int swCnt)
    {
        final int rc = accept();
        if (rc == ReturnCode.OK)
        {
            ops.add(new Entry(DEL, handle, 0, 0, 0, 0, swCnt));
        }
        return rc;
    }

    @Override
    public int postSync(final int swCnt)
    {
        final int rc = accept();
        if (rc == ReturnCode.OK)
        {
            ops.add(new Entry(SYNC, -1, 0, 0, 0, 0, swCnt));
        }
        return rc;
    }

    private int accept()
    {
        if (refusals > 0)
        {
            refusals--;
            return ReturnCode.BACK_PRESSURED;
        }
        if (++outstanding > maxOps)
        {
            violations.add("outstanding ops " + outstanding + " > maxOps " + maxOps);
        }
        return ReturnCode.OK;
    }

    /** Executes the oldest list operation; false when none is queued. */
    boolean executeOp()
    {
        final Entry op = ops.poll();
        if (op == null)
        {
            return false;
        }
        swReported = op.swCnt;
        final int syncReq = op.swCnt != hwUnexp ? CompletionFlags.SYNC_REQ : 0;
        if (op.kind == ADD)
        {
            final boolean full = list.size() >= maxNumTags;
            if (full)
            {
                violations.add("ADD to a full list");
            }
            else
            {
                list.add(op);
            }
            add(new Cqe(CompletionOpcode.TM_ADD, full ? CompletionStatus.TM_ERR : CompletionStatus.SUCCESS,
                syncReq, 0, op.handle, 0, 0, -1), op.handle, full ? 2 : 1);
        }
        else if (op.kind == DEL)
        {
            final Entry entry = find(op.handle);
            if (entry != null)
            {
                list.remove(entry);
            }
            add(new Cqe(CompletionOpcode.TM_DEL, entry != null ? CompletionStatus.SUCCESS : CompletionStatus.TM_ERR,
                syncReq, 0, op.handle, 0, 0, -1), op.handle, entry != null ? 1 : 0);
        }
        else
        {
            cq.add(new Cqe(CompletionOpcode.TM_SYNC, CompletionStatus.SUCCESS, syncReq, 0, -1, 0, 0, -1));
        }
        return true;
    }

    /** Delivers the DATA_VALID completion of the oldest split match; false when none waits. */
    boolean deliverData()
    {
        final Cqe data = pendingData.poll();
        if (data == null)
        {
            return false;
        }
        cq.add(data);
        return true;
    }

    /**
     * A tagged message arrives from the wire. Returns the handle of the entry the NIC matched, or
     * -1 when the message went to the SRQ as unexpected (a RECV completion).
     *
     * @param split true to report MATCH and DATA_VALID in two completions (as a rendezvous does)
     */
    int arrive(final int msgId, final long tag, final int length, final boolean split)
    {
        if (swReported == hwUnexp)
        {
            for (final Entry entry : list)
            {
                if (Envelope.matches(tag, entry.tag, entry.mask))
                {
                    list.remove(entry);
                    final int flags = split ? CompletionFlags.MATCH : CompletionFlags.MATCH | CompletionFlags.DATA_VALID;
                    final Cqe match = new Cqe(CompletionOpcode.TM_RECV, CompletionStatus.SUCCESS, flags,
                        entry.recvWrId, -1, tag, length, msgId);
                    if (split)
                    {
                        add(match, entry.handle, 0);
                        final Cqe data = new Cqe(CompletionOpcode.TM_RECV, CompletionStatus.SUCCESS,
                            CompletionFlags.DATA_VALID, entry.recvWrId, -1, tag, length, msgId);
                        data.releaseHandle = entry.handle;
                        data.releases = 1;
                        pendingData.add(data);
                    }
                    else
                    {
                        add(match, entry.handle, 1);
                    }
                    return entry.handle;
                }
            }
        }
        hwUnexp++;
        cq.add(new Cqe(CompletionOpcode.RECV, CompletionStatus.SUCCESS, 0, 0, -1, tag, length, msgId));
        return -1;
    }

    private void add(final Cqe cqe, final int handle, final int releases)
    {
        cqe.releaseHandle = handle;
        cqe.releases = releases;
        cq.add(cqe);
    }

    /** The oldest completion, or null. */
    Cqe poll()
    {
        final Cqe cqe = cq.poll();
        if (cqe != null && (cqe.opcode == CompletionOpcode.TM_ADD || cqe.opcode == CompletionOpcode.TM_DEL ||
            cqe.opcode == CompletionOpcode.TM_SYNC))
        {
            outstanding--;
        }
        if (cqe != null && cqe.releaseHandle >= 0)
        {
            awaiting[cqe.releaseHandle] -= cqe.releases;
        }
        return cqe;
    }

    boolean idle()
    {
        return ops.isEmpty() && cq.isEmpty() && pendingData.isEmpty();
    }

    int listSize()
    {
        return list.size();
    }

    int hwUnexp()
    {
        return hwUnexp;
    }

    private Entry find(final int handle)
    {
        for (final Entry entry : list)
        {
            if (entry.handle == handle)
            {
                return entry;
            }
        }
        return null;
    }
}
