package io.rankwire.coll;

import static io.rankwire.coll.Data.assertSlice;
import static io.rankwire.coll.Data.input;
import static io.rankwire.coll.Data.marked;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.CommRequest;
import io.rankwire.LocalJob;
import io.rankwire.Op;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.conformance.ArrayBuffers;

/**
 * The collectives suite every transport runs: each collective on 1..9 ranks, sizes on both sides
 * of every algorithm switch (switches forced by settings too), every op and element type,
 * in-place forms, and two communicators used at once from two threads per rank. Every rank
 * compares its results with a serial computation over all ranks' (deterministic) inputs.
 */
public abstract class CollectivesSuite
{
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);
    private static final int[] COUNTS = {0, 4, 12, 64, 1000};
    private static final int[] RANKS = {1, 2, 3, 4, 5, 6, 7, 8, 9};

    /** The transport's name. */
    protected abstract String transport();

    /** The job sizes of the all-collectives tests (override to run fewer on a slow transport). */
    protected int[] rankCounts()
    {
        return RANKS;
    }

    /** The element counts of the all-collectives tests. */
    protected int[] counts()
    {
        return COUNTS;
    }

    /** Extra {@code rankwire.*} settings for every job. */
    protected Map<String, String> settings()
    {
        return Map.of();
    }

    private void run(final int n, final Map<String, String> extra, final LocalJob.RankBody body)
    {
        final Map<String, String> all = new HashMap<>(settings());
        all.putAll(extra);
        LocalJob.run(n, transport(), new RankwireConfig().setAll(all), JOB_TIMEOUT, body);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithDefaultAlgorithms()
    {
        for (final int n : rankCounts())
        {
            run(n, Map.of(), rw -> everything(rw.world(), counts()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithLargeMessageAlgorithmsForced()
    {
        final Map<String, String> large = Map.of(
            "rankwire.coll.bcast.largeBytes", "0",
            "rankwire.coll.allReduce.largeBytes", "0",
            "rankwire.coll.allToAll.largeBytes", "0");
        for (final int n : rankCounts())
        {
            run(n, large, rw -> everything(rw.world(), counts()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithRingAllReduceAndScatterAllgatherBroadcast()
    {
        final Map<String, String> forced = Map.of(
            "rankwire.coll.bcast.algorithm", "scatterAllgather",
            "rankwire.coll.allReduce.algorithm", "ring",
            "rankwire.coll.allToAll.algorithm", "pairwise");
        for (final int n : rankCounts())
        {
            run(n, forced, rw -> everything(rw.world(), counts()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithTreeGatherScatterRabenseifnerReduceAndPipelinedBroadcast()
    {
        final Map<String, String> forced = Map.of(
            "rankwire.coll.gather.algorithm", "binomial",
            "rankwire.coll.scatter.algorithm", "binomial",
            "rankwire.coll.reduce.algorithm", "rabenseifner",
            "rankwire.coll.bcast.algorithm", "pipeline",
            "rankwire.coll.bcast.segmentBytes", "24");
        for (final int n : rankCounts())
        {
            run(n, forced, rw ->
            {
                everything(rw.world(), counts());
                final int size = rw.world().size();
                if (size % 3 == 0 || size == 8)
                {
                    reduceEveryOp(rw.world(), 1000);
                }
            });
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldBroadcastThroughASegmentedBinomialTree()
    {
        final Map<String, String> forced = Map.of(
            "rankwire.coll.bcast.algorithm", "pipelineBinomial",
            "rankwire.coll.bcast.segmentBytes", "40");
        for (final int n : rankCounts())
        {
            run(n, forced, rw ->
            {
                int seed = 0;
                for (final int count : counts())
                {
                    for (final Class<?> type : Data.TYPES)
                    {
                        bcast(rw.world(), type, count, seed++);
                    }
                }
            });
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsOnBothSidesOfEachSizeSwitch()
    {
        final Map<String, String> thresholds = Map.of(
            "rankwire.coll.bcast.largeBytes", "512",
            "rankwire.coll.bcast.segmentBytes", "96",
            "rankwire.coll.reduce.largeBytes", "512",
            "rankwire.coll.gather.smallBytes", "256",
            "rankwire.coll.scatter.smallBytes", "256");
        for (final int n : new int[] {3, 4, 7})
        {
            run(n, thresholds, rw ->
            {
                final Comm c = rw.world();
                int seed = 100;
                for (final int count : new int[] {63, 64, 65, 130})
                {
                    bcast(c, long[].class, count, seed++);
                    reduce(c, Op.SUM, double[].class, count, seed++);
                    reduce(c, Op.MAX, long[].class, count, seed++);
                    reduce(c, Op.MAXLOC, double[].class, count & ~1, seed++);
                    gatherScatter(c, int[].class, count, seed++);
                    gatherScatter(c, long[].class, count / 2, seed++);
                }
            });
        }
    }

    /**
     * Blocking calls and their nonblocking forms run one schedule each, whatever algorithm the
     * settings force: the same messages and results equal to the bit (OneScheduleChecks).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRunOneScheduleForABlockingCallAndItsNonblockingForm()
    {
        final List<Map<String, String>> forced = List.of(
            Map.of(
                "rankwire.coll.allReduce.algorithm", "ring",
                "rankwire.coll.reduce.algorithm", "rabenseifner",
                "rankwire.coll.bcast.algorithm", "pipeline",
                "rankwire.coll.bcast.segmentBytes", "64",
                "rankwire.coll.gather.algorithm", "binomial",
                "rankwire.coll.scatter.algorithm", "binomial",
                "rankwire.coll.allToAll.algorithm", "pairwise"),
            Map.of(
                "rankwire.coll.allReduce.algorithm", "rabenseifner",
                "rankwire.coll.bcast.algorithm", "scatterAllgather"),
            Map.of(
                "rankwire.coll.allReduce.algorithm", "recursiveDoubling",
                "rankwire.coll.bcast.algorithm", "pipelineBinomial",
                "rankwire.coll.bcast.segmentBytes", "64"));
        for (final Map<String, String> settings : forced)
        {
            for (final int n : new int[] {4, 5})
            {
                run(n, settings, OneScheduleChecks::check);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldCrossTheDefaultThresholdsWithLargeMessages()
    {
        for (final int n : new int[] {3, 6})
        {
            run(n, Map.of(), rw ->
            {
                final Comm c = rw.world();
                final int count = 40_000;
                bcast(c, int[].class, count, 1);
                allReduce(c, Op.SUM, double[].class, count, 7);
                allReduce(c, Op.MAX, int[].class, count, 8);
                allReduce(c, Op.SUM, double[].class, 140_000, 10);
                allToAll(c, long[].class, 1000, 9);
            });
        }
    }

    /**
     * A job on several hosts has other defaults (CollSettings): broadcasts on both sides of its
     * switch point, and the other collectives with the job's host count set.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldCrossTheMultiHostThresholdsWithTheirDefaults()
    {
        final int bcastInts = CollSettings.BCAST_LARGE_MULTIHOST / 4;
        for (final int n : new int[] {3, 8})
        {
            run(n, Map.of(CollSettings.HOSTS_KEY, Integer.toString(n)), rw ->
            {
                final Comm c = rw.world();
                int seed = 20;
                for (final int delta : new int[] {-1, 0, 1})
                {
                    bcast(c, int[].class, bcastInts + delta, seed++);
                }
                reduce(c, Op.SUM, double[].class, 40_000, seed++);
                allReduce(c, Op.SUM, double[].class, 40_000, seed++);
                gatherScatter(c, int[].class, 1000, seed++);
            });
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRunCollectivesOnTwoCommunicatorsFromTwoThreadsAtOnce()
    {
        for (final int n : new int[] {3, 4})
        {
            run(n, Map.of("rankwire.coll.allReduce.largeBytes", "256"), rw ->
            {
                final Comm a = rw.world().dup();
                final Comm b = rw.world().dup();
                final Thread t = new Thread(() -> loop(b, 1));
                final Throwable[] failure = new Throwable[1];
                t.setUncaughtExceptionHandler((th, ex) -> failure[0] = ex);
                t.start();
                loop(a, 2);
                t.join();
                if (failure[0] != null)
                {
                    throw new AssertionError("second thread failed", failure[0]);
                }
                rw.world().barrier();
            });
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldCompleteNonblockingCollectivesStartedBeforeBlockingOnes()
    {
        for (final int n : new int[] {1, 3, 5})
        {
            run(n, Map.of("rankwire.coll.allReduce.largeBytes", "64"), rw ->
            {
                final Comm c = rw.world();
                final int me = c.rank();
                final Request barrier = c.ibarrier();
                final Object bc = me == 1 % n ? input(long[].class, 1 % n, 300, 5) : marked(long[].class, 300);
                final Request bcast = c.ibcast(ArrayBuffers.of(bc, 0, 300), 1 % n);
                final Object sum = marked(double[].class, 500);
                final Request ar = c.iallReduce(ArrayBuffers.of(input(double[].class, me, 500, 6), 0, 500),
                    ArrayBuffers.of(sum, 0, 500), Op.SUM);
                allReduce(c, Data.MATMUL, long[].class, 16, 7);
                Request.waitAll(barrier, bcast, ar);
                assertSlice(input(long[].class, 1 % n, 300, 5), bc, 0, "ibcast");
                assertSlice(Data.reduce(Op.SUM, double[].class, 0, n, 500, 6), sum, 0, "iallReduce");
            });
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldProgressANonblockingBroadcastWhileTheRootBlocksInARecv()
    {
        run(4, Map.of(), rw ->
        {
            final Comm c = rw.world();
            final int[] buf = c.rank() == 0 ? new int[] {7, 8, 9} : new int[3];
            final Request r = c.ibcast(ArrayBuffers.of(buf, 0, 3), 0);
            if (c.rank() == 0)
            {
                final int[] got = new int[1];
                c.recv(MessageBuffer.of(got, 0, 1), 3, 11);
                assertSlice(new int[] {1}, got, 0, "message sent after the broadcast");
                r.await();
            }
            else
            {
                r.await();
                if (c.rank() == 3)
                {
                    c.send(MessageBuffer.of(new int[] {1}, 0, 1), 0, 11);
                }
            }
            assertSlice(new int[] {7, 8, 9}, buf, 0, "ibcast");
            assertTrue(r.isDone());
        });
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithEveryNonblockingCollectiveOutstandingAtOnce()
    {
        for (final int n : rankCounts())
        {
            for (final Map<String, String> extra : List.of(Map.<String, String>of(), Map.of("rankwire.coll.allReduce.largeBytes", "0")))
            {
                run(n, extra, rw ->
                {
                    final Comm c = rw.world();
                    int seed = 40;
                    for (final int count : counts())
                    {
                        final NbcChecks all = new NbcChecks(c)
                            .startAll(Op.SUM, double[].class, count, seed++)
                            .startAll(Op.MAX, int[].class, count, seed++)
                            .startAll(Data.MATMUL, long[].class, count - count % 4, seed++)
                            .startAll(Op.MAXLOC, double[].class, count - count % 2, seed++);
                        Request.waitAll(all.requests().toArray(new Request[0]));
                        all.verify();
                    }
                    assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("rankwire-coll")),
                        "nonblocking collectives run without a thread of their own");
                });
            }
        }
    }

    /**
     * The nonblocking collectives take the algorithms the settings choose, as their blocking
     * forms do: every one outstanding at once with the segmented chain broadcast (cut into
     * 24-byte segments), Rabenseifner's reduce and all-reduce, binomial gather and scatter and
     * pairwise all-to-all forced, then van de Geijn's broadcast and the ring.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldMatchSerialResultsWithEveryNonblockingCollectiveOutstandingAtOnceUnderForcedAlgorithms()
    {
        final List<Map<String, String>> forced = List.of(
            Map.of(
                "rankwire.coll.bcast.algorithm", "pipeline",
                "rankwire.coll.bcast.segmentBytes", "24",
                "rankwire.coll.reduce.algorithm", "rabenseifner",
                "rankwire.coll.allReduce.algorithm", "rabenseifner",
                "rankwire.coll.gather.algorithm", "binomial",
                "rankwire.coll.scatter.algorithm", "binomial",
                "rankwire.coll.allToAll.algorithm", "pairwise"),
            Map.of(
                "rankwire.coll.bcast.algorithm", "scatterAllgather",
                "rankwire.coll.allReduce.algorithm", "ring"));
        for (final int n : new int[] {2, 3, 4, 7})
        {
            for (final Map<String, String> extra : forced)
            {
                run(n, extra, rw ->
                {
                    final Comm c = rw.world();
                    int seed = 60;
                    for (final int count : counts())
                    {
                        final NbcChecks all = new NbcChecks(c)
                            .startAll(Op.SUM, double[].class, count, seed++)
                            .startAll(Data.MATMUL, long[].class, count - count % 4, seed++)
                            .startAll(Op.MAXLOC, double[].class, count - count % 2, seed++);
                        Request.waitAll(all.requests().toArray(new Request[0]));
                        all.verify();
                    }
                });
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldCompleteNonblockingCollectivesMixedWithPointToPointThroughTestAny()
    {
        for (final int n : new int[] {2, 3, 4})
        {
            run(n, Map.of("rankwire.coll.allReduce.largeBytes", "256"), rw ->
            {
                final Comm c = rw.world();
                final int me = c.rank();
                final int right = (me + 1) % n;
                final int left = (me - 1 + n) % n;
                final NbcChecks colls = new NbcChecks(c).startAll(Op.SUM, long[].class, 3000, 9);
                final long[] fromLeft = new long[5000];
                final List<Request> all = new ArrayList<>();
                all.add(c.irecv(MessageBuffer.of(fromLeft, 0, fromLeft.length), left, 3));
                all.addAll(colls.requests());
                all.add(c.isend(MessageBuffer.of((long[])input(long[].class, me, 5000, 8), 0, 5000), right, 3));
                final Request[] pending = all.toArray(new Request[0]);
                int left2 = pending.length;
                while (left2 > 0)
                {
                    final int i = Request.testAny(pending);
                    if (i >= 0)
                    {
                        pending[i] = c.ibarrier();   // done: replaced by a new collective, awaited below
                        pending[i].await();
                        left2--;
                    }
                }
                colls.verify();
                assertSlice(input(long[].class, left, 5000, 8), fromLeft, 0, "point-to-point between collectives");
            });
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldProgressANonblockingAllReduceWhileTheApplicationWaitsOnAnotherRequest()
    {
        for (final int n : new int[] {2, 3, 4})
        {
            run(n, Map.of("rankwire.coll.allReduce.largeBytes", "0"), rw ->
            {
                final Comm c = rw.world();
                final double[] sum = new double[4096];
                final Request ar = c.iallReduce(ArrayBuffers.of(input(double[].class, c.rank(), 4096, 3), 0, 4096),
                    ArrayBuffers.of(sum, 0, 4096), Op.SUM);
                final int[] token = new int[1];
                if (c.rank() == 0)
                {
                    // Rank n-1 sends only once its allReduce is done, and its result holds the block
                    // rank 0 sends in a later round (after its reduce-scatter rounds): without progress
                    // of rank 0's schedule inside this recv, the token never comes and the test times
                    // out. Rank 0's own last messages may still be in flight when the token arrives
                    // (nothing orders them before it), so its request is awaited, not asserted done.
                    c.recv(MessageBuffer.of(token, 0, 1), n - 1, 12);
                    ar.await();
                }
                else
                {
                    ar.await();
                    if (c.rank() == n - 1)
                    {
                        c.send(MessageBuffer.of(token, 0, 1), 0, 12);
                    }
                }
                assertSlice(Data.reduce(Op.SUM, double[].class, 0, n, 4096, 3), sum, 0, "iallReduce");
            });
        }
    }

    /**
     * Duplicates started with idup complete through the progress thread alone: every rank starts
     * three (two on the world, one on a split half) beside an iallReduce, and only waits on the
     * requests' futures, which no application thread drives.
     */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void shouldCompleteNonblockingDuplicatesThroughTheProgressThreadAlone()
    {
        for (final int n : new int[] {2, 3, 4})
        {
            run(n, Map.of("rankwire.progressThread", "true"), rw ->
            {
                final Comm w = rw.world();
                final Comm half = w.split(w.rank() % 2, 0);
                final CommRequest<Comm> first = w.idup();
                final int[] sum = {w.rank()};
                final Request ar = w.iallReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, 1), ArrayBuffers.of(sum, 0, 1), Op.SUM);
                final CommRequest<Comm> second = w.idup();
                final CommRequest<Comm> third = half.idup();
                third.toFuture().get(60, TimeUnit.SECONDS);
                second.toFuture().get(60, TimeUnit.SECONDS);
                ar.toFuture().get(60, TimeUnit.SECONDS);
                first.toFuture().get(60, TimeUnit.SECONDS);
                assertEquals(n * (n - 1) / 2, sum[0]);
                final Comm a = first.comm();
                final Comm b = second.comm();
                assertTrue(a == first.comm() && a != b, "one communicator per request");
                assertEquals(w.rank(), a.rank());
                assertEquals(half.size(), third.comm().size());
                final int right = (w.rank() + 1) % n;
                final int left = (w.rank() + n - 1) % n;
                a.send(MessageBuffer.of(new int[] {100 + w.rank()}, 0, 1), right, 5);
                b.send(MessageBuffer.of(new int[] {200 + w.rank()}, 0, 1), right, 5);
                final int[] got = new int[1];
                b.recv(MessageBuffer.of(got, 0, 1), left, Comm.ANY_TAG);
                assertEquals(200 + left, got[0], "b's message, not a's");
                a.recv(MessageBuffer.of(got, 0, 1), left, Comm.ANY_TAG);
                assertEquals(100 + left, got[0]);
                a.close();
                b.close();
                third.comm().close();
                half.close();
            });
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRejectBadArgumentsOfNonblockingCollectivesBeforeStartingThem()
    {
        run(3, Map.of(), rw ->
        {
            final Comm c = rw.world();
            assertThrows(IllegalArgumentException.class, () -> c.ireduce(ArrayBuffers.of(new int[4], 0, 4),
                ArrayBuffers.of(new int[4], 0, 4), Op.SUM, 3));
            assertThrows(IllegalArgumentException.class, () -> c.igather(ArrayBuffers.of(new int[4], 0, 4),
                ArrayBuffers.blocks(new long[12], 0, 4, c.size()), c.rank()));
            assertThrows(IllegalArgumentException.class, () -> c.iallToAllv(ArrayBuffers.whole(new int[4]), new int[2],
                new int[2], ArrayBuffers.whole(new int[4]), new int[2], new int[2]));
            assertThrows(IllegalArgumentException.class, () -> c.iscan(ArrayBuffers.of(new double[4], 0, 4),
                ArrayBuffers.of(new double[4], 0, 4), Op.BXOR));
            assertThrows(IllegalArgumentException.class, () -> c.ireduceScatter(ArrayBuffers.tail(new int[4], 0),
                ArrayBuffers.tail(new int[4], 0), new int[] {1, 1}, Op.SUM));
            assertThrows(IllegalArgumentException.class, () -> c.iexScan(ArrayBuffers.of(Comm.IN_PLACE, 0, 2),
                ArrayBuffers.of(new int[2], 1, 2), Op.SUM));
            final int[] v = {c.rank() + 1};
            c.iallReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, 1), ArrayBuffers.of(v, 0, 1), Op.SUM).await();   // the failed calls took no tag
            assertSlice(new int[] {6}, v, 0, "allReduce after the rejected calls");
        });
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldCreateCommunicatorsOfSubgroupsWithOnlyTheirMembersTakingPart()
    {
        run(5, Map.of(), rw ->
        {
            final Comm w = rw.world();
            final int me = w.rank();
            final int[] members = me % 2 == 1 || me == 4 ? new int[] {4, 1, 3} : new int[] {2, 0};
            final Comm sub = w.createGroup(members, 7);   // two disjoint creations at once, same tag
            assertTrue(sub.size() == members.length, "size");
            for (int r = 0; r < members.length; r++)
            {
                assertTrue(sub.worldRank(r) == members[r], "members in the order given");
                if (members[r] == me)
                {
                    assertTrue(sub.rank() == r, "rank");
                }
            }
            final long[] sum = {me};
            sub.allReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, 1), ArrayBuffers.of(sum, 0, 1), Op.SUM);
            assertTrue(sum[0] == java.util.Arrays.stream(members).sum(), "allReduce over the new communicator");
            if (me == 1 || me == 3)
            {
                final Comm pair = w.createGroup(new int[] {3, 1}, 8);   // ranks 0, 2 and 4 not involved
                final int[] got = new int[1];
                pair.sendrecv(MessageBuffer.of(new int[] {me}, 0, 1), 1 - pair.rank(), 0, MessageBuffer.of(got, 0, 1),
                    1 - pair.rank(), 0);
                assertTrue(got[0] == 4 - me, "message on the pair");
                pair.close();
            }
            assertThrows(IllegalArgumentException.class, () -> w.createGroup(new int[] {(me + 1) % 5}, 1));
            assertThrows(IllegalArgumentException.class, () -> w.createGroup(new int[] {me, me}, 1));
            sub.close();
            w.barrier();
        });
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldTalkAcrossAnIntercommunicatorAndMergeIt()
    {
        for (final int n : new int[] {2, 3, 4, 5})
        {
            run(n, Map.of(), rw -> Intercomms.check(rw.world()));
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldExchangeWithAnyPeersInOneRound()
    {
        for (final int n : new int[] {3, 4, 5})   // left and right differ
        {
            run(n, Map.of(), rw ->
            {
                final Comm c = rw.world();
                final int me = c.rank();
                final int left = (me + n - 1) % n;
                final int right = (me + 1) % n;
                // twice to the right (two blocks, listed in that order at both ends), once to the left
                final int[] send = {10 * me, 10 * me + 1, 10 * me + 2};
                final int[] recv = {-1, -1, -1, -1};
                final Request a = c.ineighborAllToAllv(ArrayBuffers.whole(send), new int[] {right, left, right},
                    new int[] {1, 1, 1}, new int[] {0, 2, 1}, ArrayBuffers.whole(recv), new int[] {left, left, right},
                    new int[] {1, 1, 1}, new int[] {2, 0, 1});
                final int[] second = new int[1];
                final Request b = c.ineighborAllToAllv(ArrayBuffers.whole(new int[] {me}), new int[] {left}, new int[] {1},
                    new int[] {0}, ArrayBuffers.whole(second), new int[] {right}, new int[] {1}, new int[] {0});
                Request.waitAll(b, a);
                assertArrayEquals(new int[] {10 * left + 1, 10 * right + 2, 10 * left, -1}, recv, "pairs in listed order, guard untouched");
                assertEquals(right, second[0]);
                assertThrows(IllegalArgumentException.class, () -> c.ineighborAllToAllv(ArrayBuffers.whole(new int[1]),
                    new int[] {n}, new int[] {1}, new int[] {0}, ArrayBuffers.whole(new int[1]), new int[0], new int[0],
                    new int[0]));
                assertThrows(IllegalArgumentException.class, () -> c.ineighborAllToAllv(ArrayBuffers.whole(new int[1]),
                    new int[] {0}, new int[] {2}, new int[] {0}, ArrayBuffers.whole(new int[1]), new int[0], new int[0],
                    new int[0]));
                c.barrier();
            });
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldRunCollectivesBetweenTheGroupsOfAnIntercommunicator()
    {
        for (final int n : new int[] {2, 3, 4, 5})
        {
            final java.util.concurrent.atomic.AtomicIntegerArray entered = new java.util.concurrent.atomic.AtomicIntegerArray(n);
            run(n, Map.of(), rw -> InterCollectivesChecks.check(rw.world(), entered));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRejectBadArguments()
    {
        run(2, Map.of(), rw ->
        {
            final Comm c = rw.world();
            assertThrows(IllegalArgumentException.class, () -> c.bcast(ArrayBuffers.of(new int[4], 0, 4), 2));
            assertThrows(IllegalArgumentException.class, () -> c.bcast(ArrayBuffers.of("text", 0, 1), 0));
            assertThrows(IllegalArgumentException.class, () -> c.allReduce(ArrayBuffers.of(new int[4], 0, 5),
                ArrayBuffers.of(new int[4], 0, 5), Op.SUM));
            assertThrows(IllegalArgumentException.class, () -> c.allReduce(ArrayBuffers.of(new int[4], 0, 4),
                ArrayBuffers.of(new long[4], 0, 4), Op.SUM));
            assertThrows(IllegalArgumentException.class, () -> c.allReduce(ArrayBuffers.of(new double[4], 0, 4),
                ArrayBuffers.of(new double[4], 0, 4), Op.BXOR));
            assertThrows(IllegalArgumentException.class, () -> c.allReduce(ArrayBuffers.of(new int[3], 0, 3),
                ArrayBuffers.of(new int[3], 0, 3), Op.MINLOC));
            c.barrier();
        });
    }

    private static void loop(final Comm c, final int seed)
    {
        for (int i = 0; i < 30; i++)
        {
            allReduce(c, Op.SUM, double[].class, 4 + i * 37, seed + i);
            bcast(c, long[].class, 1 + i * 11, seed + i);
            allReduce(c, Data.MATMUL, long[].class, 8, seed);
        }
    }

    private static void everything(final Comm c, final int[] counts)
    {
        int seed = 0;
        for (final int count : counts)
        {
            for (final Class<?> type : Data.TYPES)
            {
                bcast(c, type, count, seed++);
                for (final Op op : Data.BUILT_INS)
                {
                    if (Data.supports(op, type))
                    {
                        allReduce(c, op, type, count, seed++);
                    }
                }
            }
            allReduce(c, Data.MATMUL, long[].class, count, seed++);
            for (final Op op : new Op[] {Op.SUM, Op.MAXLOC, Data.MATMUL})
            {
                final Class<?> type = op == Data.MATMUL ? long[].class : double[].class;
                reduce(c, op, type, count, seed++);
                scan(c, op, type, count, seed++);
                reduceScatter(c, op, type, count / 4, seed++);
            }
            for (final Class<?> type : new Class<?>[] {int[].class, double[].class})
            {
                gatherScatter(c, type, count, seed++);
                allGather(c, type, count, seed++);
                allToAll(c, type, count, seed++);
            }
        }
    }

    private static void reduceEveryOp(final Comm c, final int count)
    {
        int seed = 500;
        for (final Class<?> type : Data.TYPES)
        {
            for (final Op op : Data.BUILT_INS)
            {
                if (Data.supports(op, type))
                {
                    reduce(c, op, type, count, seed++);
                }
            }
        }
    }

    static void bcast(final Comm c, final Class<?> type, final int count, final int seed)
    {
        for (final int root : new int[] {0, c.size() - 1})
        {
            final Object rootData = input(type, root, count + 2, seed);
            final Object buf = c.rank() == root ? input(type, root, count + 2, seed) : marked(type, count + 2);
            c.bcast(ArrayBuffers.of(buf, 1, count), root);
            assertSlice(Data.slice(rootData, 1, count), buf, 1, "bcast " + type.getSimpleName() + " x" + count + " root " + root);
            final Object guard = c.rank() == root ? rootData : marked(type, count + 2);
            assertSlice(Data.slice(guard, count + 1, 1), buf, count + 1, "bcast guard");
        }
    }

    static void allReduce(final Comm c, final Op op, final Class<?> type, final int count, final int seed)
    {
        final Object expected = Data.reduce(op, type, 0, c.size(), count, seed);
        final Object recv = marked(type, count + 1);
        c.allReduce(ArrayBuffers.of(input(type, c.rank(), count, seed), 0, count), ArrayBuffers.of(recv, 1, count), op);
        assertSlice(expected, recv, 1, "allReduce " + op + " " + type.getSimpleName() + " x" + count);
        assertSlice(Data.slice(marked(type, 1), 0, 1), recv, 0, "allReduce guard");
        final Object inPlace = input(type, c.rank(), count, seed);
        c.allReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, count), ArrayBuffers.of(inPlace, 0, count), op);
        assertSlice(expected, inPlace, 0, "allReduce in place " + op);
    }

    static void reduce(final Comm c, final Op op, final Class<?> type, final int count, final int seed)
    {
        final Object expected = Data.reduce(op, type, 0, c.size(), count, seed);
        for (final int root : new int[] {0, c.size() / 2})
        {
            final Object recv = marked(type, count);
            c.reduce(ArrayBuffers.of(input(type, c.rank(), count, seed), 0, count), ArrayBuffers.of(recv, 0, count), op, root);
            assertSlice(c.rank() == root ? expected : marked(type, count), recv, 0, "reduce " + op + " root " + root);
            final Object mine = input(type, c.rank(), count, seed);
            c.reduce(ArrayBuffers.of(c.rank() == root ? Comm.IN_PLACE : mine, 0, count), ArrayBuffers.of(mine, 0, count), op,
                root);
            assertSlice(c.rank() == root ? expected : input(type, c.rank(), count, seed), mine, 0, "reduce in place " + op);
        }
    }

    static void scan(final Comm c, final Op op, final Class<?> type, final int count, final int seed)
    {
        final int me = c.rank();
        final Object recv = marked(type, count);
        c.scan(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.of(recv, 0, count), op);
        assertSlice(Data.reduce(op, type, 0, me + 1, count, seed), recv, 0, "scan " + op);
        final Object mine = input(type, me, count, seed);
        c.scan(ArrayBuffers.of(Comm.IN_PLACE, 0, count), ArrayBuffers.of(mine, 0, count), op);
        assertSlice(Data.reduce(op, type, 0, me + 1, count, seed), mine, 0, "scan in place " + op);
        final Object ex = marked(type, count);
        c.exScan(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.of(ex, 0, count), op);
        assertSlice(me == 0 ? marked(type, count) : Data.reduce(op, type, 0, me, count, seed), ex, 0, "exScan " + op);
    }

    static void reduceScatter(final Comm c, final Op op, final Class<?> type, final int block, final int seed)
    {
        final int n = c.size();
        final int me = c.rank();
        final int b = block - block % 4;
        final Object full = Data.reduce(op, type, 0, n, n * b, seed);
        final Object recv = marked(type, b);
        c.reduceScatterBlock(ArrayBuffers.of(input(type, me, n * b, seed), 0, b * c.size()), ArrayBuffers.of(recv, 0, b), op);
        assertSlice(Data.slice(full, me * b, b), recv, 0, "reduceScatterBlock " + op);
        final int[] counts = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++)
        {
            counts[r] = (r % 3) * 4 * (b > 0 ? 1 : 0) + b;
            total += counts[r];
        }
        int off = 0;
        for (int r = 0; r < me; r++)
        {
            off += counts[r];
        }
        final Object fullV = Data.reduce(op, type, 0, n, total, seed);
        final Object inPlace = input(type, me, total, seed);
        c.reduceScatter(ArrayBuffers.tail(Comm.IN_PLACE, 0), ArrayBuffers.tail(inPlace, 0), counts, op);
        assertSlice(Data.slice(fullV, off, counts[me]), inPlace, 0, "reduceScatter in place " + op);
    }

    static void gatherScatter(final Comm c, final Class<?> type, final int count, final int seed)
    {
        final int n = c.size();
        final int me = c.rank();
        for (final int root : new int[] {0, n - 1})
        {
            final Object all = marked(type, n * count);
            c.gather(ArrayBuffers.of(input(type, me, count, seed), 0, count),
                ArrayBuffers.blocks(me == root ? all : null, 0, count, c.size()), root);
            final Object inPlace = marked(type, n * count);
            if (me == root)
            {
                System.arraycopy(input(type, me, count, seed), 0, inPlace, me * count, count);
            }
            c.gather(ArrayBuffers.of(me == root ? Comm.IN_PLACE : input(type, me, count, seed), 0, count),
                ArrayBuffers.blocks(me == root ? inPlace : null, 0, count, c.size()), root);
            final Object part = marked(type, count);
            c.scatter(ArrayBuffers.blocks(me == root ? all : null, 0, count, c.size()), ArrayBuffers.of(part, 0, count), root);
            final Object partInPlace = marked(type, count);
            c.scatter(ArrayBuffers.blocks(me == root ? all : null, 0, count, c.size()),
                ArrayBuffers.of(me == root ? Comm.IN_PLACE : partInPlace, 0, count), root);
            if (me != root)
            {
                assertSlice(input(type, me, count, seed), partInPlace, 0, "scatter in place (non-root)");
            }
            if (me == root)
            {
                for (int r = 0; r < n; r++)
                {
                    assertSlice(input(type, r, count, seed), all, r * count, "gather from " + r);
                    assertSlice(input(type, r, count, seed), inPlace, r * count, "gather in place from " + r);
                }
            }
            assertSlice(input(type, me, count, seed), part, 0, "scatter");
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
            c.gatherv(ArrayBuffers.of(input(type, me, counts[me], seed), 0, counts[me]),
                ArrayBuffers.whole(me == root ? v : null), counts, displs, root);
            final Object back = marked(type, counts[me]);
            c.scatterv(ArrayBuffers.whole(me == root ? v : null), counts, displs,
                ArrayBuffers.of(me == root ? Comm.IN_PLACE : back, 0, counts[me]), root);
            if (me == root)
            {
                for (int r = 0; r < n; r++)
                {
                    assertSlice(input(type, r, counts[r], seed), v, displs[r], "gatherv from " + r);
                }
            }
            else
            {
                assertSlice(input(type, me, counts[me], seed), back, 0, "scatterv");
            }
        }
    }

    static void allGather(final Comm c, final Class<?> type, final int count, final int seed)
    {
        final int n = c.size();
        final int me = c.rank();
        final Object all = marked(type, n * count);
        c.allGather(ArrayBuffers.of(input(type, me, count, seed), 0, count), ArrayBuffers.blocks(all, 0, count, c.size()));
        final Object inPlace = marked(type, n * count);
        System.arraycopy(input(type, me, count, seed), 0, inPlace, me * count, count);
        c.allGather(ArrayBuffers.of(Comm.IN_PLACE, 0, count), ArrayBuffers.blocks(inPlace, 0, count, c.size()));
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++)
        {
            counts[r] = (count * (r + 1)) % 7 + count;
            displs[r] = total;
            total += counts[r];
        }
        final Object v = marked(type, total);
        c.allGatherv(ArrayBuffers.of(input(type, me, counts[me], seed), 0, counts[me]), ArrayBuffers.whole(v), counts, displs);
        for (int r = 0; r < n; r++)
        {
            assertSlice(input(type, r, count, seed), all, r * count, "allGather from " + r);
            assertSlice(input(type, r, count, seed), inPlace, r * count, "allGather in place from " + r);
            assertSlice(input(type, r, counts[r], seed), v, displs[r], "allGatherv from " + r);
        }
    }

    static void allToAll(final Comm c, final Class<?> type, final int count, final int seed)
    {
        final int n = c.size();
        final int me = c.rank();
        final Object recv = marked(type, n * count);
        c.allToAll(ArrayBuffers.blocks(input(type, me, n * count, seed), 0, count, c.size()),
            ArrayBuffers.blocks(recv, 0, count, c.size()));
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
        c.allToAllv(ArrayBuffers.whole(input(type, me, sTotal, seed)), sCounts, sDispls, ArrayBuffers.whole(recvV), rCounts,
            rDispls);
        for (int r = 0; r < n; r++)
        {
            assertSlice(Data.slice(input(type, r, n * count, seed), me * count, count), recv, r * count, "allToAll from " + r);
            int off = 0;
            for (int k = 0; k < me; k++)
            {
                off += (r + 2 * k + count) % 5;
            }
            assertSlice(Data.slice(input(type, r, off + rCounts[r], seed), off, rCounts[r]), recvV, rDispls[r], "allToAllv from " + r);
        }
    }
}
