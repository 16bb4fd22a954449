package io.rankwire.sim;

import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.PostArguments;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;

/**
 * One rank's endpoint on a {@link SimFabric}: a simulated tag-matching NIC seen through the
 * transport SPI.
 *
 * <ul>
 *   <li>{@link #offloadPort()} is never null, also when {@code maxNumTags == 0}: every message
 *       that the NIC does not match (all of them without offload) lands in a plain SRQ buffer
 *       that software posted with {@link OffloadPort#postSrqBuffer}, which must be at least
 *       {@link Capabilities#maxMessageSize()} long. The runtime always posts SRQ buffers on
 *       this transport. A message that finds no SRQ buffer waits on its wire (like an RC
 *       receiver-not-ready retry), with later messages of the same wire behind it, until one
 *       is posted; nothing is dropped.</li>
 *   <li>Sends copy the message before returning; no SEND completion is reported.</li>
 *   <li>RECV and NO_TAG completions carry the SRQ buffer's wrId and a buffer view of the message:
 *       in that buffer, or, for a message of at most {@code cqeInlineBytes}, inside the CQE
 *       (valid while the handler runs, see {@link CompletionQueue}); the buffer is handed back to
 *       software when the completion is delivered.</li>
 *   <li>A list operation holds an op credit from its post until its completion is polled;
 *       posting beyond {@code maxOps} returns {@link ReturnCode#BACK_PRESSURED}.</li>
 * </ul>
 *
 * Post methods and {@link #poll} are called by the thread driving the rank's engine, one at a
 * time; the NIC itself may be acted on by any sender's thread. In inline mode a send is
 * delivered on the posting thread from one message buffer this endpoint reuses (the pool is
 * touched only when the receiving NIC keeps a message waiting for an SRQ buffer).
 */
public final class SimTransport implements Transport
{
    private static final int IDLE_SPIN_MICROS = 50;
    private final SimNic nic;
    private final FabricContext context;
    private final int size;
    private final boolean scheduled;
    private final MessagePool pool;
    private final Wires wires;
    private final Runnable onClose;
    private final Capabilities capabilities;
    private final SimOffloadPort offloadPort;
    private final Completion completion = new Completion();
    private final MessageHandler onCqe = this::onCqe;
    private CompletionHandler handler;
    /** Inline mode: the message this endpoint's sends are copied into, unless the NIC kept it. */
    private WireMessage outgoing;
    private volatile boolean closed;

    /** Rank {@code nic}'s endpoint; {@code onClose} runs once when it closes, after the NIC took its last post. */
    SimTransport(final FabricContext context, final SimNic nic, final Runnable onClose)
    {
        this.context = context;
        this.nic = nic;
        this.size = context.size;
        this.scheduled = context.scheduled;
        this.pool = context.pool;
        this.wires = context.wires;
        this.onClose = onClose;
        final SimConfig c = context.config;
        this.capabilities = new Capabilities(c.eagerLimit(), c.maxMessageSize(), c.maxRndvHdrSize(),
            c.maxNumTags(), c.maxOps(), c.maxSge(),
            Capabilities.TM_CAP_RC | Capabilities.TM_CAP_NO_TAG | (c.rndvOffload() ? Capabilities.TM_CAP_RNDV : 0));
        this.offloadPort = new SimOffloadPort(context, nic);
    }

    /** This endpoint's rank. */
    public int rank()
    {
        return nic.rank();
    }

    /** A snapshot of this rank's NIC counters. */
    public SimCounters counters()
    {
        return nic.counters();
    }

    /** The NIC's counters by name ({@link SimCounters#toMap()}). */
    @Override
    public Map<String, Long> counterValues()
    {
        return nic.counters().toMap();
    }

    @Override
    public Capabilities capabilities()
    {
        return capabilities;
    }

    /**
     * The simulated NIC moves every message on the posting and polling threads, so a waiter
     * that keeps polling for a round trip or so sees the reply without parking: 8-byte one-way
     * p50 0.42-0.98 us with 50 us against 5.4-7.8 us with 64 polls (docs/RUNTIME.md).
     */
    @Override
    public int idleSpinMicros()
    {
        return IDLE_SPIN_MICROS;
    }

    /** Nothing to exchange: every NIC of the fabric exists from its creation. */
    @Override
    public void wireUp()
    {
    }

    @Override
    public int postSend(
        final int peer,
        final DirectBuffer header,
        final int hdrOffset,
        final int hdrLength,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadLength,
        final long wrId)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size ||
            !PostArguments.sendValid(header, hdrOffset, hdrLength, 1, payload, payloadOffset, payloadLength))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final long total = (long)hdrLength + payloadLength;
        if (total > capabilities.maxMessageSize())
        {
            return ReturnCode.TOO_LARGE;
        }
        final int rc = checkFormat(header.getByte(hdrOffset) & 0xFF, (int)total, capabilities.maxRndvHdrSize());
        if (rc != ReturnCode.OK)
        {
            return rc;
        }
        if (context.nic(peer).isClosed())
        {
            return ReturnCode.PEER_FAILED;
        }
        if (scheduled)
        {
            wires.transmit(pool.acquire()
                .fill(nic.rank(), peer, header, hdrOffset, hdrLength, payload, payloadOffset, payloadLength));
            return ReturnCode.OK;
        }
        final WireMessage m = outgoing != null ? outgoing : pool.acquire();
        m.fill(nic.rank(), peer, header, hdrOffset, hdrLength, payload, payloadOffset, payloadLength);
        // the field changes only when the NIC keeps a message or a new one is taken; m stays in it
        // while delivered, which is safe because delivery runs no engine code that could send
        // again on this endpoint (the NIC's outbox goes out through the fabric's pool)
        if (wires.deliverNow(m))
        {
            outgoing = null;
        }
        else if (outgoing != m)
        {
            outgoing = m;
        }
        return ReturnCode.OK;
    }

    private static int checkFormat(final int opcode, final int total, final int maxRndvHdrSize)
    {
        switch (opcode)
        {
            case TmHeader.NO_TAG:
                return ReturnCode.OK;
            case TmHeader.EAGER:
                return total >= TmHeader.LENGTH ? ReturnCode.OK : ReturnCode.INVALID_ARGUMENT;
            case TmHeader.FIN:
                return total >= TmHeader.LENGTH + RvHeader.LENGTH ? ReturnCode.OK : ReturnCode.INVALID_ARGUMENT;
            case TmHeader.RNDV:
                return total >= TmHeader.LENGTH + RvHeader.LENGTH && total <= maxRndvHdrSize ?
                    ReturnCode.OK : ReturnCode.INVALID_ARGUMENT;
            default:
                return ReturnCode.INVALID_ARGUMENT;
        }
    }

    @Override
    public MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        if (closed)
        {
            throw new IllegalStateException("transport : closed (expected: open)");
        }
        return nic.regions().register(buffer, offset, length);
    }

    @Override
    public int postRead(
        final int peer,
        final long va,
        final int rkey,
        final int length,
        final MutableDirectBuffer dst,
        final int dstOffset,
        final long wrId)
    {
        if (closed)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size || !PostArguments.inBounds(dst, dstOffset, length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (scheduled)
        {
            wires.scheduleRemoteRead(nic, () -> nic.finishRead(peer, va, rkey, length, dst, dstOffset, wrId));
        }
        else
        {
            nic.finishRead(peer, va, rkey, length, dst, dstOffset, wrId);
        }
        return ReturnCode.OK;
    }

    /** Never null; {@code maxNumTags() == 0} without offload (SRQ buffers are still posted here). */
    @Override
    public OffloadPort offloadPort()
    {
        return offloadPort;
    }

    @Override
    public int poll(final CompletionHandler handler, final int max)
    {
        if (closed || max <= 0)
        {
            return 0;
        }
        wires.progress();
        if (this.handler != handler)
        {
            // written once: the engine polls with one handler, and a store per poll would dirty
            // this object's line for nothing (used only inside read below)
            this.handler = handler;
        }
        try
        {
            return nic.cq().read(onCqe, max);
        }
        finally
        {
            if (nic.retryIfParked())
            {
                nic.flushOutbox();
                nic.signal();
            }
        }
    }

    /**
     * False only in inline mode, when the completion ring's next record is unwritten and no
     * message waits for an SRQ buffer nor FIN in the outbox; scheduled mode executes events in
     * {@code poll}, so it always answers true. Reads the line the NIC writes the next CQE into
     * and two volatile flags: no lock.
     */
    @Override
    public boolean mayHaveCompletions()
    {
        return closed || scheduled || nic.cq().mayHaveRecords() || nic.mayHaveWaiting();
    }

    private void onCqe(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        final Completion c = completion;
        final SrqBuffers srq = nic.srq();
        final int slot;
        if (msgTypeId == CompletionQueue.INLINE)
        {
            // the message came inside the CQE: the view points there, the slot goes back unused
            slot = CompletionQueue.decodeInline(buffer, index, c);
        }
        else
        {
            slot = CompletionQueue.decode(buffer, index, c);
            final int opcode = c.opcode();
            if (opcode == CompletionOpcode.TM_ADD || opcode == CompletionOpcode.TM_DEL ||
                opcode == CompletionOpcode.TM_SYNC)
            {
                offloadPort.opCompleted();
            }
            if (slot < 0)
            {
                handler.onCompletion(c);
                return;
            }
            c.buffer(srq.buffer(slot), srq.offset(slot), c.byteLength());
        }
        c.wrId(srq.wrId(slot));
        // freed before the handler runs: a buffer it reposts takes this same slot back unchanged
        srq.release(slot);
        handler.onCompletion(c);
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        offloadPort.close();
        onClose.run();
    }

    @Override
    public String toString()
    {
        return "SimTransport{rank=" + nic.rank() + ", size=" + size + ", " + capabilities + '}';
    }
}
