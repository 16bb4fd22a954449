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

/**
 * Collectives over an inter-communicator, as MPI 4.1 section 6.2.2 defines them (Figures 6.1 to
 * 6.3: data flows from one group to the other): an inter-communicator between the even and the
 * odd processes of the world, every collective run in both directions through a {@code Comm}-typed
 * variable, as Open MPI declares them. Every process computes what each other process contributes
 * ({@code v(world rank, j) = 100 * world rank + j}); receive buffers carry a guard element past
 * their end that must stay untouched.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class InterCollectivesTest
{
    private static final int GUARD = -9;

    static int v(final int world, final int j)
    {
        return 100 * world + j;
    }

    /** The parts of one process's view: its inter-communicator, world rank and both groups in world ranks. */
    private static final class View
    {
        final Intercomm inter;
        final Comm comm;
        final int world;
        final int me;
        final boolean even;
        final int[] remote;
        final int localSize;

        View(final Intercomm inter, final int world)
        {
            this.inter = inter;
            this.comm = inter;
            this.world = world;
            this.me = inter.getRank();
            this.even = world % 2 == 0;
            final int n = inter.getRemoteSize();
            final int[] iota = new int[n];
            for (int i = 0; i < n; i++)
            {
                iota[i] = i;
            }
            this.remote = Group.translateRanks(inter.getRemoteGroup(), iota, MPI.COMM_WORLD.getGroup());
            this.localSize = inter.getSize();
        }

        int[] mine(final int count)
        {
            final int[] a = new int[count];
            for (int j = 0; j < count; j++)
            {
                a[j] = v(world, j);
            }
            return a;
        }
    }

    private static int[] guarded(final int n)
    {
        final int[] a = new int[n + 1];
        Arrays.fill(a, GUARD);
        return a;
    }

    private static View open(final int rank)
    {
        final Intracomm w = MPI.COMM_WORLD;
        final Intracomm half = w.split(rank % 2, rank);
        final Intercomm inter = w.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 17);
        half.free();
        return new View(inter, rank);
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldBroadcastReduceAndBarrierBetweenTheGroups(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final View x = open(rank);
            final Comm c = x.comm;
            c.barrier();
            for (final boolean evensRoot : new boolean[] {true, false})
            {
                final boolean rootSide = evensRoot == x.even;
                final int root = rootSide ? x.me == 0 ? MPI.ROOT : MPI.PROC_NULL : 0;
                // bcast of a strided (vector) type: every other int of 6
                final Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
                every2.commit();
                final int[] buf = root == MPI.ROOT ? new int[] {7, GUARD, 8, GUARD, 9, GUARD} : guarded(5);
                c.bcast(buf, 1, every2, root);
                if (rootSide)
                {
                    assertArrayEquals(root == MPI.ROOT ? new int[] {7, GUARD, 8, GUARD, 9, GUARD} : guarded(5), buf, "root's group untouched");
                }
                else
                {
                    assertArrayEquals(new int[] {7, GUARD, 8, GUARD, 9, GUARD}, buf, "strided bcast from the remote root");
                }
                every2.free();
                // reduce and allReduce: each side gets the other side's sum
                final int[] expect = new int[4];
                for (int j = 0; j < 4; j++)
                {
                    for (final int r : x.remote)
                    {
                        expect[j] += v(r, j);
                    }
                }
                final int[] sum = guarded(4);
                c.reduce(rootSide ? null : x.mine(4), root == MPI.ROOT ? sum : null, 4, MPI.INT, MPI.SUM, root);
                assertArrayEquals(root == MPI.ROOT ? Arrays.copyOf(expect, 5) : guarded(4), withGuardCleared(sum, root == MPI.ROOT),
                    "reduce at the root");
                final int[] all = new int[4];
                c.allReduce(x.mine(4), all, 4, MPI.INT, MPI.SUM);
                assertArrayEquals(expect, all, "allReduce: the other group's sum");
            }
            // MAXLOC over INT2 pairs: the remote group's largest value and who holds it (the lowest on a tie)
            final int[] pair = {x.world % 3, x.world};
            final int[] best = new int[2];
            c.allReduce(pair, best, 1, MPI.INT2, MPI.MAXLOC);
            int max = -1;
            int at = -1;
            for (final int r : x.remote)
            {
                if (r % 3 > max)
                {
                    max = r % 3;
                    at = r;
                }
            }
            assertEquals(max, best[0]);
            assertEquals(at, best[1]);
            x.inter.free();
        });
    }

    private static int[] withGuardCleared(final int[] a, final boolean keep)
    {
        if (keep)
        {
            assertEquals(GUARD, a[a.length - 1], "guard after the result");
            final int[] b = a.clone();
            b[b.length - 1] = 0;
            return b;
        }
        return a;
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldGatherAndScatterAcrossTheGroups(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final View x = open(rank);
            final Comm c = x.comm;
            final int m = x.remote.length;
            for (final boolean evensRoot : new boolean[] {true, false})
            {
                final boolean rootSide = evensRoot == x.even;
                final int rootLocal = rootSide ? x.localSize - 1 : m - 1;
                final int root = rootSide ? x.me == rootLocal ? MPI.ROOT : MPI.PROC_NULL : rootLocal;
                final int[] g = guarded(2 * m);
                c.gather(x.mine(2), 2, MPI.INT, root == MPI.ROOT ? g : null, 2, MPI.INT, root);
                final int[] s = guarded(2);
                final int[] blocks = new int[2 * m];
                for (int r = 0; r < m; r++)
                {
                    blocks[2 * r] = v(x.remote[r], 0);
                    blocks[2 * r + 1] = v(x.remote[r], 1);
                }
                c.scatter(root == MPI.ROOT ? blocks : null, 2, MPI.INT, rootSide ? null : s, 2, MPI.INT, root);
                if (root == MPI.ROOT)
                {
                    assertArrayEquals(Arrays.copyOf(blocks, 2 * m + 1), withGuardCleared(g, true), "gather at the root");
                }
                else if (!rootSide)
                {
                    assertArrayEquals(new int[] {v(x.world, 0), v(x.world, 1), GUARD}, s, "scatter from the remote root");
                }
                // v forms: remote rank r gives r + 1 elements, placed in reverse order
                final int[] counts = new int[m];
                final int[] displs = new int[m];
                int end = 0;
                for (int r = m - 1; r >= 0; r--)
                {
                    counts[r] = r + 1;
                    displs[r] = end;
                    end += r + 1;
                }
                final int[] gv = guarded(end);
                final int[] sv = guarded(x.me + 1);
                if (root == MPI.ROOT)
                {
                    c.gatherv(null, 0, MPI.INT, gv, counts, displs, MPI.INT, root);
                    final int[] send = new int[end];
                    for (int r = 0; r < m; r++)
                    {
                        for (int j = 0; j <= r; j++)
                        {
                            send[displs[r] + j] = v(x.remote[r], j);
                        }
                    }
                    c.scatterv(send, counts, displs, MPI.INT, null, 0, MPI.INT, root);
                    assertArrayEquals(Arrays.copyOf(send, end + 1), withGuardCleared(gv, true), "gatherv at the root");
                }
                else if (rootSide)
                {
                    c.gatherv(null, 0, MPI.INT, null, null, null, MPI.INT, root);
                    c.scatterv(null, null, null, MPI.INT, null, 0, MPI.INT, root);
                }
                else
                {
                    c.gatherv(x.mine(x.me + 1), x.me + 1, MPI.INT, root);
                    c.scatterv(sv, x.me + 1, MPI.INT, root);
                    final int[] want = guarded(x.me + 1);
                    System.arraycopy(x.mine(x.me + 1), 0, want, 0, x.me + 1);
                    assertArrayEquals(want, sv, "scatterv from the remote root");
                }
            }
            x.inter.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldAllGatherAndAllToAllWithTheOtherGroup(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final View x = open(rank);
            final Comm c = x.comm;
            final int m = x.remote.length;
            // the evens send 2 ints each, the odds 3: each side receives blocks of the other's count
            final int sc = x.even ? 2 : 3;
            final int rc = x.even ? 3 : 2;
            final int[] got = guarded(m * rc);
            c.allGather(x.mine(sc), sc, MPI.INT, got, rc, MPI.INT);
            final int[] want = guarded(m * rc);
            for (int r = 0; r < m; r++)
            {
                for (int j = 0; j < rc; j++)
                {
                    want[r * rc + j] = v(x.remote[r], j);
                }
            }
            assertArrayEquals(want, got, "allGather");
            final int[] send = new int[m * sc];
            for (int r = 0; r < m; r++)
            {
                for (int j = 0; j < sc; j++)
                {
                    send[r * sc + j] = v(x.world, 10 * r + j);
                }
            }
            final int[] a2a = guarded(m * rc);
            c.allToAll(send, sc, MPI.INT, a2a, rc, MPI.INT);
            for (int r = 0; r < m; r++)
            {
                for (int j = 0; j < rc; j++)
                {
                    assertEquals(v(x.remote[r], 10 * x.me + j), a2a[r * rc + j], "allToAll block " + r);
                }
            }
            assertEquals(GUARD, a2a[m * rc]);
            // allGatherv: local rank i sends i + 1 ints; count arrays longer than the remote group are accepted
            final int[] counts = new int[m + 2];
            final int[] displs = new int[m + 2];
            for (int r = 0; r < m; r++)
            {
                counts[r] = r + 1;
                displs[r] = r * (r + 1) / 2;
            }
            final int total = m * (m + 1) / 2;
            final int[] gv = guarded(total);
            final Request req = c.iAllGatherv(x.mine(x.me + 1), x.me + 1, MPI.INT, gv, counts, displs, MPI.INT);
            req.waitFor();
            for (int r = 0; r < m; r++)
            {
                for (int j = 0; j <= r; j++)
                {
                    assertEquals(v(x.remote[r], j), gv[displs[r] + j], "allGatherv");
                }
            }
            assertEquals(GUARD, gv[total]);
            allToAllw(x, c);
            x.inter.free();
        });
    }

    /** allToAllw: one int to each remote process, as INT at byte displacement 4 * r. */
    private static void allToAllw(final View x, final Comm c)
    {
        final int m = x.remote.length;
        final int[] ones = new int[m];
        final int[] bytes = new int[m];
        final Datatype[] types = new Datatype[m];
        final int[] send = new int[m];
        for (int r = 0; r < m; r++)
        {
            ones[r] = 1;
            bytes[r] = 4 * r;
            types[r] = MPI.INT;
            send[r] = v(x.world, r);
        }
        final int[] recv = guarded(m);
        c.allToAllw(send, ones, bytes, types, recv, ones, bytes, types);
        for (int r = 0; r < m; r++)
        {
            assertEquals(v(x.remote[r], x.me), recv[r], "allToAllw from remote rank " + r);
        }
        assertEquals(GUARD, recv[m]);
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldReduceScatterTheOtherGroupsReduction(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final View x = open(rank);
            final Comm c = x.comm;
            final int m = x.remote.length;
            // both groups reduce vectors of (evens * odds) ints; each scatters the other's result
            final int total = x.localSize * m;
            final int[] block = guarded(m);
            c.reduceScatterBlock(x.mine(total), block, m, MPI.INT, MPI.SUM);
            for (int j = 0; j < m; j++)
            {
                int s = 0;
                for (final int r : x.remote)
                {
                    s += v(r, x.me * m + j);
                }
                assertEquals(s, block[j], "reduceScatterBlock element " + j);
            }
            assertEquals(GUARD, block[m]);
            final int[] counts = new int[x.localSize];
            counts[0] = total;   // all of it to local rank 0, nothing to the others
            final int[] got = guarded(counts[x.me]);
            final Request r = c.iReduceScatter(x.mine(total), got, counts, MPI.INT, MPI.SUM);
            r.waitFor();
            for (int j = 0; j < counts[x.me]; j++)
            {
                int s = 0;
                for (final int q : x.remote)
                {
                    s += v(q, j);
                }
                assertEquals(s, got[j], "reduceScatter element " + j);
            }
            assertEquals(GUARD, got[counts[x.me]]);
            x.inter.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldOverlapNonblockingCollectivesAndRefuseWhatMpiForbids(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final View x = open(rank);
            final Comm c = x.comm;
            final int m = x.remote.length;
            final int[] b = guarded(3);
            final int[] sum = new int[3];
            final int[] g = guarded(m);
            final int root = x.even ? x.me == 0 ? MPI.ROOT : MPI.PROC_NULL : 0;
            final Request[] reqs = {
                c.iBarrier(),
                c.iBcast(x.even ? new int[] {1, 2, 3} : b, 3, MPI.INT, root),
                c.iAllReduce(x.mine(3), sum, 3, MPI.INT, MPI.SUM),
                c.iGather(x.mine(1), 1, MPI.INT, root == MPI.ROOT ? g : null, 1, MPI.INT, x.even ? root : 0),
                c.iReduce(x.mine(3), root == MPI.ROOT ? new int[3] : null, 3, MPI.INT, MPI.MAX, root),
            };
            Request.waitAll(reqs);
            if (!x.even)
            {
                assertArrayEquals(new int[] {1, 2, 3, GUARD}, b, "iBcast");
            }
            if (root == MPI.ROOT)
            {
                for (int r = 0; r < m; r++)
                {
                    assertEquals(v(x.remote[r], 0), g[r], "iGather");
                }
            }
            int s0 = 0;
            for (final int r : x.remote)
            {
                s0 += v(r, 0);
            }
            assertEquals(s0, sum[0], "iAllReduce");
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class,
                () -> c.allReduce(new int[2], 2, MPI.INT, MPI.SUM)).getErrorClass(), "no in-place form");
            assertEquals(MPI.ERR_ROOT, assertThrows(MPIException.class,
                () -> c.bcast(new int[1], 1, MPI.INT, m)).getErrorClass());
            assertEquals(MPI.ERR_ROOT, assertThrows(MPIException.class,
                () -> c.bcast(new int[1], 1, MPI.INT, -3)).getErrorClass());
            assertTrue(Intercomm.getParent().isNull(), "no process is spawned");
            final int[] after = new int[1];
            c.allReduce(x.mine(1), after, 1, MPI.INT, MPI.MIN);   // refused calls started nothing
            assertEquals(v(x.remote[0], 0), after[0]);
            x.inter.free();
        });
    }
}
