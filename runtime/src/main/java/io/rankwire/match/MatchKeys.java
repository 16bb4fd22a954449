package io.rankwire.match;

import static io.rankwire.match.Envelope.CONTEXT_BITS;
import static io.rankwire.match.Envelope.FULL_MASK;
import static io.rankwire.match.Envelope.SIGN_BIT;
import static io.rankwire.match.Envelope.SOURCE_BITS;
import static io.rankwire.match.Envelope.TAG_VALUE_BITS;

/**
 * The four receive classes and the hash keys each class uses. A class is also the index of the
 * unexpected-message list a receive of that class reads.
 *
 * <pre>
 *   class        mask clears        key (bits kept of the tag)
 *   EXACT        nothing            all 64 bits
 *   ANY_TAG      bits 62..40        source + context     (messages with tag &gt;= 0 only)
 *   ANY_SOURCE   bits 39..20        tag (with sign) + context
 *   ANY_ANY      both               context              (messages with tag &gt;= 0 only)
 * </pre>
 */
final class MatchKeys
{
    static final int EXACT = 0;
    static final int ANY_TAG = 1;
    static final int ANY_SOURCE = 2;
    static final int ANY_ANY = 3;
    static final int CLASSES = 4;

    static final long MASK_ANY_TAG = FULL_MASK & ~TAG_VALUE_BITS;
    static final long MASK_ANY_SOURCE = FULL_MASK & ~SOURCE_BITS;
    static final long MASK_ANY_ANY = FULL_MASK & ~TAG_VALUE_BITS & ~SOURCE_BITS;

    private static final long[] KEY_BITS = {
        FULL_MASK, SOURCE_BITS | CONTEXT_BITS, ~SOURCE_BITS, CONTEXT_BITS};

    private MatchKeys()
    {
    }

    /**
     * The class of a receive or probe (tag, mask). Only the four masks {@link Envelope#recvMask}
     * builds are valid, and a wildcard-tag receive must have a non-negative tag field.
     */
    static int classOf(final long tag, final long mask)
    {
        final int kind;
        if (mask == FULL_MASK)
        {
            kind = EXACT;
        }
        else if (mask == MASK_ANY_TAG)
        {
            kind = ANY_TAG;
        }
        else if (mask == MASK_ANY_SOURCE)
        {
            kind = ANY_SOURCE;
        }
        else if (mask == MASK_ANY_ANY)
        {
            kind = ANY_ANY;
        }
        else
        {
            throw new IllegalArgumentException("mask : 0x" + Long.toHexString(mask) +
                " (expected: one of Envelope.recvMask's four masks)");
        }
        if ((kind & ANY_TAG) != 0 && (tag & SIGN_BIT) != 0)
        {
            throw new IllegalArgumentException("tag : 0x" + Long.toHexString(tag) +
                " (expected: a non-negative tag field with ANY_TAG)");
        }
        return kind;
    }

    /** The key of a receive of class {@code kind}, or of a message in that class's index. */
    static long key(final int kind, final long tag)
    {
        return tag & KEY_BITS[kind];
    }

    /** True when a message with this tag is linked into (or looked up in) index {@code kind}. */
    static boolean indexed(final int kind, final long msgTag)
    {
        return (kind & ANY_TAG) == 0 || msgTag >= 0;
    }
}
