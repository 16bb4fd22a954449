package io.rankwire.coll;

import static io.rankwire.coll.Data.assertSlice;
import static io.rankwire.coll.Data.input;
import static io.rankwire.coll.Data.marked;

import java.util.ArrayList;
import java.util.List;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Request;
import io.rankwire.conformance.ArrayBuffers;

/**
 * Every nonblocking collective started at once on one communicator (so a dozen schedules are
 * outstanding together, each on its own tag), completed together, and each result compared with
 * a serial computation over every rank's deterministic input. Blocks of the receive buffers
 * outside the result keep their marks.
 */
final class NbcChecks
{
    private final Comm c;
    private final int n;
    private final int me;
    private final List<Request> requests = new ArrayList<>();
    private final List<Runnable> checks = new ArrayList<>();

    NbcChecks(final Comm c)
    {
        this.c = c;
        this.n = c.size();
        this.me = c.rank();
    }

    List<Request> requests()
    {
        return requests;
    }

    /** Runs every check; call once every request completed. */
    void verify()
    {
        checks.forEach(Runnable::run);
    }

    /** Starts every nonblocking collective over {@code count} elements of {@code type} with {@code op}. */
    NbcChecks startAll(final Op op, final Class<?> type, final int count, final int seed)
    {
        reductions(op, type, count, seed);
        movers(type, count, seed + 100);
        return this;
    }

    private void reductions(final Op op, final Class<?> type, final int count, final int seed)
    {
        final Object expected = Data.reduce(op, type, 0, n, count, seed);
        final Object all = marked(type, count + 2);
        requests.add(c.iallReduce(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.of(all, 1, count), op));
        checks.add(() -> assertSlice(expected, all, 1, "iallReduce " + op + " x" + count));
        checks.add(() -> assertSlice(Data.slice(marked(type, 1), 0, 1), all, count + 1, "iallReduce guard"));
        final Object allInPlace = input(type, me, count, seed);
        requests.add(c.iallReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, count), ArrayBuffers.of(allInPlace, 0, count), op));
        checks.add(() -> assertSlice(expected, allInPlace, 0, "iallReduce in place " + op));
        final int root = n / 2;
        final Object red = marked(type, count);
        requests.add(c.ireduce(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.of(red, 0, count), op, root));
        checks.add(() -> assertSlice(me == root ? expected : marked(type, count), red, 0, "ireduce " + op + " root " + root));
        final Object redInPlace = input(type, me, count, seed);
        requests.add(c.ireduce(ArrayBuffers.of(me == root ? Comm.IN_PLACE : redInPlace, 0, count),
            ArrayBuffers.of(redInPlace, 0, count), op, root));
        checks.add(() -> assertSlice(me == root ? expected : input(type, me, count, seed), redInPlace, 0, "ireduce in place " + op));
        final Object scan = marked(type, count);
        requests.add(c.iscan(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.of(scan, 0, count), op));
        checks.add(() -> assertSlice(Data.reduce(op, type, 0, me + 1, count, seed), scan, 0, "iscan " + op));
        final Object ex = input(type, me, count, seed);
        requests.add(c.iexScan(ArrayBuffers.of(Comm.IN_PLACE, 0, count), ArrayBuffers.of(ex, 0, count), op));
        checks.add(() -> assertSlice(me == 0 ? input(type, 0, count, seed) : Data.reduce(op, type, 0, me, count, seed), ex, 0,
            "iexScan in place " + op));
        final int b = count / n - (count / n) % 4;
        final Object full = Data.reduce(op, type, 0, n, n * b, seed);
        final Object rsb = marked(type, b);
        requests.add(c.ireduceScatterBlock(ArrayBuffers.of(input(type, me, n * b, seed), 0, b * c.size()),
            ArrayBuffers.of(rsb, 0, b), op));
        checks.add(() -> assertSlice(Data.slice(full, me * b, b), rsb, 0, "ireduceScatterBlock " + op));
        final int[] counts = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++)
        {
            counts[r] = (r % 3) * 4 + b;
            total += counts[r];
        }
        int off = 0;
        for (int r = 0; r < me; r++)
        {
            off += counts[r];
        }
        final Object fullV = Data.reduce(op, type, 0, n, total, seed);
        final Object rs = input(type, me, total, seed);
        requests.add(c.ireduceScatter(ArrayBuffers.tail(Comm.IN_PLACE, 0), ArrayBuffers.tail(rs, 0), counts, op));
        final int at = off;
        checks.add(() -> assertSlice(Data.slice(fullV, at, counts[me]), rs, 0, "ireduceScatter in place " + op));
    }

    private void movers(final Class<?> type, final int count, final int seed)
    {
        final int root = n - 1;
        final Object bc = me == root ? input(type, root, count, seed) : marked(type, count);
        requests.add(c.ibcast(ArrayBuffers.of(bc, 0, count), root));
        checks.add(() -> assertSlice(input(type, root, count, seed), bc, 0, "ibcast root " + root));
        final Object gathered = marked(type, n * count + 1);
        requests.add(c.igather(ArrayBuffers.of(input(type, me, count, seed), 0, count),
            ArrayBuffers.blocks(me == root ? gathered : null, 1, count, c.size()), root));
        final Object part = marked(type, count);
        final Object whole = input(type, 7, n * count, seed);
        requests.add(c.iscatter(ArrayBuffers.blocks(me == 0 ? whole : null, 0, count, c.size()),
            ArrayBuffers.of(me == 0 ? Comm.IN_PLACE : part, 0, count), 0));
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++)
        {
            counts[r] = (count + r) % (count + 3);
            displs[r] = total + 1;
            total += counts[r] + 1;
        }
        final Object v = marked(type, total);
        requests.add(c.igatherv(ArrayBuffers.of(input(type, me, counts[me], seed), 0, counts[me]),
            ArrayBuffers.whole(me == 0 ? v : null), counts, displs, 0));
        final Object back = marked(type, counts[me]);
        final Object source = input(type, 3, total, seed);
        requests.add(c.iscatterv(ArrayBuffers.whole(me == root ? source : null), counts, displs,
            ArrayBuffers.of(back, 0, counts[me]), root));
        final Object ag = marked(type, n * count);
        requests.add(c.iallGather(ArrayBuffers.of(input(type, me, count, seed), 0, count),
            ArrayBuffers.blocks(ag, 0, count, c.size())));
        final Object agv = marked(type, total);
        System.arraycopy(input(type, me, counts[me], seed), 0, agv, displs[me], counts[me]);
        requests.add(c.iallGatherv(ArrayBuffers.of(Comm.IN_PLACE, 0, 0), ArrayBuffers.whole(agv), counts, displs));
        final Object a2a = marked(type, n * count);
        requests.add(c.iallToAll(ArrayBuffers.blocks(input(type, me, n * count, seed), 0, count, c.size()),
            ArrayBuffers.blocks(a2a, 0, count, c.size())));
        checks.add(() ->
        {
            for (int r = 0; r < n; r++)
            {
                if (me == root)
                {
                    assertSlice(input(type, r, count, seed), gathered, 1 + r * count, "igather from " + r);
                }
                if (me == 0)
                {
                    assertSlice(input(type, r, counts[r], seed), v, displs[r], "igatherv from " + r);
                }
                assertSlice(input(type, r, count, seed), ag, r * count, "iallGather from " + r);
                assertSlice(input(type, r, counts[r], seed), agv, displs[r], "iallGatherv in place from " + r);
                assertSlice(Data.slice(input(type, r, n * count, seed), me * count, count), a2a, r * count, "iallToAll from " + r);
            }
            if (me != 0)
            {
                assertSlice(Data.slice(whole, me * count, count), part, 0, "iscatter");
            }
            assertSlice(Data.slice(source, displs[me], counts[me]), back, 0, "iscatterv");
        });
        allToAllv(type, count, seed);
    }

    private void allToAllv(final Class<?> type, final int count, final int seed)
    {
        final int[] sCounts = new int[n];
        final int[] sDispls = new int[n];
        final int[] rCounts = new int[n];
        final int[] rDispls = new int[n];
        int sTotal = 0;
        int rTotal = 0;
        for (int r = 0; r < n; r++)
        {
            sCounts[r] = (me + 2 * r + count) % 5;
            sDispls[r] = sTotal;
            sTotal += sCounts[r];
            rCounts[r] = (r + 2 * me + count) % 5;
            rDispls[r] = rTotal;
            rTotal += rCounts[r];
        }
        final Object recvV = marked(type, rTotal);
        requests.add(c.iallToAllv(ArrayBuffers.whole(input(type, me, sTotal, seed)), sCounts, sDispls, ArrayBuffers.whole(recvV),
            rCounts, rDispls));
        checks.add(() ->
        {
            for (int r = 0; r < n; r++)
            {
                int off = 0;
                for (int k = 0; k < me; k++)
                {
                    off += (r + 2 * k + count) % 5;
                }
                assertSlice(Data.slice(input(type, r, off + rCounts[r], seed), off, rCounts[r]), recvV, rDispls[r], "iallToAllv from " + r);
            }
        });
    }
}
