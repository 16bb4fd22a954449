package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;

/**
 * A rendezvous the NIC matched in scheduled mode and finishes after the read delay: read
 * {@code (va, rkey, length)} of the sender's region into the tagged buffer, then send the FIN.
 */
final class RndvRead
{
    final int source;
    final int handle;
    final long va;
    final int rkey;
    final int length;
    final long tag;
    final int appCtx;
    final MutableDirectBuffer buffer;
    final int offset;
    final long recvWrId;
    final WireMessage fin;

    RndvRead(
        final WireMessage request,
        final int handle,
        final MutableDirectBuffer buffer,
        final int offset,
        final long recvWrId,
        final WireMessage fin)
    {
        this.source = request.source;
        this.handle = handle;
        this.va = RvHeader.va(request.buffer, TmHeader.LENGTH);
        this.rkey = RvHeader.rkey(request.buffer, TmHeader.LENGTH);
        this.length = RvHeader.length(request.buffer, TmHeader.LENGTH);
        this.tag = TmHeader.tag(request.buffer, 0);
        this.appCtx = TmHeader.appCtx(request.buffer, 0);
        this.buffer = buffer;
        this.offset = offset;
        this.recvWrId = recvWrId;
        this.fin = fin;
    }
}
