package io.rankwire.match;

import org.junit.jupiter.api.Test;

import static io.rankwire.match.Envelope.ANY_SOURCE;
import static io.rankwire.match.Envelope.ANY_TAG;
import static io.rankwire.match.Envelope.pack;
import static io.rankwire.match.Envelope.recvMask;
import static io.rankwire.match.Envelope.recvTag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatchEngineTest
{
    private final MatchEngine engine = new MatchEngine(null, null, 1024);

    private PostedRecv post(final int ctx, final int src, final int tag, final int capacity)
    {
        final PostedRecv recv = engine.newRecv().set(recvTag(ctx, src, tag), recvMask(src, tag), capacity, null);
        assertNull(engine.post(recv));
        return recv;
    }

    private UnexpectedMsg unexpected(final int ctx, final int src, final int tag, final int length)
    {
        final long packed = pack(ctx, src, tag);
        assertNull(engine.arrive(packed, length));
        final UnexpectedMsg msg = engine.newMsg().set(packed, length);
        engine.enqueueUnexpected(msg);
        return msg;
    }

    @Test
    void shouldGiveAMessageTheEarliestPostedMatchAcrossClasses()
    {
        final PostedRecv exact = post(1, 2, 3, 64);
        final PostedRecv anyAny = post(1, ANY_SOURCE, ANY_TAG, 64);
        final PostedRecv anySource = post(1, ANY_SOURCE, 3, 64);
        final PostedRecv anyTag = post(1, 2, ANY_TAG, 64);
        final long msg = pack(1, 2, 3);
        assertSame(exact, engine.arrive(msg, 8));
        assertSame(anyAny, engine.arrive(msg, 8));
        assertSame(anySource, engine.arrive(msg, 8));
        assertSame(anyTag, engine.arrive(msg, 8));
        assertNull(engine.arrive(msg, 8));
        assertEquals(0, engine.postedCount());
    }

    @Test
    void shouldKeepABoundedNumberOfEmptiedListsAndStillMatchInPostingOrder()
    {
        for (int tag = 0; tag < 1_000; tag++)
        {
            post(1, 2, tag, 64);
            post(1, ANY_SOURCE, tag, 64);
            assertNotNull(engine.arrive(pack(1, 2, tag), 8));
            assertNotNull(engine.arrive(pack(1, 2, tag), 8));
        }
        assertEquals(0, engine.postedCount());
        assertEquals(PostedQueue.MAX_EMPTY_KEPT, engine.postedLists());
        // a kept (empty) exact list and a kept wildcard list: order across them is still by posting
        final PostedRecv wildcard = post(1, ANY_SOURCE, 5, 64);
        final PostedRecv exact = post(1, 2, 5, 64);
        assertSame(wildcard, engine.arrive(pack(1, 2, 5), 8));
        assertSame(exact, engine.arrive(pack(1, 2, 5), 8));
        assertNull(engine.arrive(pack(1, 2, 5), 8));
        assertEquals(PostedQueue.MAX_EMPTY_KEPT, engine.postedLists());
    }

    @Test
    void shouldGiveAReceiveTheEarliestArrivedMatch()
    {
        final UnexpectedMsg other = unexpected(1, 5, 9, 4);
        final UnexpectedMsg first = unexpected(1, 2, 3, 4);
        final UnexpectedMsg second = unexpected(1, 2, 7, 4);
        final PostedRecv anyTag = engine.newRecv().set(recvTag(1, 2, ANY_TAG), recvMask(2, ANY_TAG), 64, null);
        assertSame(first, engine.post(anyTag));
        final PostedRecv anyAny = engine.newRecv().set(recvTag(1, ANY_SOURCE, ANY_TAG), recvMask(true, true), 64, null);
        assertSame(other, engine.post(anyAny));
        assertSame(second, engine.probe(recvTag(1, ANY_SOURCE, 7), recvMask(true, false)));
        assertSame(second, engine.take(recvTag(1, 2, 7), recvMask(false, false)));
        assertEquals(0, engine.unexpectedCount());
    }

    @Test
    void shouldNeverMatchInternalTagsWithAnyTag()
    {
        final PostedRecv anyTag = post(0, 1, ANY_TAG, 64);
        assertNull(engine.arrive(pack(0, 1, -2), 8));
        engine.enqueueUnexpected(engine.newMsg().set(pack(0, 1, -2), 8));
        assertNull(engine.probe(recvTag(0, ANY_SOURCE, ANY_TAG), recvMask(true, true)));
        final PostedRecv internal = engine.newRecv().set(recvTag(0, ANY_SOURCE, -2), recvMask(true, false), 64, null);
        final UnexpectedMsg msg = engine.post(internal);
        assertEquals(pack(0, 1, -2), msg.tag());
        assertSame(anyTag, engine.arrive(pack(0, 1, 0), 8));
    }

    @Test
    void shouldReportTruncationOnBothPaths()
    {
        final PostedRecv small = post(0, 0, 1, 16);
        assertSame(small, engine.arrive(pack(0, 0, 1), 17));
        assertTrue(small.truncated());
        assertEquals(17, small.matchedLength());
        unexpected(0, 0, 2, 16);
        final PostedRecv exact = engine.newRecv().set(recvTag(0, 0, 2), recvMask(0, 2), 16, null);
        engine.post(exact);
        assertFalse(exact.truncated());
        assertEquals(pack(0, 0, 2), exact.matchedTag());
    }

    @Test
    void shouldCancelSoftwareReceivesOnce()
    {
        final PostedRecv recv = post(0, 0, 1, 16);
        final PostedRecv later = post(0, 0, 1, 16);
        assertEquals(MatchEngine.CANCELLED, engine.cancel(recv));
        assertEquals(MatchEngine.NOT_POSTED, engine.cancel(recv));
        assertSame(later, engine.arrive(pack(0, 0, 1), 1));
        assertEquals(MatchEngine.NOT_POSTED, engine.cancel(later));
    }

    @Test
    void shouldRecycleNodesAndListsInSteadyState()
    {
        for (int i = 0; i < 10_000; i++)
        {
            final PostedRecv recv = post(i % 3, i % 5, i % 7, 64);
            assertSame(recv, engine.arrive(pack(i % 3, i % 5, i % 7), 8));
            engine.free(recv);
            final UnexpectedMsg msg = unexpected(1, 1, i % 11, 8);
            final PostedRecv taker = engine.newRecv().set(recvTag(1, ANY_SOURCE, ANY_TAG), recvMask(true, true), 64, null);
            assertSame(msg, engine.post(taker));
            engine.free(msg);
            engine.free(taker);
        }
        assertEquals(1, engine.recvNodesCreated());
        assertEquals(1, engine.msgNodesCreated());
        assertEquals(0, engine.postedCount());
        assertEquals(0, engine.unexpectedCount());
    }

    @Test
    void shouldRejectMisuse()
    {
        final PostedRecv odd = engine.newRecv().set(0, 0x1234L, 8, null);
        assertThrows(IllegalArgumentException.class, () -> engine.post(odd));
        final PostedRecv queued = post(0, 0, 0, 8);
        assertThrows(IllegalStateException.class, () -> engine.post(queued));
        assertThrows(IllegalStateException.class, () -> engine.free(queued));
        final UnexpectedMsg msg = unexpected(0, 1, 1, 1);
        assertThrows(IllegalStateException.class, () -> engine.free(msg));
        assertThrows(IllegalArgumentException.class, () -> new MatchEngine(null, null, -1));
    }
}
