package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Derived datatypes in collectives and reductions, after the examples of MPI 4.1 chapters 5 and 6. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DatatypeCollectivesTest
{
    private static final int K = 3;

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldGatherScatterAndTransposeThroughColumnTypes(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Datatype column = Datatype.createResized(Datatype.createVector(K, 1, n, MPI.INT), 0, 4);
            column.commit();
            final int[] row = new int[K];
            for (int i = 0; i < K; i++)
            {
                row[i] = 10 * rank + i;
            }
            final int[] byColumns = new int[K * n];
            w.gather(row, K, MPI.INT, byColumns, 1, column, 0);
            if (rank == 0)
            {
                for (int i = 0; i < K; i++)
                {
                    for (int r = 0; r < n; r++)
                    {
                        assertEquals(10 * r + i, byColumns[i * n + r], "rank r's data went to column r");
                    }
                }
            }
            final int[] back = new int[K];
            w.scatter(byColumns, 1, column, back, K, MPI.INT, 0);
            assertArrayEquals(row, back, "scattering the columns gives every rank its data back");
            final int[] mine = new int[K * n];
            for (int i = 0; i < mine.length; i++)
            {
                mine[i] = 1000 * rank + i;
            }
            final int[] transposed = new int[K * n];
            final Datatype block = Datatype.createContiguous(K, MPI.INT);
            block.commit();
            w.allToAll(mine, 1, block, transposed, 1, column);
            for (int r = 0; r < n; r++)
            {
                for (int i = 0; i < K; i++)
                {
                    assertEquals(1000 * r + rank * K + i, transposed[i * n + r]);
                }
            }
            final int[] everyone = new int[K * n];
            Arrays.fill(everyone, -1);
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            for (int r = 0; r < n; r++)
            {
                counts[r] = r % 2 == 0 ? 1 : 0;
                displs[r] = r;
            }
            w.allGatherv(row, counts[rank] * K, MPI.INT, everyone, counts, displs, column);
            for (int i = 0; i < K; i++)
            {
                for (int r = 0; r < n; r++)
                {
                    assertEquals(r % 2 == 0 ? 10 * r + i : -1, everyone[i * n + r], "columns of ranks that sent nothing are untouched");
                }
            }
            final int[] bcast = new int[K * n];
            if (rank == n - 1)
            {
                Arrays.setAll(bcast, i -> i);
            }
            w.bcast(bcast, 1, column, n - 1);
            for (int i = 0; i < bcast.length; i++)
            {
                assertEquals(i % n == 0 || rank == n - 1 ? i : 0, bcast[i], "only column 0 travels");
            }
            column.free();
            block.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldReduceDerivedTypesOfOnePredefinedType(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Datatype every2 = Datatype.createVector(3, 1, 2, MPI.DOUBLE);
            every2.commit();
            final double[] in = {rank, -1, rank * 2, -1, rank * 3};
            final double[] out = {7, 7, 7, 7, 7};
            w.allReduce(in, out, 1, every2, MPI.SUM);
            final double s = n * (n - 1) / 2.0;
            assertArrayEquals(new double[] {s, 7, 2 * s, 7, 3 * s}, out, "the gaps are not written");
            final double[] prefix = {rank + 1, 0, 1, 0, 1};
            w.scan(prefix, 1, every2, MPI.PROD);
            double f = 1;
            for (int r = 1; r <= rank + 1; r++)
            {
                f *= r;
            }
            assertEquals(f, prefix[0]);
            final double[] blocks = new double[5 * n];
            for (int r = 0; r < n; r++)
            {
                blocks[5 * r] = r + rank;
            }
            final double[] mine = new double[5];
            final Datatype spaced = Datatype.createResized(every2, 0, 40);
            spaced.commit();
            w.reduceScatterBlock(blocks, mine, 1, spaced, MPI.MAX);
            assertEquals(rank + n - 1, mine[0]);
            final Datatype mixed = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.DOUBLE, MPI.INT});
            mixed.commit();
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class,
                () -> w.allReduce(new byte[16], new byte[16], 1, mixed, MPI.SUM)).getErrorClass());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new double[1], new double[1], 1, MPI.DOUBLE, MPI.BAND)).getErrorClass());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new int[2], new int[2], 1, MPI.INT, MPI.MINLOC)).getErrorClass());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new byte[16], new byte[16], 1, MPI.DOUBLE_INT, MPI.SUM)).getErrorClass());
            every2.free();
            mixed.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldFindMinimaAndMaximaWithThePairTypes(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int peak = n / 2;
            final ByteBuffer di = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            final DoubleInt.Data d0 = MPI.doubleInt.getData(di, 0);
            d0.putValue(rank == peak ? 9.5 : rank);
            d0.putIndex(rank);
            final DoubleInt.Data d1 = MPI.doubleInt.getData(di, 1);
            d1.putValue(-rank);
            d1.putIndex(100 + rank);
            final ByteBuffer diOut = MPI.newByteBuffer(2 * MPI.doubleInt.getExtent());
            w.allReduce(di, diOut, 2, MPI.DOUBLE_INT, MPI.MAXLOC);
            final DoubleInt.Data m0 = MPI.doubleInt.getData(diOut, 0);
            assertEquals(9.5, m0.getValue());
            assertEquals(peak, m0.getIndex());
            final DoubleInt.Data m1 = MPI.doubleInt.getData(diOut, 1);
            assertEquals(0.0, m1.getValue());
            assertEquals(100, m1.getIndex(), "a tie keeps the lower index");
            final ByteBuffer si = MPI.newByteBuffer(MPI.shortInt.getExtent());
            MPI.shortInt.<ShortInt.Data>getData(si).putValue((short)(50 - rank));
            MPI.shortInt.<ShortInt.Data>getData(si).putIndex(rank);
            w.allReduce(si, 1, MPI.SHORT_INT, MPI.MINLOC);
            assertEquals((short)(50 - (n - 1)), MPI.shortInt.<ShortInt.Data>getData(si).getValue());
            assertEquals(n - 1, MPI.shortInt.<ShortInt.Data>getData(si).getIndex());
            final ByteBuffer li = MPI.newByteBuffer(MPI.longInt.getExtent());
            MPI.longInt.<LongInt.Data>getData(li).putValue((1L << 40) * (rank % 2));
            MPI.longInt.<LongInt.Data>getData(li).putIndex(rank);
            w.allReduce(li, 1, MPI.LONG_INT, MPI.MAXLOC);
            assertEquals(n > 1 ? 1L << 40 : 0, MPI.longInt.<LongInt.Data>getData(li).getValue());
            assertEquals(n > 1 ? 1 : 0, MPI.longInt.<LongInt.Data>getData(li).getIndex());
            final ByteBuffer fi = MPI.newByteBuffer(MPI.floatInt.getExtent());
            MPI.floatInt.<FloatInt.Data>getData(fi).putValue(rank + 0.25f);
            MPI.floatInt.<FloatInt.Data>getData(fi).putIndex(rank * 3);
            final ByteBuffer fiOut = MPI.newByteBuffer(MPI.floatInt.getExtent());
            w.reduce(fi, fiOut, 1, MPI.FLOAT_INT, MPI.MINLOC, n - 1);
            if (rank == n - 1)
            {
                assertEquals(0.25f, MPI.floatInt.<FloatInt.Data>getData(fiOut).getValue());
                assertEquals(0, MPI.floatInt.<FloatInt.Data>getData(fiOut).getIndex());
            }
            final int[] twoInts = {rank % 2, rank};
            w.allReduce(twoInts, 1, MPI.INT2, MPI.MAXLOC);
            assertArrayEquals(new int[] {n > 1 ? 1 : 0, n > 1 ? 1 : 0}, twoInts);
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldAddAndMultiplyComplexNumbers(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final double[] z = {rank, 1};
            final double[] sum = new double[2];
            w.allReduce(z, sum, 1, MPI.DOUBLE_COMPLEX, MPI.SUM);
            assertEquals(n * (n - 1) / 2.0, DoubleComplex.get(sum).getReal());
            assertEquals(n, DoubleComplex.get(sum).getImag());
            final float[] i = {0, 1};
            w.allReduce(i, 1, MPI.FLOAT_COMPLEX, MPI.PROD);
            final float[][] powers = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
            assertEquals(powers[n % 4][0], i[0], 0f, "real part of i to the power " + n);
            assertEquals(powers[n % 4][1], i[1], 0f, "imaginary part of i to the power " + n);
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new double[2], new double[2], 1, MPI.DOUBLE_COMPLEX, MPI.MAX)).getErrorClass());
        });
    }
}
