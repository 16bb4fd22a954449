package io.rankwire.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

class BufViewTest
{
    @Test
    void shouldWrapByteBuffersFromTheirPositionWithoutMovingIt()
    {
        final ByteBuffer bb = ByteBuffer.allocate(10).position(3).limit(7);
        final BufView v = new BufView().byteBuffer(bb, true);
        assertEquals(3, v.offset());
        assertEquals(4, v.length());
        v.mutableBuffer().putByte(v.offset(), (byte)9);
        assertEquals(9, bb.get(3));
        assertEquals(3, bb.position());
        assertTrue(v.offloadable());
    }

    @Test
    void shouldStageTypedArraysInBothDirections()
    {
        final StagePool pool = new StagePool();
        final int[] src = {1, 2, 3, 4};
        final BufView out = new BufView().typed(src, src.length, 1, 2, 4, BufView.INT_BASE);
        assertTrue(out.needsStage());
        out.attachStage(pool.acquire(out.length()));
        out.stageIn();
        assertFalse(out.offloadable());
        final int[] dst = new int[4];
        final BufView in = new BufView().typed(dst, dst.length, 2, 2, 4, BufView.INT_BASE);
        in.attachStage(pool.acquire(in.length()));
        in.mutableBuffer().putBytes(0, out.buffer(), 0, 8);
        in.stageOut(8);
        assertArrayEquals(new int[] {0, 0, 2, 3}, dst);
    }

    @Test
    void shouldRejectRangesOutsideTheArray()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BufView().typed(new long[2], 2, 1, 2, 8, BufView.LONG_BASE));
        assertEquals("offset + count : 3 (expected: <= 2)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BufView().bytes(new byte[2], -1, 1));
        assertThrows(IllegalArgumentException.class,
            () -> new BufView().byteBuffer(ByteBuffer.allocate(2).asReadOnlyBuffer(), true));
    }

    @Test
    void shouldPoolStagesBySizeClass()
    {
        final StagePool pool = new StagePool();
        final Stage s = pool.acquire(100);
        assertEquals(128, s.bytes.length);
        pool.release(s);
        assertTrue(s == pool.acquire(120), "a released stage is reused");
        assertEquals(64, pool.acquire(0).bytes.length);
        assertEquals((1 << 20) + 1, pool.acquire((1 << 20) + 1).bytes.length, "large stages are exact");
    }
}
