package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.SmallCopy;

/**
 * What the TM-SRQ does with an arriving message, under the NIC's lock. A tagged message (EAGER,
 * RNDV) is matched against the tag list only while {@code swReported == hwUnexp} (software has
 * seen every unexpected message): the first matching entry takes it, an eager payload is placed
 * in the entry's buffer (TM_RECV, MATCH | DATA_VALID, or LENGTH_ERROR when it does not fit), a
 * rendezvous is read by the NIC ({@link NicReads}) or handed to software (RNDV_INCOMPLETE, the
 * headers in the buffer). Otherwise the whole message goes to the next plain SRQ buffer (RECV,
 * {@code hwUnexp++}); NO_TAG and untagged messages always do, uncounted. A message of at most
 * {@code cqeInlineBytes} travels inside its CQE.
 */
final class Arrivals implements ParkedWires.Delivery
{
    private final TagList tags;
    private final SrqBuffers srq;
    private final CompletionQueue cq;
    private final NicCounters counters;
    private final NicReads reads;
    private final boolean rndvOffload;
    private final int cqeInlineBytes;
    private int swReported;

    Arrivals(
        final TagList tags, final SrqBuffers srq, final CompletionQueue cq, final NicCounters counters, final NicReads reads,
        final SimConfig config)
    {
        this.tags = tags;
        this.srq = srq;
        this.cq = cq;
        this.counters = counters;
        this.reads = reads;
        this.rndvOffload = config.rndvOffload();
        this.cqeInlineBytes = config.cqeInlineBytes();
    }

    /** The count of unexpected messages software reported with its latest list operation. */
    void swReported(final int swCnt)
    {
        swReported = swCnt;
    }

    /** Delivers {@code m}; false when it needs an SRQ buffer and none is posted. */
    @Override
    public boolean deliver(final WireMessage m)
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
        reads.start(m, handle, buffer, offset, recvWrId);
    }
}
