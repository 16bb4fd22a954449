package io.rankwire.sim;

import static io.rankwire.sim.Nics.FULL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;

@Timeout(60)
class SrqExhaustionTest
{
    @Test
    void shouldHoldMessagesOnTheirWireUntilSrqBuffersArePostedThenDeliverInOrder()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(4));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        final UnsafeBuffer tagged = new UnsafeBuffer(new byte[8]);
        for (int i = 0; i < 3; i++)
        {
            Nics.sendEager(a, 1, 0x10L + i, i, new byte[] {(byte)i});
        }
        // A message the NIC could match waits behind the held ones on the same wire.
        Nics.add(b, 0, 0x99L, FULL, tagged, 9, 3);
        Nics.sendEager(a, 1, 0x99L, 3, new byte[] {3});
        final List<Recorded> none = Recorded.drain(b);
        assertEquals(1, none.size(), none.toString());
        assertEquals(CompletionOpcode.TM_ADD, none.get(0).opcode);
        assertEquals(4, b.counters().rnrWaits());
        assertEquals(0, b.counters().hwUnexp());

        Nics.postSrq(b, 1, 500);
        final List<Recorded> first = Recorded.drain(b);
        assertEquals(1, first.size());
        assertEquals(0, first.get(0).appCtx);
        assertEquals(500, first.get(0).wrId);

        Nics.postSrq(b, 2, 501);
        final List<Recorded> rest = Recorded.drain(b);
        assertEquals(3, rest.size(), rest.toString());
        assertEquals(1, rest.get(0).appCtx);
        assertEquals(2, rest.get(1).appCtx);
        assertEquals(CompletionOpcode.TM_RECV, rest.get(2).opcode);
        assertEquals(3, rest.get(2).appCtx);
        assertEquals(3, b.counters().hwUnexp());
        a.close();
        b.close();
    }

    @Test
    void shouldKeepPerPairOrderUnderConcurrentSendersWithFewSrqBuffers() throws Exception
    {
        final int senders = 3;
        final int perSender = 3000;
        final SimFabric fabric = SimFabric.create(senders + 1, new SimConfig().maxNumTags(0));
        final SimTransport receiver = fabric.open(0);
        final List<SimTransport> from = new ArrayList<>();
        for (int s = 1; s <= senders; s++)
        {
            from.add(fabric.open(s));
        }
        final int srqLen = receiver.capabilities().maxMessageSize();
        final MutableDirectBuffer[] srq = new MutableDirectBuffer[4];
        for (int i = 0; i < srq.length; i++)
        {
            srq[i] = new UnsafeBuffer(new byte[srqLen]);
            assertEquals(ReturnCode.OK, receiver.offloadPort().postSrqBuffer(srq[i], 0, srqLen, i));
        }
        final CountDownLatch go = new CountDownLatch(1);
        final CountDownLatch warmedUp = new CountDownLatch(senders);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (final SimTransport t : from)
        {
            final Thread th = new Thread(() ->
            {
                try
                {
                    go.await();
                    final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
                    for (int seq = 0; seq < perSender; seq++)
                    {
                        TmHeader.write(hdr, 0, (seq & 1) == 0 ? TmHeader.EAGER : TmHeader.NO_TAG, 0, seq, t.rank());
                        if (t.postSend(0, hdr, 0, TmHeader.LENGTH, null, 0, 0, seq) != ReturnCode.OK)
                        {
                            throw new AssertionError("send failed");
                        }
                        if (seq == 9)
                        {
                            warmedUp.countDown();
                        }
                    }
                }
                catch (final Throwable e)
                {
                    failure.set(e);
                }
            });
            th.start();
            threads.add(th);
        }
        go.countDown();
        // Every sender has sent 10 messages into 4 SRQ buffers before the receiver polls: some wait.
        warmedUp.await();
        final int[] next = new int[senders + 1];
        int received = 0;
        final int[] seen = new int[1];
        while (received < senders * perSender)
        {
            seen[0] = 0;
            receiver.poll(c ->
            {
                final int peer = c.peer();
                final int seq = TmHeader.appCtx(c.buffer(), c.offset());
                if (seq != next[peer])
                {
                    failure.compareAndSet(null, new AssertionError("peer " + peer + " seq " + seq + " expected " + next[peer]));
                }
                next[peer] = seq + 1;
                seen[0]++;
                final int slot = (int)c.wrId();
                receiver.offloadPort().postSrqBuffer(srq[slot], 0, srqLen, slot);
            }, 16);
            received += seen[0];
            if (failure.get() != null)
            {
                break;
            }
            if (seen[0] == 0)
            {
                Thread.onSpinWait();
            }
        }
        for (final Thread th : threads)
        {
            th.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
        for (int s = 1; s <= senders; s++)
        {
            assertEquals(perSender, next[s]);
        }
        final SimCounters c = receiver.counters();
        assertEquals(senders * perSender / 2, c.noTag());
        assertEquals(senders * perSender / 2, c.hwUnexp());
        assertTrue(c.rnrWaits() > 0, c.toString());
        receiver.close();
        from.forEach(SimTransport::close);
    }
}
