package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Calls shaped as Open MPI's bindings declare them, which earlier shapes of this API rejected or treated otherwise. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OpenMpiShapeTest
{
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldRunCollectivesOnACommTypedVariable(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm c = MPI.COMM_WORLD;
            final int n = c.getSize();
            final int[] b = rank == n - 1 ? new int[] {7, 8} : new int[2];
            c.bcast(b, 2, MPI.INT, n - 1);
            assertArrayEquals(new int[] {7, 8}, b);
            final long[] sum = new long[1];
            c.allReduce(new long[] {rank + 1}, sum, 1, MPI.LONG, MPI.SUM);
            assertEquals(n * (n + 1) / 2, sum[0]);
            final int[] squares = new int[n];
            c.allGather(new int[] {rank * rank}, 1, MPI.INT, squares, 1, MPI.INT);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r * r, squares[r]);
            }
            final int[] out = new int[n];
            final int[] in = new int[n];
            for (int r = 0; r < n; r++)
            {
                out[r] = rank * 10 + r;
            }
            c.allToAll(out, 1, MPI.INT, in, 1, MPI.INT);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r * 10 + rank, in[r]);
            }
            final int[] mine = new int[1];
            c.reduceScatterBlock(out, mine, 1, MPI.INT, MPI.SUM);
            assertEquals(10 * n * (n - 1) / 2 + n * rank, mine[0]);
            final int[] gathered = new int[n];
            c.gather(new int[] {rank + 100}, 1, MPI.INT, gathered, 1, MPI.INT, 0);
            if (rank == 0)
            {
                assertEquals(100 + n - 1, gathered[n - 1]);
            }
            final int[] acc = {10, 20};
            Comm.reduceLocal(new int[] {1, 2}, acc, 2, MPI.INT, MPI.SUM);
            assertArrayEquals(new int[] {11, 22}, acc);
            Comm.reduceLocal(new int[] {30, 5}, acc, 2, MPI.INT, MPI.MAX);
            assertArrayEquals(new int[] {30, 22}, acc);
            c.iBarrier().waitFor();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldReadOnlyTheFirstSizeEntriesOfLongerCountArrays(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm c = MPI.COMM_WORLD;
            final int n = c.getSize();
            final int[] counts = junkTail(n, r -> r + 1);
            final int[] displs = junkTail(n, r -> r * (r + 1) / 2);
            final int total = n * (n + 1) / 2;
            final int[] mine = new int[rank + 1];
            Arrays.fill(mine, rank);
            final int[] all = new int[total];
            c.gatherv(mine, rank + 1, MPI.INT, all, counts, displs, MPI.INT, 0);
            if (rank == 0)
            {
                assertArrayEquals(expectedBlocks(n), all);
            }
            final int[] back = new int[rank + 1];
            c.scatterv(expectedBlocks(n), counts, displs, MPI.INT, back, rank + 1, MPI.INT, n - 1);
            assertArrayEquals(mine, back);
            final int[] everyone = new int[total];
            c.allGatherv(mine, rank + 1, MPI.INT, everyone, counts, displs, MPI.INT);
            assertArrayEquals(expectedBlocks(n), everyone);
            final int[] ones = junkTail(n, r -> 1);
            final int[] seq = junkTail(n, r -> r);
            final int[] sent = new int[n];
            Arrays.fill(sent, rank);
            final int[] got = new int[n];
            c.allToAllv(sent, ones, seq, MPI.INT, got, ones, seq, MPI.INT);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r, got[r]);
            }
            final int[] reduced = new int[rank + 1];
            final int[] input = new int[total];
            Arrays.fill(input, 1);
            c.reduceScatter(input, reduced, counts, MPI.INT, MPI.SUM);
            final int[] ns = new int[rank + 1];
            Arrays.fill(ns, n);
            assertArrayEquals(ns, reduced);
            final MPIException shorter = assertThrows(MPIException.class,
                () -> c.allGatherv(mine, rank + 1, MPI.INT, everyone, new int[n - 1], displs, MPI.INT));
            assertEquals(MPI.ERR_ARG, shorter.getErrorClass());
            assertTrue(shorter.getMessage().contains("recvcount.length : " + (n - 1)), shorter.getMessage());
        });
    }

    /** {@code n} values of {@code f} followed by entries no collective may read. */
    private static int[] junkTail(final int n, final java.util.function.IntUnaryOperator f)
    {
        final int[] a = new int[n + 3];
        for (int r = 0; r < n; r++)
        {
            a[r] = f.applyAsInt(r);
        }
        a[n] = -7;
        a[n + 1] = Integer.MAX_VALUE;
        a[n + 2] = Integer.MIN_VALUE;
        return a;
    }

    /** Rank r's r + 1 copies of r, one block after the other. */
    private static int[] expectedBlocks(final int n)
    {
        final int[] a = new int[n * (n + 1) / 2];
        int at = 0;
        for (int r = 0; r < n; r++)
        {
            for (int i = 0; i <= r; i++)
            {
                a[at++] = r;
            }
        }
        return a;
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldReduceInPlaceForExScanAndReduceScatterBlock(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int[] ex = {rank + 1};
            w.exScan(ex, 1, MPI.INT, MPI.SUM);
            assertEquals(rank == 0 ? 1 : rank * (rank + 1) / 2, ex[0], "rank 0 keeps its input; others get the lower ranks' sum");
            final int[] block = new int[n];
            for (int r = 0; r < n; r++)
            {
                block[r] = r + rank;
            }
            w.reduceScatterBlock(block, 1, MPI.INT, MPI.SUM);
            assertEquals(n * rank + n * (n - 1) / 2, block[0]);
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldMakeUserTypesOfPredefinedOnesThatCanBeFreed(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Datatype mine = MPI.INT.clone();
            mine.commit();
            final int[] got = new int[2];
            w.sendRecv(new int[] {rank, -rank}, 2, mine, (rank + 1) % n, 0, got, 2, mine, (rank + n - 1) % n, 0);
            assertArrayEquals(new int[] {(rank + n - 1) % n, -((rank + n - 1) % n)}, got);
            mine.free();
            assertTrue(mine.isNull());
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> w.send(got, 1, mine, 0, 0)).getErrorClass());
            final Datatype copy = MPI.DOUBLE.dup();
            copy.free();
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, MPI.INT::free).getErrorClass());
            w.sendRecv(new int[] {rank}, 1, MPI.INT, (rank + 1) % n, 1, got, 1, MPI.INT, (rank + n - 1) % n, 1);
            assertEquals((rank + n - 1) % n, got[0], "the predefined type still works after its copies were freed");
        });
    }
}
