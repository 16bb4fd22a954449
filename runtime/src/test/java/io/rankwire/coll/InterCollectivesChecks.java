package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

import io.rankwire.Comm;
import io.rankwire.Intercomm;
import io.rankwire.Op;
import io.rankwire.Request;
import io.rankwire.conformance.ArrayBuffers;

/**
 * The collectives of an inter-communicator between the even and the odd ranks of the world (MPI
 * 4.1 section 6.2.2), every one in both directions: each rank computes what every other rank
 * contributes ({@code v(world rank, j) = 1000 * world rank + j}) and checks its results, with
 * guard elements after every receive range that must stay untouched.
 */
final class InterCollectivesChecks
{
    private static final long GUARD = -7;

    private final Comm w;
    private final Intercomm inter;
    private final boolean even;
    private final int[] local;
    private final int[] remote;
    private final int me;

    private InterCollectivesChecks(final Comm w, final Intercomm inter)
    {
        this.w = w;
        this.inter = inter;
        this.even = w.rank() % 2 == 0;
        this.local = inter.localWorldRanks();
        this.remote = inter.remoteWorldRanks();
        this.me = inter.rank();
    }

    /** Runs every check; {@code entered} is shared by the job's ranks (one slot per world rank). */
    static void check(final Comm w, final AtomicIntegerArray entered)
    {
        final Comm half = w.split(w.rank() % 2, w.rank());
        final Intercomm inter = half.createIntercomm(0, half.rank() == 0 ? w : null, w.rank() % 2 == 0 ? 1 : 0, 42);
        final InterCollectivesChecks c = new InterCollectivesChecks(w, inter);
        c.barriers(entered);
        for (final int count : new int[] {0, 5, 3000})
        {
            c.bcasts(count);
            c.gathersAndScatters(count);
            c.reductions(count);
        }
        c.allGathers();
        c.allToAlls();
        c.reduceScatters();
        c.nonblocking();
        c.errors();
        inter.close();
        half.close();
        w.barrier();
    }

    static long v(final int world, final int j)
    {
        return 1000L * world + j;
    }

    private static long[] guarded(final int n)
    {
        final long[] a = new long[n + 1];
        Arrays.fill(a, GUARD);
        return a;
    }

    private long[] mine(final int n)
    {
        final long[] a = new long[n];
        for (int j = 0; j < n; j++)
        {
            a[j] = v(w.rank(), j);
        }
        return a;
    }

    /** Nobody leaves a barrier before every member of the other group entered it. */
    private void barriers(final AtomicIntegerArray entered)
    {
        for (int round = 1; round <= 3; round++)
        {
            entered.set(w.rank(), round);
            inter.barrier();
            for (final int r : remote)
            {
                assertTrue(entered.get(r) >= round, "remote world rank " + r + " entered barrier " + round);
            }
        }
    }

    /** Roots: local rank {@code k % size} of the evens, then of the odds. */
    private void bcasts(final int count)
    {
        for (final boolean evensRoot : new boolean[] {true, false})
        {
            final int rootLocal = count % (evensRoot == even ? local.length : remote.length);
            final long[] buf = guarded(count);
            if (evensRoot == even)
            {
                final boolean root = me == rootLocal;
                final long[] data = root ? Arrays.copyOf(mine(count), count + 1) : buf;
                data[count] = GUARD;
                final long[] before = data.clone();
                inter.bcast(ArrayBuffers.of(data, 0, count), root ? Intercomm.ROOT : Intercomm.PROC_NULL);
                assertArrayEquals(before, data, "bcast: the root's group is untouched");
            }
            else
            {
                inter.bcast(ArrayBuffers.of(buf, 0, count), rootLocal);
                final long[] expect = guarded(count);
                for (int j = 0; j < count; j++)
                {
                    expect[j] = v(remote[rootLocal], j);
                }
                assertArrayEquals(expect, buf, "bcast from remote rank " + rootLocal);
            }
        }
    }

    private void gathersAndScatters(final int count)
    {
        for (final boolean evensRoot : new boolean[] {true, false})
        {
            final boolean rootSide = evensRoot == even;
            final int rootLocal = (count + 1) % (rootSide ? local.length : remote.length);
            final int root = rootSide ? me == rootLocal ? Intercomm.ROOT : Intercomm.PROC_NULL : rootLocal;
            final long[] recv = guarded(remote.length * count);
            if (root == Intercomm.ROOT)
            {
                final long[] expect = guarded(remote.length * count);
                for (int r = 0; r < remote.length; r++)
                {
                    for (int j = 0; j < count; j++)
                    {
                        expect[r * count + j] = v(remote[r], j);
                    }
                }
                inter.gather(ArrayBuffers.of(null, 0, count), ArrayBuffers.blocks(recv, 0, count, inter.remoteSize()), root);
                assertArrayEquals(expect, recv, "gather at the root");
            }
            else if (!rootSide)
            {
                inter.gather(ArrayBuffers.of(mine(count), 0, count), ArrayBuffers.blocks(null, 0, count, inter.remoteSize()),
                    root);
            }
            else
            {
                inter.gather(ArrayBuffers.of(null, 0, count), ArrayBuffers.blocks(null, 0, count, inter.remoteSize()), root);
            }
            scatter(count, rootSide, root);
        }
    }

    /** The root sends {@code v(remote rank's world rank, j)} to each; the receivers check. */
    private void scatter(final int count, final boolean rootSide, final int root)
    {
        if (root == Intercomm.ROOT)
        {
            final long[] send = new long[remote.length * count];
            for (int r = 0; r < remote.length; r++)
            {
                for (int j = 0; j < count; j++)
                {
                    send[r * count + j] = v(remote[r], j);
                }
            }
            inter.scatter(ArrayBuffers.blocks(send, 0, count, inter.remoteSize()), ArrayBuffers.of(null, 0, count), root);
        }
        else if (rootSide)
        {
            inter.scatter(ArrayBuffers.blocks(null, 0, count, inter.remoteSize()), ArrayBuffers.of(null, 0, count), root);
        }
        else
        {
            final long[] recv = guarded(count);
            inter.scatter(ArrayBuffers.blocks(null, 0, count, inter.remoteSize()), ArrayBuffers.of(recv, 0, count), root);
            final long[] expect = guarded(count);
            System.arraycopy(mine(count), 0, expect, 0, count);
            assertArrayEquals(expect, recv, "scatter from remote rank " + root);
        }
    }

    private void reductions(final int count)
    {
        final Op first = Op.ofLong((a, b) -> a, false);
        final Op last = Op.ofLong((a, b) -> b, false);
        for (final Op op : new Op[] {Op.SUM, Op.MAX, first, last})
        {
            final long[] expect = guarded(count);
            for (int j = 0; j < count; j++)
            {
                long sum = 0;
                for (final int r : remote)
                {
                    sum += v(r, j);
                }
                expect[j] = op == Op.SUM ? sum : op == first ? v(remote[0], j) : v(remote[remote.length - 1], j);
            }
            final long[] all = guarded(count);
            inter.allReduce(ArrayBuffers.of(mine(count), 0, count), ArrayBuffers.of(all, 0, count), op);
            assertArrayEquals(expect, all, "allReduce of the remote group, " + op);
            final boolean evensRoot = count % 2 == 0;
            final boolean rootSide = evensRoot == even;
            final long[] recv = guarded(count);
            if (rootSide)
            {
                final boolean root = me == local.length - 1;
                inter.reduce(ArrayBuffers.of(null, 0, count), ArrayBuffers.of(root ? recv : null, 0, count), op,
                    root ? Intercomm.ROOT : Intercomm.PROC_NULL);
                assertArrayEquals(root ? expect : guarded(count), recv, "reduce at the root, " + op);
            }
            else
            {
                inter.reduce(ArrayBuffers.of(mine(count), 0, count), ArrayBuffers.of(null, 0, count), op, remote.length - 1);
            }
        }
    }

    /** Evens send 2 elements, odds 3: each side receives blocks of the other side's count. */
    private void allGathers()
    {
        final int sendCount = even ? 2 : 3;
        final int recvCount = even ? 3 : 2;
        final long[] recv = guarded(remote.length * recvCount);
        inter.allGather(ArrayBuffers.of(mine(sendCount), 0, sendCount),
            ArrayBuffers.blocks(recv, 0, recvCount, inter.remoteSize()));
        final long[] expect = guarded(remote.length * recvCount);
        for (int r = 0; r < remote.length; r++)
        {
            for (int j = 0; j < recvCount; j++)
            {
                expect[r * recvCount + j] = v(remote[r], j);
            }
        }
        assertArrayEquals(expect, recv, "allGather");
        // v form: local rank i sends i + 1 elements; blocks land in reverse order, one gap apart
        final int[] counts = new int[remote.length];
        final int[] displs = new int[remote.length];
        int at = 0;
        for (int r = remote.length - 1; r >= 0; r--)
        {
            counts[r] = r + 1;
            displs[r] = at;
            at += counts[r] + 1;
        }
        final long[] got = guarded(at);
        inter.allGatherv(ArrayBuffers.of(mine(me + 1), 0, me + 1), ArrayBuffers.whole(got), counts, displs);
        final long[] want = guarded(at);
        for (int r = 0; r < remote.length; r++)
        {
            for (int j = 0; j < counts[r]; j++)
            {
                want[displs[r] + j] = v(remote[r], j);
            }
        }
        assertArrayEquals(want, got, "allGatherv");
    }

    /** Block for remote rank r holds {@code v(my world rank, 100 * r + j)}. */
    private void allToAlls()
    {
        final int sendCount = even ? 2 : 3;
        final int recvCount = even ? 3 : 2;
        final long[] send = new long[remote.length * sendCount];
        for (int r = 0; r < remote.length; r++)
        {
            for (int j = 0; j < sendCount; j++)
            {
                send[r * sendCount + j] = v(w.rank(), 100 * r + j);
            }
        }
        final long[] recv = guarded(remote.length * recvCount);
        inter.allToAll(ArrayBuffers.blocks(send, 0, sendCount, inter.remoteSize()),
            ArrayBuffers.blocks(recv, 0, recvCount, inter.remoteSize()));
        final long[] expect = guarded(remote.length * recvCount);
        for (int r = 0; r < remote.length; r++)
        {
            for (int j = 0; j < recvCount; j++)
            {
                expect[r * recvCount + j] = v(remote[r], 100 * me + j);
            }
        }
        assertArrayEquals(expect, recv, "allToAll");
        // v form: to remote rank r go (me + r) % 3 elements; from it come (r + me) % 3
        final int[] counts = new int[remote.length];
        final int[] displs = new int[remote.length];
        int at = 0;
        for (int r = 0; r < remote.length; r++)
        {
            counts[r] = (me + r) % 3;
            displs[r] = at;
            at += counts[r];
        }
        final long[] got = guarded(at);
        inter.allToAllv(ArrayBuffers.whole(send), counts, new int[remote.length], ArrayBuffers.whole(got), counts, displs);
        final long[] want = guarded(at);
        for (int r = 0; r < remote.length; r++)
        {
            for (int j = 0; j < counts[r]; j++)
            {
                want[displs[r] + j] = v(remote[r], j);
            }
        }
        assertArrayEquals(want, got, "allToAllv (every block from the start of the send buffer)");
    }

    /**
     * Both groups reduce vectors of {@code evens * odds} elements (MPI: the same count on both
     * sides); the block form scatters blocks of the other group's size, the v form uneven blocks.
     */
    private void reduceScatters()
    {
        final int total = local.length * remote.length;
        final long[] recv = guarded(remote.length);
        inter.reduceScatterBlock(ArrayBuffers.of(mine(total), 0, remote.length * inter.size()),
            ArrayBuffers.of(recv, 0, remote.length), Op.SUM);
        final long[] expect = guarded(remote.length);
        for (int j = 0; j < remote.length; j++)
        {
            expect[j] = 0;
            for (final int r : remote)
            {
                expect[j] += v(r, me * remote.length + j);
            }
        }
        assertArrayEquals(expect, recv, "reduceScatterBlock");
        final int[] counts = new int[local.length];
        final int[] displs = new int[local.length];
        for (int i = 0; i < local.length; i++)
        {
            counts[i] = total / local.length + (i < total % local.length ? 1 : 0) + (i == 0 ? 1 : 0) - (i == local.length - 1 ? 1 : 0);
            displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
        }
        final long[] got = guarded(counts[me]);
        inter.reduceScatter(ArrayBuffers.tail(mine(total), 0), ArrayBuffers.tail(got, 0), counts, Op.SUM);
        final long[] want = guarded(counts[me]);
        for (int j = 0; j < counts[me]; j++)
        {
            want[j] = 0;
            for (final int r : remote)
            {
                want[j] += v(r, displs[me] + j);
            }
        }
        assertArrayEquals(want, got, "reduceScatter");
    }

    /** Several nonblocking collectives outstanding at once, completed together. */
    private void nonblocking()
    {
        final long[] bcast = guarded(4);
        final long[] all = guarded(6);
        final long[] gather = guarded(remote.length * 2);
        final Request b = inter.ibarrier();
        final Request c = even ? inter.ibcast(ArrayBuffers.of(mine(4), 0, 4), me == 0 ? Intercomm.ROOT : Intercomm.PROC_NULL)
            : inter.ibcast(ArrayBuffers.of(bcast, 0, 4), 0);
        final Request a = inter.iallReduce(ArrayBuffers.of(mine(6), 0, 6), ArrayBuffers.of(all, 0, 6), Op.SUM);
        final int[] twos = new int[remote.length];
        final int[] displs = new int[remote.length];
        for (int r = 0; r < remote.length; r++)
        {
            twos[r] = 2;
            displs[r] = 2 * r;
        }
        final Request g = inter.iallGatherv(ArrayBuffers.of(mine(2), 0, 2), ArrayBuffers.whole(gather), twos, displs);
        Request.waitAll(new Request[] {g, a, c, b});
        if (!even)
        {
            final long[] expect = guarded(4);
            for (int j = 0; j < 4; j++)
            {
                expect[j] = v(remote[0], j);
            }
            assertArrayEquals(expect, bcast, "ibcast");
        }
        for (int j = 0; j < 6; j++)
        {
            long sum = 0;
            for (final int r : remote)
            {
                sum += v(r, j);
            }
            assertEquals(sum, all[j], "iallReduce element " + j);
        }
        for (int r = 0; r < remote.length; r++)
        {
            assertEquals(v(remote[r], 1), gather[2 * r + 1], "iallGatherv block " + r);
        }
        assertEquals(GUARD, gather[remote.length * 2]);
    }

    private void errors()
    {
        assertThrows(IllegalArgumentException.class, () -> inter.allReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, 2),
            ArrayBuffers.of(new long[2], 0, 2), Op.SUM));
        assertThrows(IllegalArgumentException.class, () -> inter.bcast(ArrayBuffers.of(new long[2], 0, 2), remote.length));
        assertThrows(IllegalArgumentException.class, () -> inter.reduce(ArrayBuffers.of(new long[2], 0, 2),
            ArrayBuffers.of(null, 0, 2), Op.SUM, -3));
        assertThrows(IllegalArgumentException.class, () -> inter.reduceScatter(ArrayBuffers.tail(new long[2], 0),
            ArrayBuffers.tail(new long[2], 0), new int[local.length + 1], Op.SUM));
        // every check above fails before a tag is taken: the groups still agree on the next call
        final long[] after = guarded(1);
        inter.allReduce(ArrayBuffers.of(mine(1), 0, 1), ArrayBuffers.of(after, 0, 1), Op.MIN);
        assertEquals(v(remote[0], 0), after[0]);
    }
}
