package io.rankwire.match;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.rankwire.match.Envelope.ANY_SOURCE;
import static io.rankwire.match.Envelope.ANY_TAG;
import static io.rankwire.match.Envelope.pack;
import static io.rankwire.match.Envelope.recvMask;
import static io.rankwire.match.Envelope.recvTag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OffloadTest implements MatchListener
{
    private static final long K1 = pack(0, 1, 1);
    private static final long K2 = pack(0, 1, 2);

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
    private final Completion completion = new Completion();
    private final List<String> events = new ArrayList<>();
    private final List<String> software = new ArrayList<>();
    private FakeNic nic;
    private MatchEngine engine;

    private void start(final int maxNumTags, final int maxOps, final int minBytes)
    {
        nic = new FakeNic(maxNumTags, maxOps);
        engine = new MatchEngine(nic, this, minBytes);
    }

    private PostedRecv post(final String name, final int src, final int tag, final int capacity)
    {
        final PostedRecv recv = engine.newRecv()
            .set(recvTag(0, src, tag), recvMask(src, tag), capacity, name)
            .offloadTo(buffer, 0);
        assertNull(engine.post(recv));
        return recv;
    }

    /** Drains the NIC's completion queue into the engine as the runtime does. */
    private void poll()
    {
        FakeNic.Cqe cqe;
        while ((cqe = nic.poll()) != null)
        {
            if (cqe.opcode == CompletionOpcode.RECV)
            {
                final PostedRecv recv = engine.arrive(cqe.tag, cqe.length);
                if (recv == null)
                {
                    software.add("m" + cqe.msgId + ":unexpected");
                    engine.enqueueUnexpected(engine.newMsg().set(cqe.tag, cqe.length));
                }
                else
                {
                    software.add("m" + cqe.msgId + ":" + recv.owner());
                }
            }
            else
            {
                engine.onCompletion(cqe.fill(completion));
            }
        }
        engine.progress();
    }

    private void executeAll()
    {
        while (nic.executeOp())
        {
            assertTrue(nic.violations.isEmpty(), nic.violations::toString);
        }
    }

    @Override
    public void onHardwareMatch(final PostedRecv recv, final Completion c)
    {
        events.add("match:" + recv.owner() + (c.hasFlag(CompletionFlags.DATA_VALID) ? "+data" : ""));
    }

    @Override
    public void onHardwareData(final PostedRecv recv, final Completion c)
    {
        events.add("data:" + recv.owner());
    }

    @Override
    public void onCancelled(final PostedRecv recv)
    {
        events.add("cancelled:" + recv.owner());
    }

    @Test
    void shouldGiveM1ToB1WhenM1ArrivesWhileTheAddIsInFlight()
    {
        start(4, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        assertTrue(b1.isNicHeld());
        assertEquals(-1, nic.arrive(1, K1, 8, false));
        executeAll();
        assertEquals(-1, nic.arrive(2, K1, 8, false), "m2 must not match b1 before m1 does");
        poll();
        assertEquals(List.of("m1:b1", "m2:unexpected"), software);
        assertEquals(List.of(), events);
        assertEquals(1, engine.delsPosted());
        executeAll();
        poll();
        assertEquals(0, nic.listSize());
        assertEquals(4, engine.freeSlots());
        assertEquals(1, engine.unexpectedCount());
        assertTrue(engine.syncRequestsSeen() > 0);
    }

    @Test
    void shouldMatchInHardwareOnceInSync()
    {
        start(4, 4, 0);
        post("b1", 1, 1, 64);
        post("b2", 1, ANY_TAG, 64);
        executeAll();
        poll();
        assertEquals(2, engine.nicHeldCount());
        assertTrue(nic.arrive(1, K2, 8, true) >= 0);
        assertTrue(nic.arrive(2, K1, 8, false) >= 0);
        poll();
        assertEquals(List.of("match:b2", "match:b1+data"), events);
        assertTrue(nic.deliverData());
        poll();
        assertEquals(List.of("match:b2", "match:b1+data", "data:b2"), events);
        assertEquals(2, engine.hardwareMatches());
        assertEquals(0, engine.postedCount());
        assertEquals(4, engine.freeSlots());
    }

    @Test
    void shouldCompleteACancelWhenTheDelWins()
    {
        start(4, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        executeAll();
        poll();
        assertEquals(MatchEngine.CANCEL_PENDING, engine.cancel(b1));
        assertEquals(MatchEngine.CANCEL_PENDING, engine.cancel(b1));
        assertEquals(0, engine.postedCount());
        executeAll();
        assertEquals(-1, nic.arrive(1, K1, 8, false));
        poll();
        assertEquals(List.of("cancelled:b1"), events);
        assertEquals(List.of("m1:unexpected"), software);
        assertEquals(MatchEngine.NOT_POSTED, engine.cancel(b1));
        assertEquals(4, engine.freeSlots());
    }

    @Test
    void shouldCompleteACancelledReceiveNormallyWhenTheNicConsumedItFirst()
    {
        start(4, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        executeAll();
        poll();
        assertTrue(nic.arrive(1, K1, 8, true) >= 0);
        assertEquals(MatchEngine.CANCEL_PENDING, engine.cancel(b1));
        executeAll();
        poll();
        assertEquals(List.of("match:b1"), events);
        assertEquals(0, engine.freeSlots() - 3, "the slot waits for the data");
        assertTrue(nic.deliverData());
        poll();
        assertEquals(List.of("match:b1", "data:b1"), events);
        assertEquals(4, engine.freeSlots());
    }

    @Test
    void shouldHandleTheDelErrorBeforeTheConsumeCompletion()
    {
        start(4, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        executeAll();
        poll();
        final int handle = b1.handle;
        assertEquals(MatchEngine.CANCEL_PENDING, engine.cancel(b1));
        engine.onCompletion(completion.reset().opcode(CompletionOpcode.TM_DEL).status(CompletionStatus.TM_ERR).handle(handle));
        assertEquals(List.of(), events);
        assertEquals(3, engine.freeSlots());
        engine.onCompletion(completion.reset().opcode(CompletionOpcode.TM_RECV)
            .flags(CompletionFlags.MATCH | CompletionFlags.DATA_VALID).wrId(handle).tag(K1).byteLength(100));
        assertEquals(List.of("match:b1+data"), events);
        assertTrue(b1.truncated());
        assertEquals(4, engine.freeSlots());
        engine.free(b1);
    }

    @Test
    void shouldKeepReceivesInSoftwareWhenTheListIsFull()
    {
        start(1, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        final PostedRecv b2 = post("b2", 1, 2, 64);
        assertTrue(b1.isNicHeld());
        assertFalse(b2.isNicHeld());
        executeAll();
        poll();
        assertTrue(nic.arrive(1, K1, 8, false) >= 0);
        assertEquals(-1, nic.arrive(2, K2, 8, false));
        poll();
        assertEquals(List.of("m2:b2"), software);
        assertEquals(List.of("match:b1+data"), events);
    }

    @Test
    void shouldKeepReceivesBehindASoftwareHeldOneInSoftware()
    {
        start(4, 4, 1024);
        final PostedRecv small = post("small", 1, 1, 8);
        final PostedRecv big = post("big", 1, 1, 4096);
        final PostedRecv other = post("other", 1, 2, 4096);
        assertFalse(small.isNicHeld());
        assertFalse(big.isNicHeld());
        assertTrue(other.isNicHeld());
        final PostedRecv anyTag = post("anyTag", 1, ANY_TAG, 4096);
        assertFalse(anyTag.isNicHeld(), "ANY_TAG goes to the NIC only when nothing is software-held");
        final PostedRecv anySource = post("anySource", ANY_SOURCE, 3, 4096);
        assertFalse(anySource.isNicHeld());
        final PostedRecv afterWildcard = post("afterWildcard", 2, 3, 4096);
        assertFalse(afterWildcard.isNicHeld());
        executeAll();
        poll();
        assertEquals(-1, nic.arrive(1, K1, 8, false));
        assertEquals(-1, nic.arrive(2, K1, 8, false));
        poll();
        assertEquals(List.of("m1:small", "m2:big"), software);
    }

    @Test
    void shouldDeferOpsWithoutCreditsAndKeepTheirCounts()
    {
        start(4, 1, 0);
        final PostedRecv b0 = post("b0", 1, 2, 64);
        executeAll();
        poll();
        final PostedRecv b1 = post("b1", 1, 1, 64);
        assertTrue(b1.isNicHeld());
        assertEquals(MatchEngine.CANCEL_PENDING, engine.cancel(b0));
        assertEquals(1, engine.deferredOps());
        assertEquals(-1, nic.arrive(1, K1, 8, false));
        poll();
        assertEquals(List.of("m1:b1"), software);
        assertEquals(2, engine.deferredOps());
        while (engine.deferredOps() > 0)
        {
            assertEquals(1, engine.outstandingOps());
            executeAll();
            assertEquals(-1, nic.arrive(10 + engine.deferredOps(), K1, 8, false), "b1 is gone for the NIC");
            poll();
        }
        executeAll();
        poll();
        executeAll();
        poll();
        assertEquals(List.of("cancelled:b0"), events);
        assertEquals(List.of("m1:b1", "m12:unexpected", "m11:unexpected"), software);
        assertEquals(4, engine.freeSlots());
        assertEquals(nic.hwUnexp(), engine.swCnt());
        assertTrue(engine.opsDeferred() >= 2);
    }

    @Test
    void shouldRetryBackPressuredOpsInOrder()
    {
        start(2, 4, 0);
        nic.refuse(1);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        assertTrue(b1.isNicHeld());
        assertEquals(1, engine.deferredOps());
        assertEquals(MatchEngine.CANCELLED, engine.cancel(b1), "never given to the NIC");
        final PostedRecv b2 = post("b2", 1, 1, 64);
        assertFalse(b2.isNicHeld(), "no new ADD while older ops wait");
        engine.progress();
        assertEquals(0, engine.deferredOps());
        assertEquals(0, engine.addsPosted());
        assertEquals(2, engine.freeSlots());
    }

    @Test
    void shouldRecycleASlotOnlyAfterBothCompletions()
    {
        start(1, 4, 0);
        final PostedRecv b1 = post("b1", 1, 1, 64);
        executeAll();
        assertTrue(nic.arrive(1, K1, 8, true) >= 0);
        final PostedRecv b2 = post("b2", 1, 2, 64);
        assertFalse(b2.isNicHeld());
        poll();
        assertEquals(List.of("match:b1"), events);
        final PostedRecv b3 = post("b3", 1, 2, 64);
        assertFalse(b3.isNicHeld(), "the slot waits for DATA_VALID");
        assertTrue(nic.deliverData());
        poll();
        engine.free(b1);
        assertEquals(1, engine.freeSlots());
        assertEquals(MatchEngine.CANCELLED, engine.cancel(b2));
        assertEquals(MatchEngine.CANCELLED, engine.cancel(b3));
        final PostedRecv b4 = post("b4", 1, 2, 64);
        assertTrue(b4.isNicHeld());
        executeAll();
        poll();
        assertEquals(List.of(), nic.violations);
    }

    @Test
    void shouldCoalesceSyncs()
    {
        start(2, 4, 0);
        post("b1", 1, 1, 64);
        executeAll();
        poll();
        assertEquals(-1, nic.arrive(1, K2, 8, false));
        assertEquals(-1, nic.arrive(2, K2, 8, false));
        poll();
        assertEquals(1, engine.syncsPosted());
        assertEquals(0, engine.progress());
        assertEquals(-1, nic.arrive(3, K2, 8, false));
        poll();
        assertEquals(1, engine.syncsPosted(), "one SYNC outstanding at most");
        executeAll();
        poll();
        assertEquals(2, engine.syncsPosted());
        executeAll();
        poll();
        assertEquals(2, engine.syncsPosted());
        assertEquals(nic.hwUnexp(), engine.swReported());
        assertTrue(nic.arrive(4, K1, 8, false) >= 0);
    }
}
