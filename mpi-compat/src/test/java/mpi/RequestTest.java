package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestTest
{
    private static final Comm W = MPI.COMM_WORLD;

    /** Rank 1 sends tags 1..n to rank 0 once it receives "go" (tag 0); both ranks call this. */
    private static void senderOnGo(final int n)
    {
        W.recv(new int[0], 0, MPI.INT, 0, 0);
        for (int t = 1; t <= n; t++)
        {
            W.send(new int[] {t * 10}, 1, MPI.INT, 0, t);
        }
    }

    private static void go()
    {
        W.send(new int[0], 0, MPI.INT, 1, 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldWaitAnyAndSomeOverNullEntriesAndReportUndefinedWhenNoneIsActive(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            if (rank == 1)
            {
                senderOnGo(3);
                return;
            }
            assertEquals(MPI.UNDEFINED, Request.waitAny(new Request[] {MPI.REQUEST_NULL, null}));
            assertEquals(MPI.UNDEFINED, Request.waitAnyStatus(new Request[] {MPI.REQUEST_NULL}).getIndex());
            assertNull(Request.waitSome(new Request[] {MPI.REQUEST_NULL}));
            assertNull(Request.testSome(new Request[] {MPI.REQUEST_NULL}));
            assertEquals(MPI.UNDEFINED, Request.testAny(new Request[] {MPI.REQUEST_NULL}));
            assertTrue(Request.testAll(new Request[] {MPI.REQUEST_NULL, null}));
            final int[][] bufs = new int[3][1];
            final Request[] rs = {
                MPI.REQUEST_NULL,
                W.iRecv(bufs[0], 1, MPI.INT, 1, 1),
                W.iRecv(bufs[1], 1, MPI.INT, 1, 2),
                W.iRecv(bufs[2], 1, MPI.INT, 1, 3),
            };
            assertEquals(MPI.UNDEFINED, Request.testAny(rs), "nothing can have arrived before go");
            assertNull(Request.testAnyStatus(rs));
            assertEquals(0, Request.testSome(rs).length);
            assertEquals(0, Request.testSomeStatus(rs).length);
            assertFalse(Request.testAll(rs));
            assertNull(Request.testAllStatus(rs));
            go();
            final Status first = Request.waitAnyStatus(rs);
            assertTrue(first.getIndex() >= 1, "index " + first.getIndex());
            assertEquals(first.getIndex(), first.getTag());
            assertTrue(rs[first.getIndex()].isNull());
            int seen = 1;
            while (seen < 3)
            {
                final Status[] some = Request.waitSomeStatus(rs);
                assertNotNull(some);
                for (final Status s : some)
                {
                    assertEquals(s.getIndex(), s.getTag());
                    assertEquals(1, s.getSource());
                }
                seen += some.length;
            }
            assertEquals(3, seen);
            assertArrayEquals(new int[][] {{10}, {20}, {30}}, bufs);
            assertNull(Request.waitSome(rs), "every entry is null now");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldTestUntilCompleteWithEveryTestFamily(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            if (rank == 1)
            {
                senderOnGo(6);
                return;
            }
            final int[] b = new int[6];
            go();
            final Request one = W.iRecv(MPI.slice(b, 0), 1, MPI.INT, 1, 1);
            Status s;
            while ((s = one.testStatus()) == null)
            {
                Thread.onSpinWait();
            }
            assertEquals(1, s.getTag());
            assertTrue(one.isNull());
            assertTrue(one.test(), "a null request tests complete");
            final Request two = W.iRecv(MPI.slice(b, 1), 1, MPI.INT, 1, 2);
            while (!two.test())
            {
                Thread.onSpinWait();
            }
            final Request[] pair = {W.iRecv(MPI.slice(b, 2), 1, MPI.INT, 1, 3), W.iRecv(MPI.slice(b, 3), 1, MPI.INT, 1, 4)};
            Status[] all;
            while ((all = Request.testAllStatus(pair)) == null)
            {
                Thread.onSpinWait();
            }
            assertEquals(4, all[1].getTag());
            final Request[] more = {W.iRecv(MPI.slice(b, 4), 1, MPI.INT, 1, 5), W.iRecv(MPI.slice(b, 5), 1, MPI.INT, 1, 6)};
            int done = 0;
            while (done < 2)
            {
                final int i = Request.testAny(more);
                if (i != MPI.UNDEFINED)
                {
                    done++;
                    assertTrue(more[i].isNull());
                }
            }
            assertArrayEquals(new int[] {10, 20, 30, 40, 50, 60}, b);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldCancelAnUnmatchedReceive(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            if (rank == 0)
            {
                final int[] b = {7};
                final Request r = W.iRecv(b, 1, MPI.INT, 1, 99);
                r.cancel();
                final Status s = r.waitStatus();
                assertTrue(s.isCancelled());
                assertEquals(7, b[0]);
                final Request sent = W.iSend(new int[] {1}, 1, MPI.INT, 1, 1);
                sent.cancel();
                assertFalse(sent.waitStatus().isCancelled(), "sends complete normally");
            }
            else
            {
                W.recv(new int[1], 1, MPI.INT, 0, 1);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldLetAFreedActiveReceiveStillFillItsBuffer(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            if (rank == 0)
            {
                final int[] inPlace = new int[2];
                final boolean[] staged = new boolean[2];
                final Request a = W.iRecv(inPlace, 2, MPI.INT, 1, 1);
                final Request b = W.iRecv(staged, 2, MPI.BOOLEAN, 1, 2);
                a.free();
                b.free();
                assertTrue(a.isNull());
                assertTrue(b.isNull());
                go();
                W.recv(new int[0], 0, MPI.INT, 1, 3);
                assertArrayEquals(new int[] {4, 5}, inPlace);
                while (!staged[1])
                {
                    W.iProbe(1, 50);
                }
                assertArrayEquals(new boolean[] {false, true}, staged);
            }
            else
            {
                W.recv(new int[0], 0, MPI.INT, 0, 0);
                W.send(new int[] {4, 5}, 2, MPI.INT, 0, 1);
                W.send(new boolean[] {false, true}, 2, MPI.BOOLEAN, 0, 2);
                W.send(new int[0], 0, MPI.INT, 0, 3);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldGiveStatusesWithoutFreeingThroughGetStatus(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            if (rank == 1)
            {
                senderOnGo(1);
                return;
            }
            final int[] b = new int[1];
            final Request r = W.iRecv(b, 1, MPI.INT, 1, 1);
            assertNull(r.getStatus());
            go();
            Status s;
            while ((s = r.getStatus()) == null)
            {
                Thread.onSpinWait();
            }
            assertEquals(1, s.getTag());
            assertFalse(r.isNull(), "getStatus leaves the request");
            assertEquals(1, r.waitStatus().getTag());
            assertTrue(r.isNull());
            assertEquals(MPI.ANY_SOURCE, r.waitStatus().getSource(), "a null request waits at once with an empty status");
            assertEquals(0, r.getHandle());
            final Request[] two = {W.iSend(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0), MPI.REQUEST_NULL};
            Request.waitAll(two);
            assertTrue(Arrays.stream(two).allMatch(Request::isNull));
        });
    }
}
