package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Inter-communicators, from MPI 4.1 section 7.6.3's examples: the three-group pipeline (groups
 * by {@code rank % 3}, group 1 linked to groups 0 and 2, leaders the groups' lowest ranks, tags 1
 * and 12), two groups with two processes; and {@code createGroup} of a subgroup.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class IntercommTest
{
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldLinkThePipelineGroupsAndTalkAcrossThem(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int groups = Math.min(3, n);
            final int key = rank % groups;
            final Intracomm mine = w.split(key, rank);
            final List<Intercomm> links = new ArrayList<>();
            if (key == 0)
            {
                links.add(w.createIntercomm(mine, 0, 1, 1));
            }
            else if (key == 1)
            {
                links.add(w.createIntercomm(mine, 0, 0, 1));
                if (groups == 3)
                {
                    links.add(w.createIntercomm(mine, 0, 2, 12));
                }
            }
            else
            {
                links.add(w.createIntercomm(mine, 0, 1, 12));
            }
            for (final Intercomm link : links)
            {
                check(link, mine, rank, groups);
                final int[] remoteWorld = Group.translateRanks(link.getRemoteGroup(), iota(link.getRemoteSize()), w.getGroup());
                final boolean high = key > remoteWorld[0] % groups;
                final Intracomm merged = link.merge(high);
                final int[] sum = {rank};
                merged.allReduce(sum, 1, MPI.INT, MPI.SUM);
                int expected = 0;
                for (final int r : remoteWorld)
                {
                    expected += r;
                }
                for (int r = 0; r < n; r++)
                {
                    expected += r % groups == key ? r : 0;
                }
                assertEquals(expected, sum[0]);
                assertEquals(mine.getSize() + link.getRemoteSize(), merged.getSize());
                assertEquals(high ? link.getRemoteSize() + mine.getRank() : mine.getRank(), merged.getRank(), "high = false first");
                final Intercomm copy = link.iDup();
                copy.getRequest().waitFor();
                assertTrue(copy.isInter());
                exchange(copy, rank, remoteWorld, 4);
                copy.free();
                merged.free();
            }
            for (final Intercomm link : links)
            {
                link.free();
                assertTrue(link.isNull());
            }
            w.barrier();
        });
    }

    private static void check(final Intercomm link, final Intracomm mine, final int rank, final int groups)
    {
        assertTrue(link.isInter());
        assertFalse(mine.isInter());
        assertEquals(mine.getSize(), link.getSize());
        assertEquals(mine.getRank(), link.getRank());
        final Group remote = link.getRemoteGroup();
        assertEquals(remote.getSize(), link.getRemoteSize());
        assertEquals(MPI.UNDEFINED, remote.getRank(), "this process is not in the remote group");
        final int[] remoteWorld = Group.translateRanks(remote, iota(remote.getSize()), MPI.COMM_WORLD.getGroup());
        for (int i = 0; i < remoteWorld.length; i++)
        {
            assertEquals(remoteWorld[0] % groups, remoteWorld[i] % groups, "remote members share a key");
            assertTrue(remoteWorld[i] % groups != rank % groups, "remote members are of another group");
        }
        assertEquals(MPI.IDENT, Group.compare(link.getGroup(), mine.getGroup()));
        exchange(link, rank, remoteWorld, 3);
        assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class,
            () -> link.send(new int[1], 1, MPI.INT, link.getRemoteSize(), 3)).getErrorClass());
        link.barrier();   // a collective between the two groups
    }

    /** Every process sends its world rank to every remote process and receives one from each (ANY_SOURCE). */
    private static void exchange(final Intercomm link, final int rank, final int[] remoteWorld, final int tag)
    {
        final Request[] sends = new Request[link.getRemoteSize()];
        for (int r = 0; r < sends.length; r++)
        {
            sends[r] = link.iSend(new int[] {rank}, 1, MPI.INT, r, tag);
        }
        final boolean[] seen = new boolean[remoteWorld.length];
        for (int r = 0; r < remoteWorld.length; r++)
        {
            final int[] got = new int[1];
            final Status st = link.recv(got, 1, MPI.INT, MPI.ANY_SOURCE, tag);
            assertEquals(remoteWorld[st.getSource()], got[0], "the status names the sender's rank in the remote group");
            assertFalse(seen[st.getSource()]);
            seen[st.getSource()] = true;
        }
        Request.waitAll(sends);
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCreateACommunicatorOfASubgroupWithOnlyItsMembers(final String transport, final int n)
    {
        MpiJob.run(n, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Group all = w.getGroup();
            final Group tail = all.excl(new int[] {0});   // MPI 4.1 Example 7.x: every process but 0
            if (rank != 0)
            {
                final Intracomm c = w.createGroup(tail, 5);
                assertEquals(n - 1, c.getSize());
                assertEquals(rank - 1, c.getRank());
                final int[] s = {rank};
                c.allReduce(s, 1, MPI.INT, MPI.SUM);
                assertEquals(n * (n - 1) / 2, s[0]);
                c.free();
            }
            else
            {
                assertTrue(w.createGroup(tail, 5).isNull());   // not a member: no communication
            }
            final Group reversed = all.incl(reversed(n));
            final Intracomm r = w.createGroup(reversed, 6);
            assertEquals(n - 1 - rank, r.getRank());
            assertArrayEquals(new int[] {n - 1}, Group.translateRanks(r.getGroup(), new int[] {0}, all));
            r.free();
        });
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

    private static int[] reversed(final int n)
    {
        final int[] a = new int[n];
        for (int i = 0; i < n; i++)
        {
            a[i] = n - 1 - i;
        }
        return a;
    }
}
