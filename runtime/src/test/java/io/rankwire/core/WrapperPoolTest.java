package io.rankwire.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import io.rankwire.Status;
import io.rankwire.buffer.BufView;

class WrapperPoolTest
{
    @Test
    void shouldLendAGivenBackWrapperAgainWithoutTheOldMemory()
    {
        final WrapperPool pool = new WrapperPool();
        assertNull(pool.borrow(), "an empty pool lends nothing");
        final BufView view = new BufView().bytes(new byte[16], 2, 8);
        final UnsafeBuffer wrapper = (UnsafeBuffer)view.buffer();
        assertSame(wrapper, view.takeWrapper());
        assertNull(view.buffer(), "the view lets go of a wrapper it gave up");
        pool.giveBack(wrapper);
        final UnsafeBuffer again = pool.borrow();
        assertSame(wrapper, again);
        assertNull(again.byteArray(), "a given-back wrapper holds no user array");
        assertEquals(0, again.capacity());
        assertNull(pool.borrow());
    }

    @Test
    void shouldKeepAViewsWrapperAcrossRefills()
    {
        final BufView view = new BufView().bytes(new byte[4], 0, 4);
        final Object first = view.buffer();
        view.byteBuffer(ByteBuffer.allocate(8), true);
        assertSame(first, view.buffer(), "one wrapper per view, rewrapped");
        view.direct(new UnsafeBuffer(new byte[4]), 0, 4);
        assertNotSame(first, view.buffer(), "an Agrona buffer is used as it is");
    }

    @Test
    void shouldGiveBackOnlyWhatTheTransportCanNoLongerTouch()
    {
        assertTrue(WrapperPool.isReleased(true, Status.OK, false));
        assertFalse(WrapperPool.isReleased(true, Status.PEER_FAILED, false));
        assertTrue(WrapperPool.isReleased(false, Status.OK, false));
        assertTrue(WrapperPool.isReleased(false, Status.TRUNCATED, false));
        assertTrue(WrapperPool.isReleased(false, Status.OK, true));
        assertFalse(WrapperPool.isReleased(false, Status.PEER_FAILED, false));
        assertFalse(WrapperPool.isReleased(false, Status.PEER_FINALIZED, false));
        assertFalse(WrapperPool.isReleased(false, Status.CLOSED, false));
    }

    @Test
    void shouldLeaveWrappersBeyondTheCapacityToTheCollector()
    {
        final WrapperPool pool = new WrapperPool();
        for (int i = 0; i < WrapperPool.CAPACITY + 10; i++)
        {
            pool.giveBack(new UnsafeBuffer(new byte[1]));
        }
        int lent = 0;
        while (pool.borrow() != null)
        {
            lent++;
        }
        assertEquals(WrapperPool.CAPACITY, lent);
    }
}
