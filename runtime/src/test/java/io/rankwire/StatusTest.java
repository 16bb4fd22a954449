package io.rankwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatusTest
{
    @Test
    void shouldCountWholeElementsOnly()
    {
        final Status s = new Status(1, 2, 24, Status.OK, false);
        assertEquals(6, s.count(Datatype.INT));
        assertEquals(3, s.count(Datatype.DOUBLE));
        assertEquals(12, s.count(Datatype.CHAR));
        assertEquals(-1, new Status(1, 2, 6, Status.OK, false).count(Datatype.INT));
    }

    @Test
    void shouldReportErrorsByName()
    {
        final Status s = new Status(0, 0, 4, Status.TRUNCATED, false);
        assertTrue(s.isError());
        assertTrue(s.toString().contains("TRUNCATED"));
        assertFalse(new Status(0, 0, 0, Status.OK, true).isError());
    }
}
