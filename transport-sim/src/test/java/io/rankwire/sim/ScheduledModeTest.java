package io.rankwire.sim;

import static io.rankwire.sim.Nics.FULL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;

@Timeout(60)
class ScheduledModeTest
{
    private static SimConfig slowOps()
    {
        return new SimConfig().mode(SimConfig.Mode.SCHEDULED).maxNumTags(4).eventsPerPoll(0)
            .latencyNanos(100).jitterNanos(0).opDelayNanos(1000).readNanos(50);
    }

    @Test
    void shouldReproduceTheUnexpectedArrivalRaceWhileAddIsQueued()
    {
        final SimFabric fabric = SimFabric.create(2, slowOps());
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.postSrq(b, 4, 10);
        fabric.runUntilIdle();
        final UnsafeBuffer b1 = new UnsafeBuffer(new byte[8]);
        Nics.add(b, 0, 0x9L, FULL, b1, 1, 0);
        Nics.sendEager(a, 1, 0x9L, 1, new byte[] {1});
        assertEquals(2, fabric.pendingEvents());
        assertTrue(fabric.step());
        assertEquals(1, b.counters().hwUnexp(), "m1 arrived before the ADD executed");
        assertEquals(0, b.counters().adds());
        fabric.runUntilIdle();
        Nics.sendEager(a, 1, 0x9L, 2, new byte[] {2});
        fabric.runUntilIdle();

        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size(), got.toString());
        assertEquals(CompletionOpcode.RECV, got.get(0).opcode);
        assertEquals(1, got.get(0).appCtx);
        assertEquals(CompletionOpcode.TM_ADD, got.get(1).opcode);
        assertTrue(got.get(1).has(CompletionFlags.SYNC_REQ));
        assertEquals(CompletionOpcode.RECV, got.get(2).opcode, "m2 must not match b1 before m1 is reported");
        assertEquals(2, got.get(2).appCtx);
        assertEquals(0, b1.getByte(0));
        assertEquals(2, b.counters().hwUnexp());
        assertEquals(1, b.counters().syncRequests());
    }

    @Test
    void shouldLetConsumingMessageWinOverQueuedDel()
    {
        final SimFabric fabric = SimFabric.create(2, slowOps());
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.postSrq(b, 4, 10);
        Nics.add(b, 3, 0x4L, FULL, new UnsafeBuffer(new byte[8]), 33, 0);
        fabric.runUntilIdle();
        assertEquals(ReturnCode.OK, b.offloadPort().postDel(3, 0));
        Nics.sendEager(a, 1, 0x4L, 0, new byte[] {1});
        fabric.runUntilIdle();
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size(), got.toString());
        assertEquals(CompletionOpcode.TM_ADD, got.get(0).opcode);
        assertEquals(CompletionOpcode.TM_RECV, got.get(1).opcode);
        assertEquals(33, got.get(1).wrId);
        assertEquals(CompletionOpcode.TM_DEL, got.get(2).opcode);
        assertEquals(CompletionStatus.TM_ERR, got.get(2).status);
    }

    @Test
    void shouldDelayRendezvousDataAfterMatchAndFinAfterData()
    {
        final SimFabric fabric = SimFabric.create(2, slowOps());
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.postSrq(a, 2, 10);
        final byte[] data = Nics.bytes(100, 2);
        final MemoryRegion region = a.register(new UnsafeBuffer(data), 0, 100);
        final UnsafeBuffer user = new UnsafeBuffer(new byte[100]);
        Nics.add(b, 0, 0x5L, FULL, user, 8, 0);
        fabric.runUntilIdle();
        Recorded.drain(b);
        Nics.sendRndv(a, 1, 0x5L, 0, region.va(), region.rkey(), 100, new byte[0]);
        assertTrue(fabric.step());
        final List<Recorded> match = Recorded.drain(b);
        assertEquals(1, match.size());
        assertEquals(CompletionFlags.MATCH, match.get(0).flags);
        assertEquals(0, user.getByte(0), "data not yet read");
        assertTrue(fabric.step());
        final List<Recorded> valid = Recorded.drain(b);
        assertEquals(CompletionFlags.DATA_VALID, valid.get(0).flags);
        assertEquals(data[0], user.getByte(0));
        assertTrue(Recorded.drain(a).isEmpty(), "FIN still on the wire");
        fabric.runUntilIdle();
        assertEquals(TmHeader.FIN, Recorded.drain(a).get(0).bytes[0]);
    }

    @Test
    void shouldSignalTheDestinationWhenAnEventIsScheduledForItAndWhenItRan()
    {
        final SimFabric fabric = SimFabric.create(2, slowOps());
        final AtomicInteger signals = new AtomicInteger();
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1, signals::incrementAndGet);
        Nics.postSrq(b, 1, 0);
        fabric.runUntilIdle();
        signals.set(0);
        Nics.sendEager(a, 1, 0x1L, 0, new byte[0]);
        assertEquals(1, signals.get(), "woken so that its poll runs the arrival");
        assertEquals(0, Recorded.drain(b).size(), "eventsPerPoll 0: nothing ran yet");
        fabric.runUntilIdle();
        assertEquals(2, signals.get());
        assertEquals(1, Recorded.drain(b).size());
    }

    private static List<String> trace(final long seed)
    {
        final SimConfig config = new SimConfig().mode(SimConfig.Mode.SCHEDULED).seed(seed).maxNumTags(8)
            .eventsPerPoll(0).latencyNanos(100).jitterNanos(2000).opDelayNanos(300);
        final SimFabric fabric = SimFabric.create(4, config);
        final List<SimTransport> ts = new ArrayList<>();
        for (int r = 0; r < 4; r++)
        {
            ts.add(fabric.open(r));
            Nics.postSrq(ts.get(r), 32, r * 100);
        }
        final SimTransport rx = ts.get(0);
        for (int i = 0; i < 6; i++)
        {
            Nics.add(rx, i, 0x10L + i, FULL, new UnsafeBuffer(new byte[8]), 1000 + i, 0);
            for (int s = 1; s < 4; s++)
            {
                Nics.sendEager(ts.get(s), 0, 0x10L + i, s * 100 + i, new byte[] {(byte)i});
            }
            fabric.step();
        }
        fabric.runUntilIdle();
        final List<String> out = new ArrayList<>();
        for (final Recorded r : Recorded.drain(rx))
        {
            out.add(r.toString() + "/c" + r.appCtx);
        }
        out.add("now=" + fabric.now());
        out.add(rx.counters().toString());
        return out;
    }

    @Test
    void shouldReplayTheSameCompletionTraceFromTheSameSeed()
    {
        for (long seed = 1; seed <= 5; seed++)
        {
            assertEquals(trace(seed), trace(seed));
        }
    }

    @Test
    void shouldExploreDifferentInterleavingsWithDifferentSeeds()
    {
        final Set<List<String>> traces = new HashSet<>();
        for (long seed = 1; seed <= 8; seed++)
        {
            traces.add(trace(seed).subList(0, 18 + 6));
        }
        assertTrue(traces.size() > 1, "all seeds gave one interleaving");
    }

    @Test
    void shouldMakeProgressWhenRankThreadsPoll() throws Exception
    {
        final SimConfig config = new SimConfig().mode(SimConfig.Mode.SCHEDULED).seed(3).maxNumTags(0);
        final SimFabric fabric = SimFabric.create(2, config);
        final SimTransport[] ts = {fabric.open(0), fabric.open(1)};
        final int rounds = 200;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] threads = new Thread[2];
        for (int r = 0; r < 2; r++)
        {
            final SimTransport t = ts[r];
            final int peer = 1 - r;
            threads[r] = new Thread(() ->
            {
                try
                {
                    Nics.postSrq(t, 4, 0);
                    final int[] got = new int[1];
                    final int srqLen = t.capabilities().maxMessageSize();
                    for (int i = 0; i < rounds; i++)
                    {
                        if (t.rank() == 0)
                        {
                            Nics.sendEager(t, peer, 0x1L, i, new byte[0]);
                        }
                        while (got[0] <= i)
                        {
                            t.poll(c ->
                            {
                                if (TmHeader.appCtx(c.buffer(), c.offset()) != got[0])
                                {
                                    throw new AssertionError("out of order: " + c);
                                }
                                got[0]++;
                                t.offloadPort().postSrqBuffer(new UnsafeBuffer(new byte[srqLen]), 0, srqLen, 0);
                            }, 8);
                            Thread.yield();
                        }
                        if (t.rank() == 1)
                        {
                            Nics.sendEager(t, peer, 0x1L, i, new byte[0]);
                        }
                    }
                }
                catch (final Throwable e)
                {
                    failure.compareAndSet(null, e);
                }
            });
            threads[r].start();
        }
        for (final Thread th : threads)
        {
            th.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
        assertEquals(rounds, fabric.counters(1).hwUnexp());
        assertTrue(fabric.now() > 0);
    }
}
