package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Groups and communicators made from them, after the group examples of MPI 4.1 chapter 7. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GroupTest
{
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldBuildGroupsLikeTheStandardsExamples(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Group world = MPI.COMM_WORLD.getGroup();
            final int n = world.getSize();
            assertEquals(rank, world.getRank());
            final int[] evenRanks = IntStream.range(0, n).filter(r -> r % 2 == 0).toArray();
            final Group even = world.incl(evenRanks);
            final Group odd = world.excl(evenRanks);
            assertEquals((n + 1) / 2, even.getSize());
            assertEquals(n / 2, odd.getSize());
            assertEquals(rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED, even.getRank());
            assertEquals(rank % 2 == 1 ? rank / 2 : MPI.UNDEFINED, odd.getRank());
            assertEquals(MPI.IDENT, Group.compare(even, world.rangeIncl(new int[][] {{0, n - 1, 2}})));
            assertEquals(MPI.IDENT, Group.compare(odd, world.rangeExcl(new int[][] {{0, n - 1, 2}})));
            final Group reversed = world.rangeIncl(new int[][] {{n - 1, 0, -1}});
            assertEquals(n - 1 - rank, reversed.getRank());
            assertEquals(MPI.SIMILAR, Group.compare(world, reversed));
            assertEquals(MPI.UNEQUAL, Group.compare(world, even));
            final int[] evenThenOdd = IntStream.concat(IntStream.of(evenRanks), IntStream.range(0, n).filter(r -> r % 2 == 1)).toArray();
            assertEquals(MPI.IDENT, Group.compare(Group.union(even, odd), world.incl(evenThenOdd)));
            assertEquals(n > 2 ? MPI.SIMILAR : MPI.IDENT, Group.compare(world, Group.union(even, odd)));
            assertEquals(0, Group.intersection(even, odd).getSize());
            assertEquals(MPI.IDENT, Group.compare(Group.intersection(world, even), even));
            assertEquals(MPI.IDENT, Group.compare(Group.difference(world, even), odd));
            assertEquals(MPI.IDENT, Group.compare(Group.union(even, even), even), "union keeps no duplicates");
            final int[] all = IntStream.range(0, n).toArray();
            final int[] inEven = Group.translateRanks(world, all, even);
            for (int r = 0; r < n; r++)
            {
                assertEquals(r % 2 == 0 ? r / 2 : MPI.UNDEFINED, inEven[r]);
            }
            assertArrayEquals(new int[] {n - 1, MPI.PROC_NULL}, Group.translateRanks(reversed, new int[] {0, MPI.PROC_NULL}, world));
            assertEquals(0, MPI.GROUP_EMPTY.getSize());
            assertEquals(MPI.UNDEFINED, MPI.GROUP_EMPTY.getRank());
            assertEquals(MPI.IDENT, Group.compare(MPI.GROUP_EMPTY, world.excl(all)));
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class, () -> world.incl(new int[] {0, 0})).getErrorClass());
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class, () -> world.excl(new int[] {n})).getErrorClass());
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> world.rangeIncl(new int[][] {{0, n - 1, 0}})).getErrorClass());
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> world.rangeIncl(new int[][] {{0, 1}})).getErrorClass());
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class,
                () -> world.rangeIncl(new int[][] {{0, n - 1, 1}, {0, 0, 1}})).getErrorClass());
            assertEquals(MPI.ERR_GROUP, assertThrows(MPIException.class, MPI.GROUP_EMPTY::free).getErrorClass());
            even.free();
            assertTrue(even.isNull());
            assertFalse(odd.isNull());
            assertEquals(MPI.ERR_GROUP, assertThrows(MPIException.class, even::getSize).getErrorClass());
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCreateCommunicatorsFromGroups(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Group world = w.getGroup();
            final int n = world.getSize();
            final Group even = world.rangeIncl(new int[][] {{0, n - 1, 2}});
            final Intracomm evens = w.create(even);
            assertEquals(rank % 2 != 0, evens.isNull(), "processes outside the group get MPI_COMM_NULL");
            if (rank % 2 == 0)
            {
                assertEquals(rank / 2, evens.getRank());
                final int[] sum = new int[1];
                evens.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);
                assertEquals(IntStream.range(0, n).filter(r -> r % 2 == 0).sum(), sum[0]);
                assertEquals(MPI.IDENT, Group.compare(even, evens.getGroup()));
                evens.free();
            }
            final Group mine = world.rangeIncl(new int[][] {{rank % 2, n - 1 - ((n - 1 - rank % 2) % 2), 2}});
            final Intracomm half = w.create(mine);
            assertEquals(rank / 2, half.getRank(), "disjoint groups each make their own communicator");
            final int[] got = new int[half.getSize()];
            half.allGather(new int[] {rank}, 1, MPI.INT, got, 1, MPI.INT);
            for (int i = 0; i < got.length; i++)
            {
                assertEquals(2 * i + rank % 2, got[i]);
            }
            final Group reversed = world.rangeIncl(new int[][] {{n - 1, 0, -1}});
            final Intracomm backwards = w.createGroup(reversed, 5);
            assertEquals(n - 1 - rank, backwards.getRank(), "ranked in group order");
            assertEquals(MPI.SIMILAR, Comm.compare(w, backwards));
            assertEquals(MPI.CONGRUENT, Comm.compare(w, w.create(world)));
            final int[] next = new int[1];
            backwards.sendRecv(new int[] {rank}, 1, MPI.INT, (backwards.getRank() + 1) % n, 0,
                next, 1, MPI.INT, (backwards.getRank() + n - 1) % n, 0);
            assertEquals((rank + 1) % n, next[0]);
            final Group first = world.incl(new int[] {0});
            if (rank == 0)
            {
                final Intracomm alone = w.createGroup(first, 1);   // a proper subgroup: only its member takes part
                assertEquals(1, alone.getSize());
                assertEquals(0, alone.getRank());
                final int[] one = {5};
                alone.allReduce(one, 1, MPI.INT, MPI.SUM);
                assertEquals(5, one[0]);
                alone.free();
            }
            else
            {
                assertTrue(w.createGroup(first, 1).isNull());
            }
            assertEquals(MPI.ERR_TAG, assertThrows(MPIException.class, () -> w.createGroup(world, -1)).getErrorClass());
            final Group stranger = MPI.COMM_SELF.getGroup();
            assertEquals(1, stranger.getSize());
            assertEquals(0, stranger.getRank());
            w.barrier();
        });
    }
}
