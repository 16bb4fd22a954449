package io.rankwire.spi;

/**
 * What a transport can do, so the protocol layer chooses by capability, never by type: the
 * largest eager payload, the largest message, and the tag-matching offload limits (after
 * {@code ibv_tm_caps}).
 */
public final class Capabilities
{
    /** Flag: tag matching on reliable-connected queue pairs. */
    public static final int TM_CAP_RC = 1;
    /** Flag: the NIC performs matched rendezvous itself (RDMA-read and FIN). */
    public static final int TM_CAP_RNDV = 1 << 1;
    /** Flag: NO_TAG messages are supported. */
    public static final int TM_CAP_NO_TAG = 1 << 2;

    private final int eagerLimit;
    private final int maxMessageSize;
    private final int maxRndvHdrSize;
    private final int maxNumTags;
    private final int maxOps;
    private final int maxSge;
    private final int flags;

    /**
     * @param eagerLimit     largest payload the transport carries eagerly by default
     * @param maxMessageSize largest single message (headers + payload) the transport carries
     * @param maxRndvHdrSize largest rendezvous request (TMH + RVH + metadata)
     * @param maxNumTags     tagged buffers the NIC holds; 0 means no offload
     * @param maxOps         outstanding list operations
     * @param maxSge         scatter entries per tagged buffer
     * @param flags          {@code TM_CAP_*} bits
     */
    public Capabilities(
        final int eagerLimit,
        final int maxMessageSize,
        final int maxRndvHdrSize,
        final int maxNumTags,
        final int maxOps,
        final int maxSge,
        final int flags)
    {
        if (eagerLimit < 0)
        {
            throw new IllegalArgumentException("eagerLimit : " + eagerLimit + " (expected: >= 0)");
        }
        if (maxMessageSize < 64)
        {
            throw new IllegalArgumentException("maxMessageSize : " + maxMessageSize + " (expected: >= 64)");
        }
        if (maxNumTags < 0 || maxOps < 0)
        {
            throw new IllegalArgumentException(
                "maxNumTags : " + maxNumTags + ", maxOps : " + maxOps + " (expected: >= 0)");
        }
        this.eagerLimit = eagerLimit;
        this.maxMessageSize = maxMessageSize;
        this.maxRndvHdrSize = maxRndvHdrSize;
        this.maxNumTags = maxNumTags;
        this.maxOps = maxOps;
        this.maxSge = maxSge;
        this.flags = flags;
    }

    public int eagerLimit()
    {
        return eagerLimit;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    public int maxRndvHdrSize()
    {
        return maxRndvHdrSize;
    }

    public int maxNumTags()
    {
        return maxNumTags;
    }

    public int maxOps()
    {
        return maxOps;
    }

    public int maxSge()
    {
        return maxSge;
    }

    public int flags()
    {
        return flags;
    }

    /** True when the transport offers tag-matching offload. */
    public boolean hasOffload()
    {
        return maxNumTags > 0;
    }

    @Override
    public String toString()
    {
        return "Capabilities{eagerLimit=" + eagerLimit +
            ", maxMessageSize=" + maxMessageSize +
            ", maxRndvHdrSize=" + maxRndvHdrSize +
            ", maxNumTags=" + maxNumTags +
            ", maxOps=" + maxOps +
            ", maxSge=" + maxSge +
            ", flags=" + flags + '}';
    }
}
