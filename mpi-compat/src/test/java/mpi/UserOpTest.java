package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** User reduction operations ({@code new Op(UserFunction, commute)}), after MPI 4.1 section 6.9.5. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UserOpTest
{
    /** 2x2 int matrices (row-major, one item of 4 ints each) multiplied: not commutative. */
    static final class MatrixProduct extends UserFunction
    {
        @Override
        public void call(final Object inVec, final Object inOutVec, final int count, final Datatype datatype)
        {
            final int[] a = (int[])inVec;
            final int[] b = (int[])inOutVec;
            for (int k = 0; k < count; k++)
            {
                final int o = 4 * k;
                final int p = a[o] * b[o] + a[o + 1] * b[o + 2];
                final int q = a[o] * b[o + 1] + a[o + 1] * b[o + 3];
                final int r = a[o + 2] * b[o] + a[o + 3] * b[o + 2];
                final int s = a[o + 2] * b[o + 1] + a[o + 3] * b[o + 3];
                b[o] = p;
                b[o + 1] = q;
                b[o + 2] = r;
                b[o + 3] = s;
            }
        }
    }

    /** Adds doubles through the byte-buffer form. */
    static final class BufferSum extends UserFunction
    {
        @Override
        public void call(final ByteBuffer in, final ByteBuffer inOut, final int count, final Datatype datatype)
        {
            final int doubles = count * datatype.getExtent();
            for (int i = 0; i < doubles; i++)
            {
                inOut.putDouble(8 * i, in.getDouble(8 * i) + inOut.getDouble(8 * i));
            }
        }
    }

    private static int[] matrix(final int r)
    {
        return new int[] {r + 1, 1, 0, 1};
    }

    private static int[] times(final int[] x, final int[] y)
    {
        return new int[] {x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3], x[2] * y[0] + x[3] * y[2], x[2] * y[1] + x[3] * y[3]};
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldApplyUserOperationsInRankOrder(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Datatype m2 = Datatype.createContiguous(4, MPI.INT);
            m2.commit();
            final Op product = new Op(new MatrixProduct(), false);
            final int[] result = new int[4];
            w.allReduce(matrix(rank), result, 1, m2, product);
            int[] expected = matrix(0);
            for (int r = 1; r < n; r++)
            {
                expected = times(expected, matrix(r));
            }
            assertArrayEquals(expected, result, "M0 x M1 x ... in rank order");
            final int[] prefix = matrix(rank);
            w.scan(prefix, 1, m2, product);
            int[] upTo = matrix(0);
            for (int r = 1; r <= rank; r++)
            {
                upTo = times(upTo, matrix(r));
            }
            assertArrayEquals(upTo, prefix);
            final Op sum = new Op(new BufferSum(), true);
            final Datatype every2 = Datatype.createVector(2, 1, 2, MPI.DOUBLE);
            every2.commit();
            final double[] in = {rank, -5, 0.5};
            final double[] out = {9, 9, 9};
            w.reduce(in, out, 1, every2, sum, 0);
            if (rank == 0)
            {
                assertArrayEquals(new double[] {n * (n - 1) / 2.0, 9, n * 0.5}, out, "the gap stays as it was");
            }
            final double[] local = {1, 2};
            Comm.reduceLocal(new double[] {10, 20}, local, 2, MPI.DOUBLE, sum);
            assertArrayEquals(new double[] {11, 22}, local);
            assertTrue(sum.isCommutative());
            sum.free();
            assertTrue(sum.isNull());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new double[1], new double[1], 1, MPI.DOUBLE, sum)).getErrorClass());
            m2.free();
            every2.free();
        });
    }
}
