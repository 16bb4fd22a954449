package io.rankwire.core;

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
}
