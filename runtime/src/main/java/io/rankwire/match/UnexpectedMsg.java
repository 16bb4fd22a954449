package io.rankwire.match;

/**
 * An arrived message no posted receive matched: a pooled node linked into the unexpected
 * structure. The engine reads only {@link #tag()} and {@link #length()}; the remaining fields
 * belong to the protocol layer (where the eager bytes are kept, or the rendezvous RVH).
 */
public final class UnexpectedMsg
{
    long tag;
    int length;

    /** Protocol kind, e.g. {@code TmHeader.EAGER} or {@code TmHeader.RNDV}. */
    public int kind;
    /** TMH flags byte of the message. */
    public int flags;
    /** TMH app_ctx of the message. */
    public int appCtx;
    /** Sending rank in the job (transport peer). */
    public int peer;
    /** Where the protocol layer keeps the eager payload. */
    public Object data;
    /** Offset of the payload in {@link #data}. */
    public int dataOffset;
    /** RVH virtual address of a rendezvous request. */
    public long va;
    /** RVH rkey of a rendezvous request. */
    public int rkey;

    // engine-owned links
    final UnexpectedMsg[] prev = new UnexpectedMsg[4];
    final UnexpectedMsg[] next = new UnexpectedMsg[4];
    final MsgList[] lists = new MsgList[4];
    boolean queued;
    final int id;

    UnexpectedMsg(final int id)
    {
        this.id = id;
    }

    /** Describes the message: its packed envelope and payload length in bytes. */
    public UnexpectedMsg set(final long tag, final int length)
    {
        this.tag = tag;
        this.length = length;
        this.kind = 0;
        this.flags = 0;
        this.appCtx = 0;
        this.peer = -1;
        this.data = null;
        this.dataOffset = 0;
        this.va = 0;
        this.rkey = 0;
        return this;
    }

    public long tag()
    {
        return tag;
    }

    public int length()
    {
        return length;
    }

    @Override
    public String toString()
    {
        return "UnexpectedMsg{tag=0x" + Long.toHexString(tag) + ", length=" + length + ", kind=" + kind + '}';
    }
}
