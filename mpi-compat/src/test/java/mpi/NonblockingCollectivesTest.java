package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Nonblocking collectives (MPI 4.1 section 6.12), from the standard's examples where it has them,
 * on every transport with 2, 3 and 4 processes.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class NonblockingCollectivesTest
{
    /**
     * MPI 4.1 Example 6.32 (in spirit): a nonblocking broadcast overlapped with a point-to-point
     * message between processes 0 and 1, each waiting for the broadcast afterwards.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldOverlapABroadcastWithPointToPoint(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] buf1 = rank == 0 ? new int[] {1, 2, 3, 4} : new int[4];
            final int[] buf2 = rank == 0 ? new int[] {9, 8, 7, 6} : new int[4];
            final Request req = w.iBcast(buf1, 4, MPI.INT, 0);
            if (rank == 0)
            {
                w.send(buf2, 4, MPI.INT, 1, 5);
            }
            else if (rank == 1)
            {
                w.recv(buf2, 4, MPI.INT, 0, 5);
                assertArrayEquals(new int[] {9, 8, 7, 6}, buf2);
            }
            req.waitFor();
            assertTrue(req.isNull());
            assertArrayEquals(new int[] {1, 2, 3, 4}, buf1);
        });
    }

    /**
     * MPI 4.1 Example 6.34: three communicators over overlapping pairs of processes 0, 1 and 2,
     * each process starting a broadcast on both of its communicators before waiting for both;
     * blocking broadcasts in this order would deadlock.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCompleteBroadcastsOnOverlappingCommunicatorsStartedInAnyOrder(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Group world = w.getGroup();
            final int m = Math.min(3, n);
            final Intracomm[] pairs = new Intracomm[m];
            for (int i = 0; i < m; i++)
            {
                pairs[i] = w.create(world.incl(new int[] {i, (i + 1) % m}));
            }
            if (rank >= m || m < 3)
            {
                return;   // the example needs three processes; with two the pairs would repeat
            }
            final Intracomm mine = pairs[rank];
            final Intracomm before = pairs[(rank + m - 1) % m];
            final int[] a = {mine.getRank() == 0 ? 100 + rank : -1};
            final int[] b = {before.getRank() == 0 ? 100 + (rank + m - 1) % m : -1};
            final Request[] reqs = {mine.iBcast(a, 1, MPI.INT, 0), before.iBcast(b, 1, MPI.INT, 0)};
            Request.waitAll(reqs);
            assertEquals(100 + rank, a[0]);
            assertEquals(100 + (rank + m - 1) % m, b[0]);
        });
    }

    /**
     * MPI 4.1 Example 6.35 (a nonblocking barrier used to detect that every process arrived,
     * testing it while doing work) and every other nonblocking collective outstanding at once,
     * completed by {@code Request.waitAll}.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCompleteEveryNonblockingCollectiveStartedTogether(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final List<Request> reqs = new ArrayList<>();
            final int[] sum = new int[2];
            reqs.add(w.iAllReduce(new int[] {rank, 1}, sum, 2, MPI.INT, MPI.SUM));
            final long[] red = new long[1];
            reqs.add(w.iReduce(new long[] {rank + 1}, red, 1, MPI.LONG, MPI.PROD, n - 1));
            final double[] redInPlace = {rank};
            reqs.add(w.iReduce(redInPlace, 1, MPI.DOUBLE, MPI.MAX, 0));
            final int[] gathered = new int[n];
            reqs.add(w.iGather(new int[] {10 * rank}, 1, MPI.INT, gathered, 1, MPI.INT, 0));
            final int[] gv = new int[n * (n + 1) / 2];
            final int[] gvCounts = new int[n];
            final int[] gvDispls = new int[n];
            for (int r = 0; r < n; r++)
            {
                gvCounts[r] = r + 1;
                gvDispls[r] = r * (r + 1) / 2;
            }
            final int[] mineV = new int[rank + 1];
            java.util.Arrays.fill(mineV, rank);
            reqs.add(rank == 0 ? w.iGatherv(mineV, rank + 1, MPI.INT, gv, gvCounts, gvDispls, MPI.INT, 0)
                : w.iGatherv(mineV, rank + 1, MPI.INT, 0));
            final int[] part = new int[2];
            final int[] all = new int[2 * n];
            for (int i = 0; i < all.length; i++)
            {
                all[i] = i * 3;
            }
            reqs.add(w.iScatter(all, 2, MPI.INT, part, 2, MPI.INT, n - 1));
            final int[] sv = new int[rank + 1];
            reqs.add(rank == 0 ? w.iScatterv(expandedV(n), gvCounts, gvDispls, MPI.INT, 0)
                : w.iScatterv(sv, rank + 1, MPI.INT, 0));
            final IntBuffer ag = MPI.newIntBuffer(n);
            ag.put(rank, rank * rank);
            reqs.add(w.iAllGather(ag, 1, MPI.INT));
            final int[] agv = new int[gv.length];
            reqs.add(w.iAllGatherv(mineV, rank + 1, MPI.INT, agv, gvCounts, gvDispls, MPI.INT));
            final int[] a2aIn = new int[n];
            final int[] a2a = new int[n];
            for (int r = 0; r < n; r++)
            {
                a2aIn[r] = 100 * rank + r;
            }
            reqs.add(w.iAllToAll(a2aIn, 1, MPI.INT, a2a, 1, MPI.INT));
            final int[] a2av = new int[n];
            reqs.add(w.iAllToAllv(a2aIn, ones(n), iota(n), MPI.INT, a2av, ones(n), iota(n), MPI.INT));
            final int[] scan = new int[1];
            reqs.add(w.iScan(new int[] {rank + 1}, scan, 1, MPI.INT, MPI.SUM));
            final int[] ex = {-1};
            reqs.add(w.iExScan(new int[] {rank + 1}, ex, 1, MPI.INT, MPI.SUM));
            final int[] rs = new int[2];
            reqs.add(w.iReduceScatter(iota(2 * n), rs, twos(n), MPI.INT, MPI.SUM));
            final int[] blk = iota(n);
            reqs.add(w.iReduceScatterBlock(blk, 1, MPI.INT, MPI.SUM));
            final Request barrier = w.iBarrier();
            int polls = 0;
            while (!barrier.test())
            {
                polls++;   // "do some work" while the barrier completes
            }
            assertTrue(polls >= 0);
            Request.waitAll(reqs.toArray(new Request[0]));
            assertArrayEquals(new int[] {n * (n - 1) / 2, n}, sum);
            if (rank == n - 1)
            {
                long f = 1;
                for (int r = 1; r <= n; r++)
                {
                    f *= r;
                }
                assertEquals(f, red[0]);
            }
            assertEquals(rank == 0 ? n - 1 : rank, redInPlace[0]);
            if (rank == 0)
            {
                for (int r = 0; r < n; r++)
                {
                    assertEquals(10 * r, gathered[r]);
                    for (int k = 0; k <= r; k++)
                    {
                        assertEquals(r, gv[gvDispls[r] + k]);
                    }
                }
            }
            assertArrayEquals(new int[] {6 * rank, 6 * rank + 3}, part);
            if (rank != 0)
            {
                final int[] want = new int[rank + 1];
                System.arraycopy(expandedV(n), gvDispls[rank], want, 0, rank + 1);
                assertArrayEquals(want, sv);
            }
            for (int r = 0; r < n; r++)
            {
                assertEquals(r * r, ag.get(r));
                assertEquals(100 * r + rank, a2a[r]);
                assertEquals(100 * r + rank, a2av[r]);
                for (int k = 0; k <= r; k++)
                {
                    assertEquals(r, agv[gvDispls[r] + k]);
                }
            }
            assertEquals((rank + 1) * (rank + 2) / 2, scan[0]);
            assertEquals(rank == 0 ? -1 : rank * (rank + 1) / 2, ex[0]);
            assertArrayEquals(new int[] {n * 2 * rank, n * (2 * rank + 1)}, rs);
            assertEquals(n * rank, blk[0]);
        });
    }

    /** Completion through {@code Request.testAny} with point-to-point requests in the same array. */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCompleteNonblockingCollectivesAndPointToPointThroughTestAny(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final double[] big = new double[50_000];
            java.util.Arrays.fill(big, rank + 0.5);
            final double[] fromLeft = new double[50_000];
            final double[] total = new double[50_000];
            final Request[] reqs = {
                w.iRecv(fromLeft, fromLeft.length, MPI.DOUBLE, (rank + n - 1) % n, 2),
                w.iAllReduce(big, total, big.length, MPI.DOUBLE, MPI.SUM),
                w.iSend(big, big.length, MPI.DOUBLE, (rank + 1) % n, 2),
                w.iBarrier(),
            };
            int done = 0;
            while (done < reqs.length)
            {
                final int i = Request.testAny(reqs);
                if (i != MPI.UNDEFINED)
                {
                    assertTrue(reqs[i].isNull());
                    done++;
                }
            }
            assertEquals(MPI.UNDEFINED, Request.testAny(reqs));
            assertEquals((rank + n - 1) % n + 0.5, fromLeft[49_999]);
            assertEquals(n * n / 2.0, total[12_345]);
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldRaiseMpiErrorsWhenANonblockingCollectiveStarts(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            assertEquals(MPI.ERR_ROOT, assertThrows(MPIException.class, () -> w.iReduce(new int[1], new int[1], 1, MPI.INT, MPI.SUM, n))
                .getErrorClass());
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class, () -> w.iScan(new int[1], new int[1], 1, MPI.INT, MPI.REPLACE))
                .getErrorClass());
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class,
                () -> w.iReduceScatter(new int[4], new int[1], new int[1], MPI.INT, MPI.SUM)).getErrorClass());
            final int[] one = {1};
            w.iAllReduce(one, 1, MPI.INT, MPI.SUM).waitFor();
            assertEquals(n, one[0]);
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldDuplicateWithIDupAndCompleteItsRequest(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            assertTrue(w.getRequest().isNull(), "COMM_WORLD was not made by iDup");
            final Intracomm d = w.iDup();
            final Request r = d.getRequest();
            r.waitFor();
            assertTrue(r.isNull());
            assertEquals(n, d.getSize());
            assertEquals(rank, d.getRank());
            final int[] token = {rank == 0 ? 42 : 0};
            final Request b = d.iBcast(token, 1, MPI.INT, 0);
            final int[] other = {rank == 0 ? 7 : 0};
            w.bcast(other, 1, MPI.INT, 0);
            b.waitFor();
            assertEquals(42, token[0]);
            assertEquals(7, other[0]);
            d.free();
        });
    }

    /** MPI_ALLTOALLW: per-peer counts and datatypes at byte displacements, blocking and nonblocking. */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldExchangeBlocksOfTheirOwnTypesWithAllToAllw(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int[] send = new int[n * (rank + 1)];
            final int[] sc = new int[n];
            final int[] sd = new int[n];
            final Datatype[] st = new Datatype[n];
            for (int d = 0; d < n; d++)
            {
                sc[d] = rank + 1;
                sd[d] = 4 * d * (rank + 1);
                st[d] = MPI.INT;
                for (int k = 0; k <= rank; k++)
                {
                    send[d * (rank + 1) + k] = 1000 * rank + 10 * d + k;
                }
            }
            final int[] rc = new int[n];
            final int[] rd = new int[n];
            final Datatype[] rt = new Datatype[n];
            int at = 0;
            for (int s = 0; s < n; s++)
            {
                rd[s] = 4 * at;
                if (s % 2 == 1)
                {
                    rt[s] = Datatype.createContiguous(s + 1, MPI.INT);
                    rt[s].commit();
                    rc[s] = 1;
                }
                else
                {
                    rt[s] = MPI.INT;
                    rc[s] = s + 1;
                }
                at += s + 2;   // the block and one untouched int after it
            }
            for (final boolean nonblocking : new boolean[] {false, true})
            {
                final int[] recv = new int[at];
                java.util.Arrays.fill(recv, -1);
                if (nonblocking)
                {
                    w.iAllToAllw(send, sc, sd, st, recv, rc, rd, rt).waitFor();
                }
                else
                {
                    w.allToAllw(send, sc, sd, st, recv, rc, rd, rt);
                }
                for (int s = 0; s < n; s++)
                {
                    for (int k = 0; k <= s; k++)
                    {
                        assertEquals(1000 * s + 10 * rank + k, recv[rd[s] / 4 + k], "from " + s + ", nonblocking " + nonblocking);
                    }
                    assertEquals(-1, recv[rd[s] / 4 + s + 1], "the gap after block " + s);
                }
            }
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class,
                () -> w.allToAllw(send, sc, sd, new Datatype[1], new int[64], rc, rd, rt)).getErrorClass());
        });
    }

    private static int[] expandedV(final int n)
    {
        final int[] v = new int[n * (n + 1) / 2];
        for (int i = 0; i < v.length; i++)
        {
            v[i] = 7 * i;
        }
        return v;
    }

    private static int[] ones(final int n)
    {
        final int[] a = new int[n];
        java.util.Arrays.fill(a, 1);
        return a;
    }

    private static int[] twos(final int n)
    {
        final int[] a = new int[n];
        java.util.Arrays.fill(a, 2);
        return a;
    }

    private static int[] iota(final int n)
    {
        final int[] a = new int[n];
        for (int i = 0; i < n; i++)
        {
            a[i] = i;
        }
        return a;
    }
}
