package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectivesTest
{
    private static final int N = 4;

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldBroadcastAndReduce(final String transport)
    {
        MpiJob.run(N, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] b = rank == 2 ? new int[] {5, 6, 7} : new int[3];
            w.bcast(b, 3, MPI.INT, 2);
            assertArrayEquals(new int[] {5, 6, 7}, b);
            final DoubleBuffer d = MPI.newDoubleBuffer(2);
            if (rank == 0)
            {
                d.put(0, 1.5).put(1, -1);
            }
            w.bcast(d, 2, MPI.DOUBLE, 0);
            assertEquals(1.5, d.get(0));
            final long[] sum = new long[2];
            w.reduce(new long[] {rank, 10L * rank}, sum, 2, MPI.LONG, MPI.SUM, 1);
            assertArrayEquals(rank == 1 ? new long[] {6, 60} : new long[2], sum);
            final int[] inPlace = {rank + 1};
            w.reduce(inPlace, 1, MPI.INT, MPI.PROD, 0);
            assertEquals(rank == 0 ? 24 : rank + 1, inPlace[0]);
            final double[] max = new double[1];
            w.allReduce(new double[] {rank * 0.5}, max, 1, MPI.DOUBLE, MPI.MAX);
            assertEquals(1.5, max[0]);
            final IntBuffer ib = MPI.newIntBuffer(1).put(0, rank);
            w.allReduce(ib, 1, MPI.INT, MPI.MIN);
            assertEquals(0, ib.get(0));
            final int[] loc = {100 - rank * rank, rank};
            final int[] at = new int[2];
            w.allReduce(loc, at, 1, MPI.INT2, MPI.MINLOC);
            assertArrayEquals(new int[] {100 - 9, 3}, at);
            final boolean[] all = {rank != 2};
            final boolean[] land = new boolean[1];
            w.allReduce(all, land, 1, MPI.BOOLEAN, MPI.LAND);
            assertEquals(false, land[0]);
            final int[] prefix = new int[1];
            w.scan(new int[] {rank + 1}, prefix, 1, MPI.INT, MPI.SUM);
            assertEquals((rank + 1) * (rank + 2) / 2, prefix[0]);
            final int[] ex = {-1};
            w.exScan(new int[] {rank + 1}, ex, 1, MPI.INT, MPI.SUM);
            assertEquals(rank == 0 ? -1 : rank * (rank + 1) / 2, ex[0]);
            final int[] rs = new int[2];
            w.reduceScatter(new int[] {1, 2, 3, 4, 5, 6, 7, 8}, rs, new int[] {2, 2, 2, 2}, MPI.INT, MPI.SUM);
            assertArrayEquals(new int[] {4 * (2 * rank + 1), 4 * (2 * rank + 2)}, rs);
            final int[] blk = new int[1];
            w.reduceScatterBlock(new int[] {1, 2, 3, 4}, blk, 1, MPI.INT, MPI.SUM);
            assertEquals(4 * (rank + 1), blk[0]);
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class, () -> w.allReduce(new int[1], 1, MPI.INT, MPI.REPLACE)).getErrorClass());
            assertEquals(MPI.ERR_ROOT, assertThrows(MPIException.class, () -> w.bcast(b, 1, MPI.INT, N)).getErrorClass());
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldGatherScatterAndExchangeBlocks(final String transport)
    {
        MpiJob.run(N, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] g = new int[2 * N];
            w.gather(new int[] {rank, -rank}, 2, MPI.INT, g, 2, MPI.INT, 3);
            if (rank == 3)
            {
                assertArrayEquals(new int[] {0, 0, 1, -1, 2, -2, 3, -3}, g);
            }
            final double[] inPlace = new double[N];
            inPlace[rank] = rank + 0.25;
            w.gather(rank == 0 ? inPlace : new double[] {rank + 0.25}, 1, MPI.DOUBLE, 0);
            if (rank == 0)
            {
                assertArrayEquals(new double[] {0.25, 1.25, 2.25, 3.25}, inPlace);
            }
            final int[] counts = {1, 2, 3, 4};
            final int[] displs = {9, 0, 2, 5};
            final short[] gv = new short[10];
            final short[] mine = new short[rank + 1];
            java.util.Arrays.fill(mine, (short)(rank + 1));
            w.gatherv(mine, rank + 1, MPI.SHORT, gv, counts, displs, MPI.SHORT, 1);
            if (rank == 1)
            {
                assertArrayEquals(new short[] {2, 2, 3, 3, 3, 4, 4, 4, 4, 1}, gv);
            }
            final int[] part = new int[2];
            w.scatter(new int[] {0, 1, 10, 11, 20, 21, 30, 31}, 2, MPI.INT, part, 2, MPI.INT, 0);
            assertArrayEquals(new int[] {10 * rank, 10 * rank + 1}, part);
            final char[] sv = new char[rank + 1];
            w.scatterv(new char[] {'x', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'}, counts, new int[] {0, 1, 3, 6}, MPI.CHAR,
                sv, rank + 1, MPI.CHAR, 2);
            assertEquals(new String[] {"x", "ab", "cde", "fghi"}[rank], new String(sv));
            final long[] ag = new long[N];
            w.allGather(new long[] {rank * 7L}, 1, MPI.LONG, ag, 1, MPI.LONG);
            assertArrayEquals(new long[] {0, 7, 14, 21}, ag);
            final int[] agi = new int[N];
            agi[rank] = rank * rank;
            w.allGather(agi, 1, MPI.INT);
            assertArrayEquals(new int[] {0, 1, 4, 9}, agi);
            final float[] agv = new float[10];
            final float[] own = new float[rank + 1];
            java.util.Arrays.fill(own, rank);
            w.allGatherv(own, rank + 1, MPI.FLOAT, agv, counts, new int[] {0, 1, 3, 6}, MPI.FLOAT);
            assertArrayEquals(new float[] {0, 1, 1, 2, 2, 2, 3, 3, 3, 3}, agv);
            final int[] send = new int[N];
            for (int r = 0; r < N; r++)
            {
                send[r] = 10 * rank + r;
            }
            final int[] recv = new int[N];
            w.allToAll(send, 1, MPI.INT, recv, 1, MPI.INT);
            for (int r = 0; r < N; r++)
            {
                assertEquals(10 * r + rank, recv[r]);
            }
            final int[] sc = {1, 1, 1, 1};
            final int[] rd = {3, 2, 1, 0};
            final int[] recvv = new int[N];
            w.allToAllv(send, sc, new int[] {0, 1, 2, 3}, MPI.INT, recvv, sc, rd, MPI.INT);
            for (int r = 0; r < N; r++)
            {
                assertEquals(10 * r + rank, recvv[3 - r]);
            }
            final double[] asDoubles = new double[N];
            final long[] bits = {Double.doubleToRawLongBits(rank + 0.5)};
            w.allGather(bits, 1, MPI.DOUBLE, asDoubles, 1, MPI.DOUBLE);
            assertArrayEquals(new double[] {0.5, 1.5, 2.5, 3.5}, asDoubles);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldRunTheInPlaceForms(final String transport)
    {
        MpiJob.run(N, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] counts = {1, 1, 2, 1};
            final int[] displs = {0, 1, 2, 4};
            final int[] gv = new int[5];
            if (rank == 0)
            {
                gv[0] = 100;
                w.gatherv(gv, counts, displs, MPI.INT, 0);
                assertArrayEquals(new int[] {100, 101, 102, 102, 103}, gv);
            }
            else
            {
                final int[] mine = {100 + rank, 100 + rank};
                w.gatherv(mine, counts[rank], MPI.INT, 0);
            }
            final int[] sv = {200, 201, 202, 203, 204};
            if (rank == 0)
            {
                w.scatterv(sv, counts, displs, MPI.INT, 0);
                assertEquals(200, sv[0]);
            }
            else
            {
                final int[] got = new int[counts[rank]];
                w.scatterv(got, counts[rank], MPI.INT, 0);
                assertEquals(sv[displs[rank]], got[0]);
            }
            final int[] sc = new int[2];
            if (rank == 1)
            {
                sc[0] = 5;
                sc[1] = 6;
                w.scatter(new int[] {1, 2, 5, 6, 9, 9, 7, 8}, 2, MPI.INT, 1);
            }
            else
            {
                w.scatter(sc, 2, MPI.INT, 1);
            }
            assertEquals(rank == 1 ? 5 : new int[] {1, 5, 9, 7}[rank], sc[0]);
            final int[] agv = new int[5];
            for (int i = 0; i < counts[rank]; i++)
            {
                agv[displs[rank] + i] = rank + 1;
            }
            w.allGatherv(agv, counts, displs, MPI.INT);
            assertArrayEquals(new int[] {1, 2, 3, 3, 4}, agv);
            final int[] sum = {rank};
            w.scan(sum, 1, MPI.INT, MPI.SUM);
            assertEquals(rank * (rank + 1) / 2, sum[0]);
            final int[] rs = {1, 1, 1, 1, 1, 1, 1, 1};
            w.reduceScatter(rs, new int[] {2, 2, 2, 2}, MPI.INT, MPI.SUM);
            assertEquals(N, rs[0]);
            assertEquals(N, rs[1]);
            final Datatype pair = Datatype.createContiguous(2, MPI.INT);
            pair.commit();
            final int[] viaPair = rank == 0 ? new int[] {3, 4} : new int[2];
            w.bcast(viaPair, 1, pair, 0);
            assertArrayEquals(new int[] {3, 4}, viaPair);
            final int[] r = new int[1];
            final Request posted = w.iRecv(r, 1, MPI.INT, (rank + N - 1) % N, 9);
            w.barrier();
            w.rSend(new int[] {rank}, 1, MPI.INT, (rank + 1) % N, 9);
            posted.waitFor();
            assertEquals((rank + N - 1) % N, r[0]);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldCompleteNonblockingCollectivesThroughRequests(final String transport)
    {
        MpiJob.run(N, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final DoubleBuffer d = MPI.newDoubleBuffer(2);
            if (rank == 1)
            {
                d.put(0, 4.5).put(1, -4.5);
            }
            final int[] sum = new int[2];
            final IntBuffer inPlace = MPI.newIntBuffer(1).put(0, rank + 1);
            final Request[] rs = {
                w.iBcast(d, 2, MPI.DOUBLE, 1),
                w.iAllReduce(new int[] {rank, 1}, sum, 2, MPI.INT, MPI.SUM),
                w.iAllReduce(inPlace, 1, MPI.INT, MPI.MAX),
                w.iBarrier(),
            };
            Request.waitAll(rs);
            assertEquals(4.5, d.get(0));
            assertEquals(-4.5, d.get(1));
            assertArrayEquals(new int[] {6, N}, sum);
            assertEquals(N, inPlace.get(0));
            final Request b = w.iBarrier();
            while (!b.test())
            {
                Thread.onSpinWait();
            }
        });
    }
}
