package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code MPI_COMM_IDUP} (MPI 4.1 section 7.4.2): a nonblocking duplicate, started in the order of
 * the parent's other collectives and usable once its request completed. The request completes
 * through progress like any other (waits and tests beside other requests, the progress thread),
 * and the call never waits for the other members. On every transport with 2, 3 and 4 processes.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class IdupTest
{
    /**
     * A library's start-up as the standard motivates MPI_COMM_IDUP: the duplicate is started, the
     * parent goes on with nonblocking collectives before anything is waited for, and every request
     * is completed by one waitAll.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldStartADuplicateThenOtherNonblockingCollectivesBeforeWaiting(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm lib = w.iDup();
            final int[] sum = {rank + 1};
            final Request reduce = w.iAllReduce(sum, 1, MPI.INT, MPI.SUM);
            final Request barrier = w.iBarrier();
            final int[] root = {rank == 0 ? 17 : 0};
            final Request bcast = w.iBcast(root, 1, MPI.INT, 0);
            Request.waitAll(new Request[] {bcast, lib.getRequest(), barrier, reduce});
            assertEquals(n * (n + 1) / 2, sum[0]);
            assertEquals(17, root[0]);
            assertTrue(lib.getRequest().isNull(), "completed by the wait");
            assertEquals(MPI.CONGRUENT, Comm.compare(w, lib));
            assertEquals(rank, lib.getRank());
            final int[] onLib = {rank == n - 1 ? 5 : 0};
            lib.bcast(onLib, 1, MPI.INT, n - 1);
            assertEquals(5, onLib[0]);
            lib.free();
        });
    }

    /**
     * Several duplicates in flight at once, on the world and on a split of it, waited for in
     * reverse order: each is its own communicator (a message on one never matches a receive on
     * another, with the same source and tag).
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldKeepSeveralDuplicatesInFlightApart(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm half = w.split(rank % 2, rank);
            final Intracomm[] d = {w.iDup(), half.iDup(), w.iDup(), w.iDup()};
            for (int i = d.length - 1; i >= 0; i--)
            {
                d[i].getRequest().waitFor();
            }
            assertEquals(half.getSize(), d[1].getSize());
            final int right = (rank + 1) % n;
            final int left = (rank + n - 1) % n;
            final Intracomm[] ring = {d[0], d[2], d[3], w};
            for (int i = 0; i < ring.length; i++)
            {
                ring[i].send(new int[] {100 * i + rank}, 1, MPI.INT, right, 3);
            }
            for (int i = ring.length - 1; i >= 0; i--)
            {
                final int[] got = new int[1];
                final Status st = ring[i].recv(got, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(100 * i + left, got[0], "communicator " + i + " got its own message");
                assertEquals(left, st.getSource());
            }
            for (final Intracomm c : d)
            {
                c.free();
            }
            half.free();
        });
    }

    /**
     * Point-to-point traffic on the parent around a duplicate in flight: receives posted before
     * it, sends after it, everything completed by one waitAll in which each rank puts the requests
     * in a different order.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldOverlapADuplicateWithPointToPointTraffic(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int right = (rank + 1) % n;
            final int left = (rank + n - 1) % n;
            final int[] fromLeft = new int[64];
            final Request recv = w.iRecv(fromLeft, 64, MPI.INT, left, 9);
            final Intracomm d = w.iDup();
            final int[] out = new int[64];
            for (int i = 0; i < out.length; i++)
            {
                out[i] = rank * 1000 + i;
            }
            final Request send = w.iSend(out, 64, MPI.INT, right, 9);
            final Request[] all = {recv, d.getRequest(), send};
            Request.waitAll(rotate(all, rank));
            for (int i = 0; i < fromLeft.length; i++)
            {
                assertEquals(left * 1000 + i, fromLeft[i]);
            }
            final int[] got = new int[1];
            d.sendRecv(new int[] {rank}, 1, MPI.INT, right, 0, got, 1, MPI.INT, left, 0);
            assertEquals(left, got[0]);
            d.free();
        });
    }

    /**
     * Every rank completes a duplicate, an all-reduce and a broadcast with testAny, each rank
     * listing them in another order, and then a second duplicate with waitAny beside an all-gather.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCompleteThroughTestAnyAndWaitAnyInEveryRanksOwnOrder(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm d = w.iDup();
            final long[] max = {rank * 3L};
            final Request reduce = w.iAllReduce(max, 1, MPI.LONG, MPI.MAX);
            final double[] value = {rank == 1 ? 2.5 : 0};
            final Request bcast = w.iBcast(value, 1, MPI.DOUBLE, 1);
            final Request[] reqs = rotate(new Request[] {d.getRequest(), reduce, bcast}, rank);
            int left = reqs.length;
            while (left > 0)
            {
                final int i = Request.testAny(reqs);
                if (i != MPI.UNDEFINED)
                {
                    assertTrue(reqs[i].isNull(), "finished by testAny");
                    left--;
                }
            }
            assertEquals(3L * (n - 1), max[0]);
            assertEquals(2.5, value[0]);
            final Intracomm e = d.iDup();
            final int[] ranks = new int[n];
            final Request gather = d.iAllGather(new int[] {rank}, 1, MPI.INT, ranks, 1, MPI.INT);
            final Request[] two = rank % 2 == 0 ? new Request[] {e.getRequest(), gather} : new Request[] {gather, e.getRequest()};
            Request.waitAny(two);
            Request.waitAll(two);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r, ranks[r]);
            }
            assertEquals(MPI.CONGRUENT, Comm.compare(d, e));
            e.free();
            d.free();
        });
    }

    /**
     * The duplicate copies the parent's attributes and hints when the call is made, and cannot be
     * used before its request completed: rank 0 starts it while the others have not, so its
     * request cannot be complete, and any use raises MPI.ERR_COMM.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCopyAttributesAtTheCallAndRefuseUseBeforeCompletion(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm parent = w.dup();
            final int key = Comm.createKeyval();
            parent.setAttr(key, "cached " + rank);
            final int[] go = new int[1];
            if (rank != 0)
            {
                w.recv(go, 1, MPI.INT, 0, 1);   // rank 0 starts first and looks at its duplicate alone
            }
            final Intracomm d = parent.iDup();
            parent.setAttr(key, "changed later");
            if (rank == 0)
            {
                assertFalse(d.isNull());
                assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, d::getRank).getErrorClass());
                assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, d::free).getErrorClass());
                assertFalse(d.getRequest().test(), "the others have not started it");
                for (int r = 1; r < n; r++)
                {
                    w.send(go, 1, MPI.INT, r, 1);
                }
            }
            d.getRequest().waitFor();
            assertEquals("cached " + rank, d.getAttr(key));
            assertEquals("changed later", parent.getAttr(key));
            d.free();
            parent.free();
            Comm.freeKeyval(key);
        });
    }

    /**
     * A duplicate of an inter-communicator in flight beside point-to-point traffic across it: the
     * even and odd ranks form the two groups; the request is completed by testAny polling.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldDuplicateAnIntercommunicatorWithoutBlocking(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm mine = w.split(rank % 2, rank);
            final Intercomm link = w.createIntercomm(mine, 0, 1 - rank % 2, 44);
            final Intercomm copy = link.iDup();
            final int peer = mine.getRank() % link.getRemoteSize();
            final Request send = link.iSend(new int[] {rank}, 1, MPI.INT, peer, 2);
            final Request[] reqs = {copy.getRequest(), send};
            int done = 0;
            while (done < 2)
            {
                done += Request.testAny(reqs) == MPI.UNDEFINED ? 0 : 1;
            }
            for (int r = 0; r < link.getRemoteSize(); r++)
            {
                if (r % link.getSize() == mine.getRank())
                {
                    final int[] got = new int[1];
                    link.recv(got, 1, MPI.INT, MPI.ANY_SOURCE, 2);
                    assertNotEquals(rank % 2, got[0] % 2, "from the other group");
                }
            }
            assertTrue(copy.isInter());
            assertEquals(link.getRemoteSize(), copy.getRemoteSize());
            final int[] sum = new int[1];
            copy.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);   // each group gets the other group's sum
            int other = 0;
            for (int r = 0; r < n; r++)
            {
                other += r % 2 != rank % 2 ? r : 0;
            }
            assertEquals(other, sum[0]);
            copy.free();
            link.free();
            mine.free();
        });
    }

    /** With the progress thread on, a duplicate completes while the application only computes and looks. */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCompleteADuplicateOnTheProgressThread(final String transport, final int n)
    {
        MpiJob.run(n, transport, Map.of("rankwire.progressThread", "true"), rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Intracomm d = w.iDup();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!completedWithoutProgress(d))
            {
                assertTrue(System.nanoTime() < deadline, "the progress thread completes the duplicate");
                Thread.onSpinWait();
            }
            final int[] all = new int[n];
            d.allGather(new int[] {rank}, 1, MPI.INT, all, 1, MPI.INT);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r, all[r]);
            }
            assertEquals(n, d.getSize());
            d.getRequest().waitFor();
            assertTrue(d.getRequest().isNull());
            d.free();
        });
    }

    /** True once the duplicate is usable, found without making progress (getRank of an unfinished one raises ERR_COMM). */
    private static boolean completedWithoutProgress(final Intracomm d)
    {
        try
        {
            d.getRank();
            return true;
        }
        catch (final MPIException notYet)
        {
            assertEquals(MPI.ERR_COMM, notYet.getErrorClass());
            return false;
        }
    }

    private static Request[] rotate(final Request[] requests, final int by)
    {
        final Request[] out = new Request[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            out[i] = requests[(i + by) % requests.length];
        }
        return out;
    }
}
