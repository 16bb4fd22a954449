package io.rankwire.spi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class PostArgumentsTest
{
    private final UnsafeBuffer sixteen = new UnsafeBuffer(new byte[16]);

    @Test
    void shouldAcceptEveryRangeInsideTheBufferUpToItsEnd()
    {
        assertTrue(PostArguments.inBounds(sixteen, 0, 16));
        assertTrue(PostArguments.inBounds(sixteen, 16, 0));
        assertTrue(PostArguments.inBounds(sixteen, 15, 1));
    }

    @Test
    void shouldRefuseRangesThatLeaveTheBufferOrAreNegativeOrHaveNoBuffer()
    {
        assertFalse(PostArguments.inBounds(sixteen, 15, 2));
        assertFalse(PostArguments.inBounds(sixteen, 17, 0));
        assertFalse(PostArguments.inBounds(sixteen, -1, 1));
        assertFalse(PostArguments.inBounds(sixteen, 0, -1));
        assertFalse(PostArguments.inBounds(sixteen, 8, Integer.MAX_VALUE)); // offset + length overflows an int
        assertFalse(PostArguments.inBounds(null, 0, 0));
    }

    @Test
    void shouldCheckTheHeaderAgainstItsMinimumAndThePayloadOnlyWhenThereIsOne()
    {
        assertTrue(PostArguments.sendValid(sixteen, 0, 8, 8, null, 0, 0));
        assertTrue(PostArguments.sendValid(sixteen, 0, 8, 8, sixteen, 8, 8));
        assertFalse(PostArguments.sendValid(sixteen, 0, 7, 8, null, 0, 0));
        assertFalse(PostArguments.sendValid(null, 0, 8, 8, null, 0, 0));
        assertFalse(PostArguments.sendValid(sixteen, 12, 8, 8, null, 0, 0));
        assertFalse(PostArguments.sendValid(sixteen, 0, 8, 8, null, 0, 1));
        assertFalse(PostArguments.sendValid(sixteen, 0, 8, 8, sixteen, 9, 8));
        assertFalse(PostArguments.sendValid(sixteen, 0, 8, 8, sixteen, 0, -1));
    }
}
