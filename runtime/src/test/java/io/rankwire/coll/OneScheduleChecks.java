package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.conformance.ArrayBuffers;

/**
 * A blocking collective and its nonblocking form run one schedule: each collective is called
 * both ways with the same inputs (doubles with fractions, so a different order of reduction
 * shows in the last bits), and this rank must have sent as many messages and got results equal
 * to the bit.
 */
final class OneScheduleChecks
{
    private static final int COUNT = 1000;
    private static final int BLOCK = 100;

    /** One call: blocking when {@code nonblocking} is false (returns null), else started (returns its request). */
    @FunctionalInterface
    private interface Call
    {
        Request call(Object out, boolean nonblocking);
    }

    private final Rankwire rw;
    private final Comm c;
    private final int n;
    private final int me;

    private OneScheduleChecks(final Rankwire rw)
    {
        this.rw = rw;
        this.c = rw.world();
        this.n = c.size();
        this.me = c.rank();
    }

    static void check(final Rankwire rw)
    {
        new OneScheduleChecks(rw).all();
    }

    private void all()
    {
        final double[] in = input(me, COUNT);
        same("allReduce", () -> new double[COUNT], (out, nb) -> nb
            ? c.iallReduce(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)
            : blocking(() -> c.allReduce(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)));
        same("reduce", () -> new double[COUNT], (out, nb) -> nb
            ? c.ireduce(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM, 1)
            : blocking(() -> c.reduce(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM, 1)));
        same("bcast", () -> me == 1 ? input(1, COUNT) : new double[COUNT], (out, nb) -> nb
            ? c.ibcast(ArrayBuffers.of(out, 0, COUNT), 1)
            : blocking(() -> c.bcast(ArrayBuffers.of(out, 0, COUNT), 1)));
        same("scan", () -> new double[COUNT], (out, nb) -> nb
            ? c.iscan(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)
            : blocking(() -> c.scan(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)));
        same("exScan", () -> new double[COUNT], (out, nb) -> nb
            ? c.iexScan(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)
            : blocking(() -> c.exScan(ArrayBuffers.of(in, 0, COUNT), ArrayBuffers.of(out, 0, COUNT), Op.SUM)));
        final double[] vector = input(me, n * BLOCK);
        same("reduceScatterBlock", () -> new double[BLOCK], (out, nb) -> nb
            ? c.ireduceScatterBlock(ArrayBuffers.of(vector, 0, BLOCK * c.size()), ArrayBuffers.of(out, 0, BLOCK), Op.SUM)
            : blocking(() -> c.reduceScatterBlock(ArrayBuffers.of(vector, 0, BLOCK * c.size()), ArrayBuffers.of(out, 0, BLOCK),
                Op.SUM)));
        final int[] counts = new int[n];
        for (int r = 0; r < n; r++)
        {
            counts[r] = BLOCK - 7 * r;
        }
        same("reduceScatter", () -> new double[BLOCK], (out, nb) -> nb
            ? c.ireduceScatter(ArrayBuffers.tail(vector, 0), ArrayBuffers.tail(out, 0), counts, Op.SUM)
            : blocking(() -> c.reduceScatter(ArrayBuffers.tail(vector, 0), ArrayBuffers.tail(out, 0), counts, Op.SUM)));
        final double[] block = input(me, BLOCK);
        same("gather", () -> new double[n * BLOCK], (out, nb) -> nb
            ? c.igather(ArrayBuffers.of(block, 0, BLOCK), ArrayBuffers.blocks(out, 0, BLOCK, c.size()), 0)
            : blocking(() -> c.gather(ArrayBuffers.of(block, 0, BLOCK), ArrayBuffers.blocks(out, 0, BLOCK, c.size()), 0)));
        same("scatter", () -> new double[BLOCK], (out, nb) -> nb
            ? c.iscatter(ArrayBuffers.blocks(vector, 0, BLOCK, c.size()), ArrayBuffers.of(out, 0, BLOCK), 0)
            : blocking(() -> c.scatter(ArrayBuffers.blocks(vector, 0, BLOCK, c.size()), ArrayBuffers.of(out, 0, BLOCK), 0)));
        same("allGather", () -> new double[n * BLOCK], (out, nb) -> nb
            ? c.iallGather(ArrayBuffers.of(block, 0, BLOCK), ArrayBuffers.blocks(out, 0, BLOCK, c.size()))
            : blocking(() -> c.allGather(ArrayBuffers.of(block, 0, BLOCK), ArrayBuffers.blocks(out, 0, BLOCK, c.size()))));
        same("allToAll", () -> new double[n * BLOCK], (out, nb) -> nb
            ? c.iallToAll(ArrayBuffers.blocks(vector, 0, BLOCK, c.size()), ArrayBuffers.blocks(out, 0, BLOCK, c.size()))
            : blocking(() -> c.allToAll(ArrayBuffers.blocks(vector, 0, BLOCK, c.size()),
                ArrayBuffers.blocks(out, 0, BLOCK, c.size()))));
    }

    private void same(final String what, final Supplier<double[]> out, final Call call)
    {
        final double[] byBlocking = out.get();
        long before = rw.stats().messagesSent();
        call.call(byBlocking, false);
        final long sentBlocking = rw.stats().messagesSent() - before;
        final double[] byNonblocking = out.get();
        before = rw.stats().messagesSent();
        call.call(byNonblocking, true).await();
        final long sentNonblocking = rw.stats().messagesSent() - before;
        assertEquals(sentBlocking, sentNonblocking, what + ": messages sent by rank " + me + ", blocking and nonblocking");
        assertTrue(Arrays.equals(byBlocking, byNonblocking), what + ": results of rank " + me + ", blocking and nonblocking");
    }

    private static Request blocking(final Runnable call)
    {
        call.run();
        return null;
    }

    /** Rank {@code rank}'s {@code count} values, with fractions. */
    private static double[] input(final int rank, final int count)
    {
        final SplittableRandom random = new SplittableRandom(1000 + rank);
        final double[] a = new double[count];
        for (int i = 0; i < count; i++)
        {
            a[i] = random.nextDouble(-1e3, 1e3);
        }
        return a;
    }
}
