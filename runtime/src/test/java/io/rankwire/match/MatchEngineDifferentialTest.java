package io.rankwire.match;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Random programs run through the software engine and the reference matcher in lock step; every
 * match, probe and cancel must agree, and pooled nodes are recycled as a runtime would.
 */
class MatchEngineDifferentialTest
{
    @Provide
    Arbitrary<List<Integer>> programs()
    {
        return Programs.programs(80);
    }

    @Property(tries = 5000)
    void shouldAgreeWithTheReferenceMatcher(@ForAll("programs") final List<Integer> program)
    {
        final MatchEngine engine = new MatchEngine(null, null, 1024);
        final ReferenceMatcher reference = new ReferenceMatcher();
        final List<PostedRecv> engineRecvs = new ArrayList<>();
        final List<ReferenceMatcher.Recv> referenceRecvs = new ArrayList<>();
        int msgIds = 0;
        for (final int step : program)
        {
            switch (Programs.kind(step, false))
            {
                case Programs.POST:
                {
                    final PostedRecv recv = engine.newRecv();
                    final int id = referenceRecvs.size();
                    recv.set(Programs.packedRecvTag(step, 4), Programs.packedRecvMask(step, 4), Programs.length(step >>> 2), id);
                    final ReferenceMatcher.Recv expected = reference.post(id, recv.tag(), recv.mask(), recv.capacity());
                    final UnexpectedMsg msg = engine.post(recv);
                    engineRecvs.add(recv);
                    referenceRecvs.add(expected);
                    if (expected.matched == null)
                    {
                        assertNull(msg, () -> "post " + recv + " matched " + msg);
                    }
                    else
                    {
                        assertNotNull(msg, () -> "post " + recv + " expected " + expected.matched);
                        assertEquals(expected.matched.id, (int)(Integer)msg.data);
                        assertMatched(expected, recv);
                        engine.free(msg);
                        engine.free(recv);
                    }
                    break;
                }
                case Programs.ARRIVE:
                {
                    final long tag = Programs.packedMsg(step);
                    final int length = Programs.length(step);
                    final int id = msgIds++;
                    final ReferenceMatcher.Msg expected = reference.arrive(id, tag, length);
                    final PostedRecv recv = engine.arrive(tag, length);
                    if (expected.matched == null)
                    {
                        assertNull(recv, () -> "msg " + id + " matched " + recv);
                        final UnexpectedMsg msg = engine.newMsg().set(tag, length);
                        msg.data = id;
                        engine.enqueueUnexpected(msg);
                    }
                    else
                    {
                        assertNotNull(recv, () -> "msg " + id + " expected " + expected.matched);
                        assertEquals(expected.matched.id, (int)(Integer)recv.owner());
                        assertMatched(expected.matched, recv);
                        engine.free(recv);
                    }
                    break;
                }
                case Programs.CANCEL:
                {
                    final int i = Programs.pick(step, engineRecvs.size());
                    if (i >= 0)
                    {
                        final ReferenceMatcher.Recv expected = referenceRecvs.get(i);
                        final boolean cancelled = reference.cancel(expected);
                        final PostedRecv recv = engineRecvs.get(i);
                        if (cancelled)
                        {
                            assertEquals(MatchEngine.CANCELLED, engine.cancel(recv));
                            engine.free(recv);
                        }
                        // a node freed after its match may already serve a later receive
                    }
                    break;
                }
                case Programs.PROBE:
                case Programs.TAKE:
                {
                    final long tag = Programs.packedRecvTag(step, 4);
                    final long mask = Programs.packedRecvMask(step, 4);
                    final boolean take = Programs.kind(step, false) == Programs.TAKE;
                    final ReferenceMatcher.Msg expected = take ? reference.take(tag, mask) : reference.probe(tag, mask);
                    final UnexpectedMsg msg = take ? engine.take(tag, mask) : engine.probe(tag, mask);
                    if (expected == null)
                    {
                        assertNull(msg);
                    }
                    else
                    {
                        assertNotNull(msg, () -> "probe expected " + expected);
                        assertEquals(expected.id, (int)(Integer)msg.data);
                        assertEquals(expected.tag, msg.tag());
                        assertEquals(expected.length, msg.length());
                        if (take)
                        {
                            engine.free(msg);
                        }
                    }
                    break;
                }
                default:
                    throw new IllegalStateException("step : " + step);
            }
            assertEquals(reference.postedCount(), engine.postedCount());
            assertEquals(reference.unexpectedCount(), engine.unexpectedCount());
        }
    }

    static void assertMatched(final ReferenceMatcher.Recv expected, final PostedRecv recv)
    {
        assertEquals(expected.matched.tag, recv.matchedTag());
        assertEquals(expected.matched.length, recv.matchedLength());
        assertEquals(expected.truncated(), recv.truncated());
    }
}
