package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;

import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.PostArguments;
import io.rankwire.spi.ReturnCode;

/**
 * The TM-SRQ of one {@link SimTransport}. In inline mode each operation executes at once on the
 * posting thread; in scheduled mode it becomes an event after the op delay (list operations of
 * one NIC stay in FIFO order). Op credits are counted on the engine thread: taken on post,
 * returned when {@link SimTransport#poll} delivers the operation's completion.
 */
final class SimOffloadPort implements OffloadPort
{
    private final SimNic nic;
    private final boolean scheduled;
    private final Wires wires;
    private final int maxNumTags;
    private final int maxOps;
    private final int minSrqLength;
    private int opsOutstanding;
    private volatile boolean closed;

    SimOffloadPort(final FabricContext context, final SimNic nic)
    {
        this.nic = nic;
        this.scheduled = context.scheduled;
        this.wires = context.wires;
        this.maxNumTags = context.config.maxNumTags();
        this.maxOps = context.config.maxOps();
        this.minSrqLength = context.config.maxMessageSize();
    }

    /** Its transport closed: every post returns {@link ReturnCode#CLOSED} from now on. Any thread. */
    void close()
    {
        closed = true;
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

    void opCompleted()
    {
        opsOutstanding--;
    }

    /** Requires {@code length >= maxMessageSize}; BACK_PRESSURED when srqCapacity buffers are posted. */
    @Override
    public int postSrqBuffer(final MutableDirectBuffer buffer, final int offset, final int length, final long wrId)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (length < minSrqLength || !PostArguments.inBounds(buffer, offset, length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final int slot = nic.srq().take(buffer, offset, wrId);
        if (slot < 0)
        {
            return ReturnCode.BACK_PRESSURED;
        }
        if (scheduled)
        {
            nic.postSrq(slot, false);
            wires.scheduleOp(nic, nic::retryParked);
        }
        else if (nic.postSrq(slot, true))
        {
            afterInline();
        }
        return ReturnCode.OK;
    }

    @Override
    public int postAdd(
        final int handle,
        final long tag,
        final long mask,
        final MutableDirectBuffer buffer,
        final int offset,
        final int length,
        final long recvWrId,
        final int swCnt)
    {
        final int rc = checkOp(handle);
        if (rc != ReturnCode.OK)
        {
            return rc;
        }
        if (!PostArguments.inBounds(buffer, offset, length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        opsOutstanding++;
        if (scheduled)
        {
            wires.scheduleOp(nic, () -> nic.executeAdd(handle, tag, mask, buffer, offset, length, recvWrId, swCnt));
        }
        else
        {
            nic.executeAdd(handle, tag, mask, buffer, offset, length, recvWrId, swCnt);
            afterInline();
        }
        return ReturnCode.OK;
    }

    @Override
    public int postDel(final int handle, final int swCnt)
    {
        final int rc = checkOp(handle);
        if (rc != ReturnCode.OK)
        {
            return rc;
        }
        opsOutstanding++;
        if (scheduled)
        {
            wires.scheduleOp(nic, () -> nic.executeDel(handle, swCnt));
        }
        else
        {
            nic.executeDel(handle, swCnt);
            afterInline();
        }
        return ReturnCode.OK;
    }

    @Override
    public int postSync(final int swCnt)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (maxNumTags == 0)
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (opsOutstanding >= maxOps)
        {
            return ReturnCode.BACK_PRESSURED;
        }
        opsOutstanding++;
        if (scheduled)
        {
            wires.scheduleOp(nic, () -> nic.executeSync(swCnt));
        }
        else
        {
            nic.executeSync(swCnt);
            afterInline();
        }
        return ReturnCode.OK;
    }

    private int checkOp(final int handle)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (handle < 0 || handle >= maxNumTags)
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (opsOutstanding >= maxOps)
        {
            return ReturnCode.BACK_PRESSURED;
        }
        return ReturnCode.OK;
    }

    private void afterInline()
    {
        nic.flushOutbox();
        nic.signal();
    }
}
