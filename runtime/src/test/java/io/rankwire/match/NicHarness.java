package io.rankwire.match;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plays the runtime around a {@link MatchEngine} and a {@link FakeNic}: posts receives, lets the
 * NIC take arrivals, drains the completion queue into the engine (RECV becomes
 * {@code arrive}/{@code enqueueUnexpected}, the rest {@code onCompletion}) and calls
 * {@code progress}. Everything that decides a match is written to a trace in the order it took
 * effect, for replay through the {@link ReferenceMatcher}.
 */
final class NicHarness implements MatchListener
{
    static final int POST = 0;
    static final int SW_ARRIVE = 1;
    static final int HW_MATCH = 2;
    static final int CANCEL = 3;
    static final int PROBE = 4;
    static final int TAKE = 5;

    static final int OPEN = 0;
    static final int PENDING = 1;
    static final int CANCELLED = 2;
    static final int MATCHED = 3;

    /** One entry of the trace; {@code result} is the matched receive or message id, or -1. */
    static final class Event
    {
        final int kind;
        final int recvId;
        final int msgId;
        final long tag;
        final long mask;
        final int length;
        final int result;

        Event(final int kind, final int recvId, final int msgId, final long tag, final long mask, final int length,
            final int result)
        {
            this.kind = kind;
            this.recvId = recvId;
            this.msgId = msgId;
            this.tag = tag;
            this.mask = mask;
            this.length = length;
            this.result = result;
        }

        @Override
        public String toString()
        {
            return "Event{kind=" + kind + ", recv=" + recvId + ", msg=" + msgId + ", tag=0x" + Long.toHexString(tag) +
                ", result=" + result + '}';
        }
    }

    final FakeNic nic;
    final MatchEngine engine;
    final List<Event> trace = new ArrayList<>();
    final List<PostedRecv> live = new ArrayList<>();
    final List<Integer> outcome = new ArrayList<>();
    final List<Integer> hwCalls = new ArrayList<>();
    final int[] handleOwner;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
    private final Completion completion = new Completion();
    private int[] hwExpected = new int[64];
    private int nextMsgId;
    private int currentMsg = -1;

    NicHarness(final int maxNumTags, final int maxOps, final int offloadMinBytes)
    {
        nic = new FakeNic(maxNumTags, maxOps);
        engine = new MatchEngine(nic, this, offloadMinBytes);
        handleOwner = new int[maxNumTags];
        Arrays.fill(handleOwner, -1);
    }

    /** Posts a receive; returns its id. */
    int post(final long tag, final long mask, final int capacity)
    {
        final int id = live.size();
        final PostedRecv recv = engine.newRecv().set(tag, mask, capacity, id).offloadTo(buffer, 0);
        outcome.add(OPEN);
        hwCalls.add(0);
        final UnexpectedMsg msg = engine.post(recv);
        if (msg != null)
        {
            trace.add(new Event(POST, id, -1, tag, mask, capacity, (Integer)msg.data));
            assertEquals(msg.tag(), recv.matchedTag());
            engine.free(msg);
            engine.free(recv);
            live.add(null);
            outcome.set(id, MATCHED);
            return id;
        }
        trace.add(new Event(POST, id, -1, tag, mask, capacity, -1));
        live.add(recv);
        if (recv.isNicHeld())
        {
            handleOwner[recv.handle] = id;
        }
        return id;
    }

    /** A message reaches the NIC from the wire; returns its id. */
    int send(final long tag, final int length, final boolean split)
    {
        final int msgId = nextMsgId++;
        if (msgId >= hwExpected.length)
        {
            hwExpected = Arrays.copyOf(hwExpected, msgId * 2);
        }
        hwExpected[msgId] = -1;
        final int handle = nic.arrive(msgId, tag, length, split);
        if (handle >= 0)
        {
            final int owner = handleOwner[handle];
            hwExpected[msgId] = owner;
            trace.add(new Event(HW_MATCH, owner, msgId, tag, 0, length, owner));
        }
        return msgId;
    }

    /** Cancels a live receive; returns the engine's answer, or -1 when the id is not live. */
    int cancel(final int id)
    {
        final PostedRecv recv = live.get(id);
        if (recv == null)
        {
            return -1;
        }
        final int rc = engine.cancel(recv);
        if (rc == MatchEngine.CANCELLED)
        {
            trace.add(new Event(CANCEL, id, -1, 0, 0, 0, -1));
            outcome.set(id, CANCELLED);
            done(id, recv);
        }
        else if (rc == MatchEngine.CANCEL_PENDING && outcome.get(id) == OPEN)
        {
            trace.add(new Event(CANCEL, id, -1, 0, 0, 0, -1));
            outcome.set(id, PENDING);
        }
        else if (rc == MatchEngine.NOT_POSTED)
        {
            assertTrue(hwCalls.get(id) > 0, () -> "NOT_POSTED for unmatched receive " + id);
        }
        return rc;
    }

    /** Probes (or takes) the unexpected queue; returns the message id or -1. */
    int probe(final long tag, final long mask, final boolean take)
    {
        final UnexpectedMsg msg = take ? engine.take(tag, mask) : engine.probe(tag, mask);
        final int result = msg == null ? -1 : (Integer)msg.data;
        trace.add(new Event(take ? TAKE : PROBE, -1, -1, tag, mask, 0, result));
        if (take && msg != null)
        {
            engine.free(msg);
        }
        return result;
    }

    /** Drains up to {@code max} completions into the engine, then calls progress. */
    int poll(final int max)
    {
        int count = 0;
        FakeNic.Cqe cqe;
        while (count < max && (cqe = nic.poll()) != null)
        {
            count++;
            if (cqe.opcode == CompletionOpcode.RECV)
            {
                deliverUnexpected(cqe);
            }
            else
            {
                currentMsg = cqe.msgId;
                engine.onCompletion(cqe.fill(completion));
                currentMsg = -1;
            }
        }
        engine.progress();
        return count;
    }

    /** Runs the NIC and the engine until nothing is left to do. */
    void quiesce()
    {
        nic.refuse(0);
        for (int i = 0; i < 100_000; i++)
        {
            final boolean refusing = nic.refusing();
            boolean moved = false;
            while (nic.executeOp() || nic.deliverData())
            {
                moved = true;
            }
            moved |= poll(Integer.MAX_VALUE) > 0;
            moved |= engine.progress() > 0;
            if (!moved && nic.idle() && engine.deferredOps() == 0 && !refusing)
            {
                return;
            }
        }
        throw new AssertionError("engine and NIC did not quiesce");
    }

    private void deliverUnexpected(final FakeNic.Cqe cqe)
    {
        final PostedRecv recv = engine.arrive(cqe.tag, cqe.length);
        if (recv == null)
        {
            trace.add(new Event(SW_ARRIVE, -1, cqe.msgId, cqe.tag, 0, cqe.length, -1));
            final UnexpectedMsg msg = engine.newMsg().set(cqe.tag, cqe.length);
            msg.data = cqe.msgId;
            engine.enqueueUnexpected(msg);
            return;
        }
        final int id = (Integer)recv.owner();
        trace.add(new Event(SW_ARRIVE, id, cqe.msgId, cqe.tag, 0, cqe.length, id));
        assertEquals(cqe.tag, recv.matchedTag());
        assertEquals(cqe.length, recv.matchedLength());
        outcome.set(id, MATCHED);
        done(id, recv);
    }

    private void done(final int id, final PostedRecv recv)
    {
        live.set(id, null);
        engine.free(recv);
    }

    @Override
    public void onHardwareMatch(final PostedRecv recv, final Completion c)
    {
        final int id = (Integer)recv.owner();
        assertTrue(currentMsg >= 0);
        assertEquals(hwExpected[currentMsg], id, () -> "NIC matched message " + currentMsg + " to " + id);
        assertEquals(c.tag(), recv.matchedTag());
        assertEquals(c.byteLength(), recv.matchedLength());
        assertTrue(outcome.get(id) == OPEN || outcome.get(id) == PENDING, () -> "outcome of " + id);
        hwCalls.set(id, hwCalls.get(id) + 1);
        outcome.set(id, MATCHED);
        if (c.hasFlag(CompletionFlags.DATA_VALID))
        {
            done(id, recv);
        }
    }

    @Override
    public void onHardwareData(final PostedRecv recv, final Completion c)
    {
        final int id = (Integer)recv.owner();
        assertEquals(MATCHED, outcome.get(id));
        assertNotNull(live.get(id));
        done(id, recv);
    }

    @Override
    public void onCancelled(final PostedRecv recv)
    {
        final int id = (Integer)recv.owner();
        assertEquals(PENDING, outcome.get(id), () -> "onCancelled for " + id);
        outcome.set(id, CANCELLED);
        done(id, recv);
    }
}
