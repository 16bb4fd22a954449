package io.rankwire.match;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random programs run through the engine behind a scripted NIC that executes list operations and
 * delivers completions after generated delays, with cancels racing arrivals. The trace of what
 * took effect, replayed through the reference matcher, must give the same pairs; cancels count as
 * taking effect when called if they finally succeeded, and as never made if the NIC consumed the
 * receive first.
 */
class OffloadDifferentialTest
{
    /** Wildcards are rarer than in the software property so that receives reach the NIC. */
    static final int WILDCARD_ONE_IN = 10;

    @Provide
    Arbitrary<List<Integer>> programs()
    {
        return Programs.programs(80);
    }

    @Property(tries = 5000)
    void shouldAgreeWithTheReferenceMatcherBehindANic(
        @ForAll("programs") final List<Integer> program,
        @ForAll @IntRange(min = 1, max = 4) final int maxNumTags,
        @ForAll @IntRange(min = 1, max = 3) final int maxOps,
        @ForAll final boolean smallStayInSoftware)
    {
        final NicHarness harness = new NicHarness(maxNumTags, maxOps, smallStayInSoftware ? 1024 : 0);
        for (final int step : program)
        {
            run(harness, step);
        }
        harness.quiesce();
        checkFinalState(harness, maxNumTags);
        replay(harness);
    }

    static void run(final NicHarness harness, final int step)
    {
        switch (Programs.kind(step, true))
        {
            case Programs.POST:
                harness.post(Programs.packedRecvTag(step, WILDCARD_ONE_IN), Programs.packedRecvMask(step, WILDCARD_ONE_IN), Programs.length(step >>> 2));
                break;
            case Programs.ARRIVE:
                harness.send(messageTag(harness, step), Programs.length(step), Programs.field(step, 28, 2) == 1);
                break;
            case Programs.CANCEL:
                final int id = Programs.pick(step, harness.live.size());
                if (id >= 0)
                {
                    harness.cancel(id);
                }
                break;
            case Programs.PROBE:
            case Programs.TAKE:
                harness.probe(Programs.packedRecvTag(step, WILDCARD_ONE_IN), Programs.packedRecvMask(step, WILDCARD_ONE_IN),
                    Programs.kind(step, true) == Programs.TAKE);
                break;
            case Programs.NIC_OP:
                if (Programs.field(step, 4, 8) == 0)
                {
                    harness.nic.refuse(1 + Programs.field(step, 12, 2));
                }
                for (int i = Programs.field(step, 8, 4); i >= 0; i--)
                {
                    if (Programs.field(step, 16 + i, 2) == 0 ? !harness.nic.deliverData() : true)
                    {
                        harness.nic.executeOp();
                    }
                }
                break;
            case Programs.NIC_POLL:
                harness.poll(1 + Programs.field(step, 8, 5) * 2);
                break;
            case Programs.SETTLE:
                harness.quiesce();
                break;
            default:
                throw new IllegalStateException("step : " + step);
        }
    }

    /** Most messages are aimed at a posted receive, so the NIC gets to match. */
    static long messageTag(final NicHarness harness, final int step)
    {
        final long random = Programs.packedMsg(step);
        final int id = Programs.pick(step >>> 8, harness.live.size());
        final PostedRecv target = id < 0 || Programs.field(step, 28, 4) == 0 ? null : harness.live.get(id);
        return target == null ? random : (target.tag() & target.mask()) | (random & ~target.mask());
    }

    static void checkFinalState(final NicHarness harness, final int maxNumTags)
    {
        final MatchEngine engine = harness.engine;
        final FakeNic nic = harness.nic;
        assertEquals(List.of(), nic.violations);
        assertEquals(0, engine.outstandingOps());
        assertEquals(0, engine.deferredOps());
        assertEquals(0, engine.opErrors());
        assertEquals(nic.listSize(), engine.nicHeldCount());
        assertEquals(maxNumTags - nic.listSize(), engine.freeSlots());
        if (nic.listSize() > 0)
        {
            assertEquals(nic.hwUnexp(), engine.swReported(), "the NIC must be back in sync");
        }
        for (int id = 0; id < harness.outcome.size(); id++)
        {
            assertNotEquals(NicHarness.PENDING, (int)harness.outcome.get(id), "cancel of " + id + " unresolved");
            assertTrue(harness.hwCalls.get(id) <= 1, "hardware matches of " + id);
            final boolean posted = harness.outcome.get(id) == NicHarness.OPEN;
            assertEquals(posted, harness.live.get(id) != null, "liveness of " + id);
        }
    }

    static void replay(final NicHarness harness)
    {
        final ReferenceMatcher reference = new ReferenceMatcher();
        final List<ReferenceMatcher.Recv> recvs = new ArrayList<>();
        for (final NicHarness.Event e : harness.trace)
        {
            switch (e.kind)
            {
                case NicHarness.POST:
                {
                    final ReferenceMatcher.Recv recv = reference.post(e.recvId, e.tag, e.mask, e.length);
                    recvs.add(recv);
                    assertEquals(recv.matched == null ? -1 : recv.matched.id, e.result, () -> "at " + e);
                    break;
                }
                case NicHarness.SW_ARRIVE:
                case NicHarness.HW_MATCH:
                {
                    final ReferenceMatcher.Msg msg = reference.arrive(e.msgId, e.tag, e.length);
                    assertEquals(msg.matched == null ? -1 : msg.matched.id, e.result, () -> "at " + e);
                    break;
                }
                case NicHarness.CANCEL:
                    if (harness.outcome.get(e.recvId) == NicHarness.CANCELLED)
                    {
                        assertTrue(reference.cancel(recvs.get(e.recvId)), () -> "at " + e);
                    }
                    break;
                default:
                {
                    final boolean take = e.kind == NicHarness.TAKE;
                    final ReferenceMatcher.Msg msg = take ? reference.take(e.tag, e.mask) : reference.probe(e.tag, e.mask);
                    assertEquals(msg == null ? -1 : msg.id, e.result, () -> "at " + e);
                    break;
                }
            }
        }
        assertEquals(reference.postedCount(), harness.engine.postedCount());
        assertEquals(reference.unexpectedCount(), harness.engine.unexpectedCount());
    }
}
