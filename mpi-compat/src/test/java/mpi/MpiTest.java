package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.LocalJob;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MpiTest
{
    @Test
    void shouldMakeNativeOrderDirectBuffersBeforeInit()
    {
        final ByteBuffer b = MPI.newByteBuffer(16);
        assertTrue(b.isDirect());
        assertEquals(ByteOrder.nativeOrder(), b.order());
        assertEquals(ByteOrder.nativeOrder(), MPI.newIntBuffer(4).order());
        assertEquals(4, MPI.newLongBuffer(4).capacity());
        assertTrue(MPI.newDoubleBuffer(2).isDirect());
        assertTrue(MPI.newFloatBuffer(2).isDirect());
        assertTrue(MPI.newShortBuffer(2).isDirect());
        assertTrue(MPI.newCharBuffer(2).isDirect());
        final IntBuffer ib = MPI.newIntBuffer(5);
        ib.put(3, 33);
        assertEquals(33, MPI.slice(ib, 3).get(0));
        final DoubleBuffer db = MPI.slice(new double[] {1, 2, 3}, 1);
        assertEquals(2.0, db.get(0));
        assertEquals(ByteOrder.nativeOrder(), MPI.slice(b, 4).order());
        assertFalse(MPI.isInitialized());
    }

    @Test
    void shouldTrackInitFinalizeAndThreadSupport()
    {
        LocalJob.run(2, "sim", rw ->
        {
            RankBinding.bind(rw);
            assertFalse(MPI.isInitialized());
            assertEquals(MPI.ERR_OTHER, assertThrows(MPIException.class, MPI.COMM_WORLD::getRank).getErrorClass());
            assertEquals(MPI.THREAD_MULTIPLE, MPI.InitThread(new String[0], MPI.THREAD_MULTIPLE));
            assertTrue(MPI.isInitialized());
            assertFalse(MPI.isFinalized());
            assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread());
            assertTrue(MPI.isThreadMain());
            final boolean[] main = {true};
            final Thread t = new Thread(() -> main[0] = MPI.isThreadMain());
            t.start();
            t.join();
            assertFalse(main[0]);
            assertSame(rw, RankBinding.runtime());
            assertThrows(MPIException.class, () -> MPI.Init(new String[0]));
            final double t0 = MPI.wtime();
            assertTrue(MPI.wtime() >= t0);
            assertTrue(MPI.wtick() > 0 && MPI.wtick() < 1e-3);
            assertFalse(MPI.getProcessorName().isEmpty());
            MPI.Finalize();
            assertTrue(MPI.isFinalized());
            assertThrows(MPIException.class, MPI.COMM_WORLD::getSize);
            assertFalse(rw.world().isClosed(), "Finalize leaves a bound runtime to its owner");
            RankBinding.unbind();
        });
    }

    @Test
    void shouldReturnArgsFromInit()
    {
        LocalJob.run(1, "sim", rw ->
        {
            RankBinding.bind(rw);
            final String[] args = {"a", "b"};
            assertArrayEquals(args, MPI.Init(args));
            assertEquals(MPI.THREAD_SINGLE, MPI.queryThread());
            MPI.Finalize();
            RankBinding.unbind();
        });
    }

    @Test
    void shouldDescribeDatatypes()
    {
        assertEquals(1, MPI.INT.getSize(), "sizes count units of the base type, as in Open MPI");
        assertEquals(1, MPI.CHAR.getExtent());
        assertEquals(1, MPI.BOOLEAN.getSize());
        assertEquals(8, MPI.INT2.getExtent(), "pair types have base type BYTE");
        assertEquals(12, MPI.DOUBLE_INT.getSize());
        assertEquals(16, MPI.DOUBLE_INT.getExtent());
        assertEquals(2, MPI.DOUBLE_COMPLEX.getExtent(), "complex types have base type DOUBLE or FLOAT");
        final Datatype three = Datatype.createContiguous(3, MPI.DOUBLE);
        three.commit();
        assertEquals(3, three.getExtent());
        assertEquals(3, three.getSize());
        final Status s = new Status(0, 0, MPI.SUCCESS, false, 48);
        assertEquals(2, s.getCount(three));
        assertEquals(6, s.getElements(three));
        assertEquals(3, s.getCount(MPI.INT2) * 0 + new Status(0, 0, 0, false, 24).getCount(MPI.INT2));
        assertEquals(6, new Status(0, 0, 0, false, 24).getElements(MPI.INT2));
        three.free();
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> Buf.of(new int[9], 1, three)).getErrorClass());
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, MPI.INT::free).getErrorClass());
    }
}
