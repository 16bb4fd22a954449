package io.rankwire.match;

import org.junit.jupiter.api.Test;

import static io.rankwire.match.Envelope.*;
import static org.junit.jupiter.api.Assertions.*;

class EnvelopeTest
{
    @Test
    void shouldRoundTripFieldsAtTheirLimits()
    {
        final int[] tags = {0, 1, TAG_UB, -1, TAG_MIN_INTERNAL};
        final int[] ranks = {0, 1, MAX_RANKS - 1};
        final int[] contexts = {0, 7, MAX_CONTEXTS - 1};
        for (final int tag : tags)
        {
            for (final int rank : ranks)
            {
                for (final int ctx : contexts)
                {
                    final long packed = pack(ctx, rank, tag);
                    assertEquals(tag, tagOf(packed));
                    assertEquals(rank, sourceOf(packed));
                    assertEquals(ctx, contextOf(packed));
                }
            }
        }
    }

    @Test
    void shouldPlaceFieldsInTheDocumentedBits()
    {
        assertEquals(0x0000_0500_0030_0002L, pack(2, 3, 5));
        assertEquals(0xFFFF_FF00_0000_0000L, pack(0, 0, -1));
        assertEquals(SIGN_BIT, pack(0, 0, TAG_MIN_INTERNAL));
    }

    @Test
    void shouldMatchWildcardsButNeverInternalTagsWithAnyTag()
    {
        final long msg = pack(4, 9, 77);
        assertTrue(matches(msg, recvTag(4, 9, 77), recvMask(9, 77)));
        assertTrue(matches(msg, recvTag(4, ANY_SOURCE, 77), recvMask(ANY_SOURCE, 77)));
        assertTrue(matches(msg, recvTag(4, 9, ANY_TAG), recvMask(9, ANY_TAG)));
        assertTrue(matches(msg, recvTag(4, ANY_SOURCE, ANY_TAG), recvMask(ANY_SOURCE, ANY_TAG)));
        assertFalse(matches(msg, recvTag(5, ANY_SOURCE, ANY_TAG), recvMask(ANY_SOURCE, ANY_TAG)));
        assertFalse(matches(msg, recvTag(4, 8, ANY_TAG), recvMask(8, ANY_TAG)));
        assertFalse(matches(msg, recvTag(4, 9, 78), recvMask(9, 78)));

        final long internal = pack(4, 9, -3);
        assertFalse(matches(internal, recvTag(4, 9, ANY_TAG), recvMask(9, ANY_TAG)));
        assertFalse(matches(internal, recvTag(4, ANY_SOURCE, ANY_TAG), recvMask(ANY_SOURCE, ANY_TAG)));
        assertTrue(matches(internal, pack(4, 0, -3), recvMask(true, false)));
        assertTrue(isAnySource(recvMask(ANY_SOURCE, 1)));
        assertTrue(isAnyTag(recvMask(1, ANY_TAG)));
        assertFalse(isAnyTag(recvMask(1, 1)));
    }

    @Test
    void shouldRejectBadValuesNamingValueAndLimit()
    {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> checkUserTag(TAG_UB + 1));
        assertEquals("tag : 8388608 (expected: 0..8388607)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> checkUserTag(-5));
        assertTrue(e.getMessage().contains("-5"));
        assertEquals(ANY_TAG, checkUserRecvTag(ANY_TAG));
        assertThrows(IllegalArgumentException.class, () -> checkUserRecvTag(-2));
        e = assertThrows(IllegalArgumentException.class, () -> checkRank(4, 4));
        assertEquals("rank : 4 (expected: 0..3)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> checkRank(0, MAX_RANKS + 1));
        assertTrue(e.getMessage().contains(String.valueOf(MAX_RANKS)));
        assertEquals(ANY_SOURCE, checkRecvRank(ANY_SOURCE, 2));
        e = assertThrows(IllegalArgumentException.class, () -> checkContext(MAX_CONTEXTS));
        assertEquals("context : 1048576 (expected: 0..1048575)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> checkInternalTag(0));
        assertEquals(-1, checkInternalTag(-1));
    }
}
