package io.rankwire.spi;

import org.agrona.DirectBuffer;

/**
 * A work completion, after the verbs {@code ibv_wc} with the tag-matching extensions. Transports
 * reuse one instance per poll loop and fill it with {@link #reset()} and the fluent setters; the
 * handler must not keep it beyond {@link CompletionHandler#onCompletion}.
 *
 * <table>
 *   <caption>Fields by opcode</caption>
 *   <tr><th>opcode</th><th>fields</th></tr>
 *   <tr><td>SEND, READ</td><td>wrId, status, peer</td></tr>
 *   <tr><td>RECV, NO_TAG</td><td>peer, buffer/offset/byteLength = the whole message with headers,
 *       wrId = the SRQ buffer's id (offload) or 0</td></tr>
 *   <tr><td>TM_RECV</td><td>wrId = recvWrId of the tagged buffer, flags MATCH/DATA_VALID, status
 *       (SUCCESS, RNDV_INCOMPLETE, ...), tag and appCtx from the TMH, byteLength = payload length
 *       of the message (for RNDV the RVH length), peer</td></tr>
 *   <tr><td>TM_ADD, TM_DEL</td><td>handle, status, flags SYNC_REQ</td></tr>
 *   <tr><td>TM_SYNC</td><td>status, flags SYNC_REQ</td></tr>
 *   <tr><td>PEER_FAILED</td><td>peer, status</td></tr>
 * </table>
 */
public final class Completion
{
    private int opcode;
    private int status;
    private int flags;
    private long wrId;
    private int peer = -1;
    private int handle = -1;
    private long tag;
    private int appCtx;
    private int byteLength;
    private DirectBuffer buffer;
    private int offset;

    /** Clears every field. */
    public Completion reset()
    {
        opcode = 0;
        status = CompletionStatus.SUCCESS;
        flags = 0;
        wrId = 0;
        peer = -1;
        handle = -1;
        tag = 0;
        appCtx = 0;
        byteLength = 0;
        buffer = null;
        offset = 0;
        return this;
    }

    public int opcode()
    {
        return opcode;
    }

    public Completion opcode(final int opcode)
    {
        this.opcode = opcode;
        return this;
    }

    public int status()
    {
        return status;
    }

    public Completion status(final int status)
    {
        this.status = status;
        return this;
    }

    public int flags()
    {
        return flags;
    }

    public Completion flags(final int flags)
    {
        this.flags = flags;
        return this;
    }

    /** True when every bit of {@code flag} is set. */
    public boolean hasFlag(final int flag)
    {
        return (flags & flag) == flag;
    }

    public long wrId()
    {
        return wrId;
    }

    public Completion wrId(final long wrId)
    {
        this.wrId = wrId;
        return this;
    }

    public int peer()
    {
        return peer;
    }

    public Completion peer(final int peer)
    {
        this.peer = peer;
        return this;
    }

    public int handle()
    {
        return handle;
    }

    public Completion handle(final int handle)
    {
        this.handle = handle;
        return this;
    }

    public long tag()
    {
        return tag;
    }

    public Completion tag(final long tag)
    {
        this.tag = tag;
        return this;
    }

    public int appCtx()
    {
        return appCtx;
    }

    public Completion appCtx(final int appCtx)
    {
        this.appCtx = appCtx;
        return this;
    }

    public int byteLength()
    {
        return byteLength;
    }

    public Completion byteLength(final int byteLength)
    {
        this.byteLength = byteLength;
        return this;
    }

    /** The message bytes for RECV and NO_TAG; null otherwise. */
    public DirectBuffer buffer()
    {
        return buffer;
    }

    public int offset()
    {
        return offset;
    }

    /** Sets the buffer view of a received message. */
    public Completion buffer(final DirectBuffer buffer, final int offset, final int byteLength)
    {
        this.buffer = buffer;
        this.offset = offset;
        this.byteLength = byteLength;
        return this;
    }

    @Override
    public String toString()
    {
        return "Completion{" + CompletionOpcode.name(opcode) +
            ", status=" + CompletionStatus.name(status) +
            ", flags=" + flags +
            ", wrId=" + wrId +
            ", peer=" + peer +
            ", handle=" + handle +
            ", tag=0x" + Long.toHexString(tag) +
            ", appCtx=" + appCtx +
            ", byteLength=" + byteLength + '}';
    }
}
