package io.rankwire.proto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CreditsTest
{
    @Test
    void shouldRefuseEagerSendsBeyondTheGrantedSlotsAndBytes()
    {
        final Credits c = new Credits(2, 3, 100);
        assertTrue(c.tryTake(1, 40));
        assertTrue(c.tryTake(1, 40));
        assertFalse(c.tryTake(1, 40), "bytes exhausted");
        assertTrue(c.tryTake(1, 20));
        assertFalse(c.tryTake(1, 0), "slots exhausted");
        assertTrue(c.tryTake(0, 100), "peers are independent");
        c.grant(1, 1, 40);
        assertTrue(c.tryTake(1, 40));
    }

    @Test
    void shouldAskForAReturnOnceHalfAGrantIsOwed()
    {
        final Credits c = new Credits(1, 4, 1000);
        assertFalse(c.owe(0, 10));
        assertTrue(c.owe(0, 10), "two of four slots");
        assertEquals(2, c.owedSlots(0));
        assertEquals(20, c.owedBytes(0));
        c.clearOwed(0);
        assertTrue(c.owe(0, 500), "half of the bytes");
    }

    @Test
    void shouldListEachOwingPeerOnceAndDueAtIdleFromAQuarterGrant()
    {
        final Credits c = new Credits(4, 8, 1000);
        assertEquals(0, c.pruneOwing());
        c.owe(2, 10);
        c.owe(2, 10);
        c.owe(3, 10);
        assertEquals(2, c.pruneOwing(), "peer 2 listed once");
        assertTrue(c.dueAtIdle(2), "two of eight slots is a quarter");
        assertFalse(c.dueAtIdle(3), "one of eight slots is not");
        c.clearOwed(2);
        assertEquals(1, c.pruneOwing(), "a paid peer leaves the list");
        assertEquals(3, c.owingPeer(0));
        c.owe(3, 250);
        assertTrue(c.dueAtIdle(3), "a quarter of the bytes");
        c.clearOwed(3);
        c.owe(2, 1);
        assertEquals(1, c.pruneOwing());
        assertEquals(2, c.owingPeer(0), "a peer owed again is listed again");
    }

    @Test
    void shouldTellWhetherAnEagerMessageHasCredits()
    {
        final Credits c = new Credits(1, 1, 100);
        assertTrue(c.has(0, 100));
        assertFalse(c.has(0, 101));
        assertTrue(c.tryTake(0, 1));
        assertFalse(c.has(0, 0), "no slot left");
    }

    @Test
    void shouldCallASenderStarvedOnlyWhenUnexpectedMessagesHoldItsCredits()
    {
        final Credits c = new Credits(2, 2, 100);
        c.hold(1, 30);
        assertFalse(c.starvedBy(1, 70), "one slot and 70 bytes are not held");
        assertTrue(c.starvedBy(1, 71), "too few bytes left for 71");
        c.hold(1, 10);
        assertTrue(c.starvedBy(1, 0), "every slot held");
        assertFalse(c.starvedBy(0, 100), "senders are independent");
        c.release(1, 10);
        assertFalse(c.starvedBy(1, 60));
        assertTrue(c.starvedBy(1, 101), "more than the whole grant can never go");
    }
}
