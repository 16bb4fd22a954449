package io.rankwire.match;

/**
 * Packs a message envelope (context id, source rank, tag) into the 64-bit tag carried in the
 * tag-matching header (TMH), and builds receive masks, exactly as the tag-matching NIC sees them.
 *
 * <pre>
 *  63 62                     40 39                   20 19                    0
 * +--+-------------------------+-----------------------+-----------------------+
 * |S |   tag (24 bits, S = sign)|  source rank (20 bits) |  context id (20 bits) |
 * +--+-------------------------+-----------------------+-----------------------+
 * </pre>
 *
 * <p>User tags are {@code 0..TAG_UB}; negative tags ({@code -2^23..-1}) are reserved for the
 * runtime's internal traffic. A receive's mask always covers bit 63 and the context bits;
 * {@code ANY_SOURCE} clears the rank bits and {@code ANY_TAG} clears bits 62..40, so an
 * {@code ANY_TAG} receive never matches an internal (negative) tag. A message with tag {@code t}
 * matches a receive {@code (r, m)} iff {@code ((t ^ r) & m) == 0}.
 *
 * <p>All methods are static and allocation free.
 */
public final class Envelope
{
    /** Largest user tag: {@code 2^23 - 1}. */
    public static final int TAG_UB = (1 << 23) - 1;
    /** Smallest internal tag: {@code -2^23}. */
    public static final int TAG_MIN_INTERNAL = -(1 << 23);
    /** Number of addressable ranks: {@code 2^20}. */
    public static final int MAX_RANKS = 1 << 20;
    /** Number of distinct context ids: {@code 2^20}. */
    public static final int MAX_CONTEXTS = 1 << 20;
    /** Wildcard source, as in MPI. */
    public static final int ANY_SOURCE = -1;
    /** Wildcard tag, as in MPI. Only valid on receives. */
    public static final int ANY_TAG = -1;

    public static final int TAG_SHIFT = 40;
    public static final int SOURCE_SHIFT = 20;
    public static final long CONTEXT_BITS = 0xF_FFFFL;
    public static final long SOURCE_BITS = 0xF_FFFFL << SOURCE_SHIFT;
    /** Tag bits without the sign bit (62..40). */
    public static final long TAG_VALUE_BITS = 0x7F_FFFFL << TAG_SHIFT;
    public static final long SIGN_BIT = 1L << 63;
    /** Mask of a fully specified receive. */
    public static final long FULL_MASK = -1L;

    private Envelope()
    {
    }

    /**
     * Packs an envelope without range checks beyond what the bit layout needs; callers validate
     * with {@link #checkUserTag}, {@link #checkRank} and {@link #checkContext} at the API edge.
     */
    public static long pack(final int context, final int source, final int tag)
    {
        return ((long)tag << TAG_SHIFT) | (((long)source << SOURCE_SHIFT) & SOURCE_BITS) | (context & CONTEXT_BITS);
    }

    /** The receive tag for (context, source or ANY_SOURCE, tag or ANY_TAG); wildcard fields are zero. */
    public static long recvTag(final int context, final int source, final int tag)
    {
        final int s = source == ANY_SOURCE ? 0 : source;
        final int t = tag == ANY_TAG ? 0 : tag;
        return pack(context, s, t);
    }

    /** The receive mask for the given wildcards. */
    public static long recvMask(final boolean anySource, final boolean anyTag)
    {
        long mask = FULL_MASK;
        if (anySource)
        {
            mask &= ~SOURCE_BITS;
        }
        if (anyTag)
        {
            mask &= ~TAG_VALUE_BITS;
        }
        return mask;
    }

    /** The receive mask for a user receive where {@code source}/{@code tag} may be wildcards. */
    public static long recvMask(final int source, final int tag)
    {
        return recvMask(source == ANY_SOURCE, tag == ANY_TAG);
    }

    /** True when a message tag matches a receive (tag, mask). */
    public static boolean matches(final long msgTag, final long recvTag, final long recvMask)
    {
        return ((msgTag ^ recvTag) & recvMask) == 0;
    }

    /** The signed 24-bit tag of a packed envelope. */
    public static int tagOf(final long packed)
    {
        return (int)(packed >> TAG_SHIFT);
    }

    /** The source rank of a packed envelope. */
    public static int sourceOf(final long packed)
    {
        return (int)((packed & SOURCE_BITS) >>> SOURCE_SHIFT);
    }

    /** The context id of a packed envelope. */
    public static int contextOf(final long packed)
    {
        return (int)(packed & CONTEXT_BITS);
    }

    /** True when the mask leaves the source free (ANY_SOURCE). */
    public static boolean isAnySource(final long mask)
    {
        return (mask & SOURCE_BITS) == 0;
    }

    /** True when the mask leaves the tag free (ANY_TAG). */
    public static boolean isAnyTag(final long mask)
    {
        return (mask & TAG_VALUE_BITS) == 0;
    }

    /** Validates a tag given to a send call: {@code 0..TAG_UB}. */
    public static int checkUserTag(final int tag)
    {
        if (tag < 0 || tag > TAG_UB)
        {
            throw new IllegalArgumentException("tag : " + tag + " (expected: 0.." + TAG_UB + ")");
        }
        return tag;
    }

    /** Validates a tag given to a receive or probe call: {@code 0..TAG_UB} or {@code ANY_TAG}. */
    public static int checkUserRecvTag(final int tag)
    {
        if (tag != ANY_TAG && (tag < 0 || tag > TAG_UB))
        {
            throw new IllegalArgumentException(
                "tag : " + tag + " (expected: 0.." + TAG_UB + " or ANY_TAG (" + ANY_TAG + "))");
        }
        return tag;
    }

    /** Validates an internal (runtime-reserved) tag: {@code -2^23..-1}. */
    public static int checkInternalTag(final int tag)
    {
        if (tag < TAG_MIN_INTERNAL || tag >= 0)
        {
            throw new IllegalArgumentException(
                "internal tag : " + tag + " (expected: " + TAG_MIN_INTERNAL + "..-1)");
        }
        return tag;
    }

    /** Validates a destination or source rank against a communicator size. */
    public static int checkRank(final int rank, final int size)
    {
        if (size < 1 || size > MAX_RANKS)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: 1.." + MAX_RANKS + ")");
        }
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        return rank;
    }

    /** Validates a source rank on a receive: a rank of the communicator or {@code ANY_SOURCE}. */
    public static int checkRecvRank(final int rank, final int size)
    {
        return rank == ANY_SOURCE ? rank : checkRank(rank, size);
    }

    /** Validates a context id: {@code 0..MAX_CONTEXTS-1}. */
    public static int checkContext(final int context)
    {
        if (context < 0 || context >= MAX_CONTEXTS)
        {
            throw new IllegalArgumentException(
                "context : " + context + " (expected: 0.." + (MAX_CONTEXTS - 1) + ")");
        }
        return context;
    }
}
