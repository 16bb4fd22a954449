package io.rankwire.proto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpTableTest
{
    @Test
    void shouldIssuePositiveCookiesAndIgnoreStaleOnes()
    {
        final OpTable table = new OpTable();
        final Transfer a = new Transfer();
        final int ca = table.register(a);
        assertTrue(ca > 0);
        assertSame(a, table.remove(ca));
        assertNull(table.remove(ca), "a cookie answers once");
        final Transfer b = new Transfer();
        final int cb = table.register(b);
        assertNotEquals(ca, cb, "a reused slot gets a new generation");
        assertNull(table.remove(ca));
        assertSame(b, table.remove(cb));
        assertNull(table.remove(0));
        assertNull(table.remove(12345));
    }

    @Test
    void shouldGrowToManyOutstandingOperations()
    {
        final OpTable table = new OpTable();
        final Transfer[] ops = new Transfer[10_000];
        final int[] cookies = new int[ops.length];
        for (int i = 0; i < ops.length; i++)
        {
            ops[i] = new Transfer();
            cookies[i] = table.register(ops[i]);
        }
        assertEquals(10_000, table.live());
        for (int i = ops.length - 1; i >= 0; i--)
        {
            assertSame(ops[i], table.remove(cookies[i]));
        }
        assertEquals(0, table.live());
    }
}
