package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FramePoolTest
{
    private final FramePool pool = new FramePool(PooledByteBufAllocator.DEFAULT);

    @AfterEach
    void releasePool()
    {
        pool.release();
    }

    @Test
    void shouldReuseASlotOnceTheConsumerReleasedIt()
    {
        final ByteBuf[] first = new ByteBuf[FramePool.SLOTS];
        for (int i = 0; i < FramePool.SLOTS; i++)
        {
            first[i] = pool.acquire(16);
            assertNotNull(first[i]);
            assertEquals(2, first[i].refCnt(), "the pool's reference and the consumer's");
            first[i].writeLong(i);
        }
        assertNull(pool.acquire(16), "every slot is still with its consumer");

        first[0].release();
        final ByteBuf again = pool.acquire(16);
        assertSame(first[0], again);
        assertEquals(0, again.readableBytes(), "handed out empty");
        for (int i = 1; i < FramePool.SLOTS; i++)
        {
            assertEquals(i, first[i].getLong(0), "slots still in use are untouched");
            first[i].release();
        }
        again.release();
        for (final ByteBuf b : first)
        {
            assertEquals(1, b.refCnt());
        }
    }

    @Test
    void shouldDeclineFramesLargerThanASlot()
    {
        assertNull(pool.acquire(FramePool.SLOT_BYTES + 1));
        final ByteBuf largest = pool.acquire(FramePool.SLOT_BYTES);
        assertNotNull(largest);
        largest.writeZero(FramePool.SLOT_BYTES);
        largest.release();
    }

    @Test
    void shouldLetAConsumerFreeASlotAfterThePoolWasReleased()
    {
        final ByteBuf held = pool.acquire(8);
        pool.release();
        assertEquals(1, held.refCnt(), "only the consumer's reference is left");
        assertNull(pool.acquire(8), "a released pool hands out nothing");
        held.release();
        assertEquals(0, held.refCnt());
    }

    @Test
    void shouldHandOutDistinctSlotsInRingOrder()
    {
        final ByteBuf a = pool.acquire(8);
        final ByteBuf b = pool.acquire(8);
        assertNotSame(a, b);
        a.release();
        b.release();
    }
}
