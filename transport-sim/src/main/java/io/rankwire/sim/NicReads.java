package io.rankwire.sim;

import java.util.function.Consumer;

import org.agrona.MutableDirectBuffer;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/**
 * The RDMA reads of one NIC, from the senders' registered regions ({@link RegionTable}): a
 * rendezvous the NIC matched and finishes itself (read into the tagged buffer, TM_RECV with
 * DATA_VALID, FIN back to the sender), at once or, in scheduled mode, after the read delay
 * ({@link RndvRead}); and the reads software posts ({@code postRead}, completed as READ). Every
 * method runs with the NIC's lock held; the peer's region monitor is a leaf taken inside.
 */
final class NicReads
{
    private final int rank;
    private final FabricContext context;
    private final boolean scheduled;
    private final MessagePool pool;
    private final CompletionQueue cq;
    private final NicCounters counters;
    private final FinOutbox outbox;
    private final Consumer<RndvRead> later;

    /**
     * The reads of NIC {@code rank}, from its peers' regions ({@link FabricContext#nic}); in
     * scheduled mode a matched rendezvous is handed to {@code later}, which finishes it after the
     * read delay.
     */
    NicReads(
        final int rank, final FabricContext context, final CompletionQueue cq, final NicCounters counters,
        final FinOutbox outbox, final Consumer<RndvRead> later)
    {
        this.rank = rank;
        this.context = context;
        this.scheduled = context.scheduled;
        this.pool = context.pool;
        this.cq = cq;
        this.counters = counters;
        this.outbox = outbox;
        this.later = later;
    }

    /**
     * Reads the rendezvous {@code request} matched to tagged buffer {@code handle} (already
     * reported MATCH and removed from the list) into {@code buffer} at {@code offset}.
     */
    void start(
        final WireMessage request, final int handle, final MutableDirectBuffer buffer, final int offset, final long recvWrId)
    {
        final WireMessage fin = outbox.fin(rank, request);
        if (scheduled)
        {
            later.accept(new RndvRead(request, handle, buffer, offset, recvWrId, fin));
        }
        else
        {
            final MutableDirectBuffer h = request.buffer;
            finish(request.source, RvHeader.va(h, TmHeader.LENGTH), RvHeader.rkey(h, TmHeader.LENGTH),
                RvHeader.length(h, TmHeader.LENGTH), buffer, offset, handle, TmHeader.appCtx(h, 0), TmHeader.tag(h, 0),
                recvWrId, fin);
        }
    }

    /** Finishes a rendezvous whose read delay passed (scheduled mode). */
    void finish(final RndvRead r)
    {
        finish(r.source, r.va, r.rkey, r.length, r.buffer, r.offset, r.handle, r.appCtx, r.tag, r.recvWrId, r.fin);
    }

    /**
     * Reads the sender's region into the tagged buffer, reports TM_RECV DATA_VALID (or
     * REMOTE_ACCESS_ERROR without DATA_VALID, and no FIN) and queues the FIN in the outbox.
     */
    private void finish(
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
        final int status = context.nic(source).regions().read(va, rkey, length, buffer, offset);
        int flags = 0;
        if (status == CompletionStatus.SUCCESS)
        {
            flags = CompletionFlags.DATA_VALID;
            counters.increment(NicCounters.RNDV_READS);
            counters.add(NicCounters.BYTES_READ, length);
            outbox.add(fin);
        }
        else
        {
            counters.increment(NicCounters.REMOTE_ACCESS_ERRORS);
            pool.release(fin);
        }
        cq.publish(CompletionOpcode.TM_RECV, status, flags, source, handle, appCtx, length, -1, recvWrId, tag);
    }

    /** Serves a software {@code postRead} from a peer's region into {@code dst} and reports READ. */
    void read(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset,
        final long wrId)
    {
        final int status = context.nic(peer).regions().read(va, rkey, length, dst, dstOffset);
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
}
