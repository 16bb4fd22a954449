package io.rankwire.match;

import org.agrona.MutableDirectBuffer;

/**
 * A posted receive as the matching engine holds it: a pooled, intrusively linked node. Obtain
 * one from {@link MatchEngine#newRecv()}, fill it with {@link #set}, hand it to
 * {@link MatchEngine#post}, and give it back with {@link MatchEngine#free(PostedRecv)} once the
 * request that owns it has completed.
 *
 * <p>Only the thread driving the engine touches a node.
 */
public final class PostedRecv
{
    // caller-owned description
    long tag;
    long mask;
    int capacity;
    Object owner;
    MutableDirectBuffer buffer;
    int bufferOffset;
    boolean offloadable;

    // engine-owned state (see MatchEngine)
    static final int FREE = 0;
    static final int READY = 1;
    static final int QUEUED = 2;
    static final int CANCELLING = 3;
    static final int HW_MATCHED = 4;

    long seq;
    PostedRecv prev;
    PostedRecv next;
    RecvList list;
    int kind;
    int handle = -1;
    int state = READY;
    long matchedTag;
    int matchedLength;
    final int id;

    PostedRecv(final int id)
    {
        this.id = id;
    }

    /**
     * Describes the receive.
     *
     * @param tag      the receive tag ({@link Envelope#recvTag})
     * @param mask     the receive mask ({@link Envelope#recvMask})
     * @param capacity the receive buffer's size in bytes
     * @param owner    the request (or anything) the caller wants back on a match
     */
    public PostedRecv set(final long tag, final long mask, final int capacity, final Object owner)
    {
        this.tag = tag;
        this.mask = mask;
        this.capacity = capacity;
        this.owner = owner;
        this.buffer = null;
        this.bufferOffset = 0;
        this.offloadable = false;
        return this;
    }

    /**
     * Lets the engine offer this receive to the NIC, which will place data directly into
     * {@code buffer[offset, offset + capacity)}.
     */
    public PostedRecv offloadTo(final MutableDirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.bufferOffset = offset;
        this.offloadable = buffer != null;
        return this;
    }

    public long tag()
    {
        return tag;
    }

    public long mask()
    {
        return mask;
    }

    public int capacity()
    {
        return capacity;
    }

    public Object owner()
    {
        return owner;
    }

    public MutableDirectBuffer buffer()
    {
        return buffer;
    }

    public int bufferOffset()
    {
        return bufferOffset;
    }

    /** The global posting sequence number the engine gave this receive. */
    public long seq()
    {
        return seq;
    }

    /** The packed envelope of the message this receive matched (valid after a match). */
    public long matchedTag()
    {
        return matchedTag;
    }

    /** The length in bytes of the message this receive matched (valid after a match). */
    public int matchedLength()
    {
        return matchedLength;
    }

    /** True when the matched message is longer than the receive buffer. */
    public boolean truncated()
    {
        return matchedLength > capacity;
    }

    /** True while the NIC's list holds (or is being given) this receive. */
    public boolean isNicHeld()
    {
        return handle >= 0;
    }

    @Override
    public String toString()
    {
        return "PostedRecv{seq=" + seq +
            ", tag=0x" + Long.toHexString(tag) +
            ", mask=0x" + Long.toHexString(mask) +
            ", capacity=" + capacity +
            ", handle=" + handle + '}';
    }
}
