package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.spi.CompletionOpcode;

/**
 * {@code mayHaveCompletions()} lets a spinning waiter skip polls; it must never answer false
 * while a poll would deliver something (a CQE written, a CQE spilled past a full ring, a message
 * waiting for an SRQ buffer, any scheduled event).
 */
@Timeout(30)
class CompletionHintTest
{
    @Test
    void shouldReportAWrittenCqeUntilItIsPolled()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(0));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.postSrq(b, 8, 0);
        assertFalse(b.mayHaveCompletions());
        for (int round = 0; round < 3; round++)
        {
            Nics.sendEager(a, 1, 7, round, new byte[] {1, 2, 3});
            Nics.sendEager(a, 1, 7, round, new byte[200]);
            assertTrue(b.mayHaveCompletions(), "round " + round);
            assertFalse(a.mayHaveCompletions(), "the sender's own queue, round " + round);
            assertEquals(2, Recorded.drain(b).size());
            assertFalse(b.mayHaveCompletions(), "round " + round);
            Nics.postSrq(b, 2, 100 + 2 * round);
        }
    }

    @Test
    void shouldReportCqesThatSpilledPastAFullRing()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(0).cqCapacity(4096));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        final int n = 100;
        Nics.postSrq(b, n, 0);
        for (int i = 0; i < n; i++)
        {
            Nics.sendNoTag(a, 1, i, new byte[] {(byte)i});
        }
        assertTrue(b.counters().cqOverflows() > 0, b.counters().toString());
        int polled = 0;
        while (b.mayHaveCompletions())
        {
            polled += b.poll(c -> { }, 1);
        }
        assertEquals(n, polled);
    }

    @Test
    void shouldReportAMessageWaitingForAnSrqBuffer()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(0));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.sendEager(a, 1, 7, 1, new byte[] {1});
        assertEquals(1, b.counters().rnrWaits());
        assertTrue(b.mayHaveCompletions(), "a message waits on its wire");
        Nics.postSrq(b, 1, 0);
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size());
        assertEquals(CompletionOpcode.RECV, got.get(0).opcode);
        assertFalse(b.mayHaveCompletions());
    }

    @Test
    void shouldAlwaysReportInScheduledModeWhereThePollRunsEvents()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().mode(SimConfig.Mode.SCHEDULED));
        final SimTransport b = fabric.open(1);
        fabric.open(0);
        assertTrue(b.mayHaveCompletions());
    }

    @Test
    void shouldReportOnceClosedSoThatWaitersSeeTheClose()
    {
        final SimFabric fabric = SimFabric.create(1, new SimConfig());
        final SimTransport t = fabric.open(0);
        assertFalse(t.mayHaveCompletions());
        t.close();
        assertTrue(t.mayHaveCompletions());
    }
}
