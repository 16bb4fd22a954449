package io.rankwire.coll;

import java.util.Locale;
import java.util.Map;

/**
 * Algorithm choices of the collectives, read from {@code rankwire.coll.*} settings (system
 * properties or {@code RankwireConfig.set}). See docs/COLLECTIVES.md for how the defaults were
 * measured.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code rankwire.coll.bcast.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code binomial}, {@code scatterAllgather}, {@code pipeline} (segmented
 *       chain) or {@code pipelineBinomial} (segmented binomial tree)</td></tr>
 *   <tr><td>{@code rankwire.coll.bcast.largeBytes}</td><td>{@value #BCAST_LARGE_DEFAULT}
 *       (several hosts: {@value #BCAST_LARGE_MULTIHOST})</td>
 *       <td>{@code auto} uses the segmented chain from this size (and 3+ ranks)</td></tr>
 *   <tr><td>{@code rankwire.coll.bcast.segmentBytes}</td><td>{@value #BCAST_SEGMENT_DEFAULT}</td>
 *       <td>segment size of the segmented broadcasts</td></tr>
 *   <tr><td>{@code rankwire.coll.reduce.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code binomial} or {@code rabenseifner}</td></tr>
 *   <tr><td>{@code rankwire.coll.reduce.largeBytes}</td><td>{@value #REDUCE_LARGE_DEFAULT}
 *       (several hosts: {@value #REDUCE_LARGE_MULTIHOST})</td>
 *       <td>{@code auto} uses Rabenseifner's reduce from this size (commutative ops)</td></tr>
 *   <tr><td>{@code rankwire.coll.gather.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code linear} or {@code binomial} (gather with equal blocks)</td></tr>
 *   <tr><td>{@code rankwire.coll.gather.smallBytes}</td><td>{@value #GATHER_SMALL_DEFAULT}
 *       (several hosts: {@value #GATHER_SMALL_MULTIHOST})</td>
 *       <td>{@code auto} uses the binomial tree below this block size (and 3+ ranks)</td></tr>
 *   <tr><td>{@code rankwire.coll.scatter.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code linear} or {@code binomial} (scatter with equal blocks)</td></tr>
 *   <tr><td>{@code rankwire.coll.scatter.smallBytes}</td><td>{@value #SCATTER_SMALL_DEFAULT}
 *       (several hosts: {@value #SCATTER_SMALL_MULTIHOST})</td>
 *       <td>{@code auto} uses the binomial tree below this block size (and 3+ ranks)</td></tr>
 *   <tr><td>{@code rankwire.coll.allReduce.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code recursiveDoubling}, {@code rabenseifner} or {@code ring}</td></tr>
 *   <tr><td>{@code rankwire.coll.allReduce.largeBytes}</td><td>{@value #ALLREDUCE_LARGE_DEFAULT}</td>
 *       <td>{@code auto} uses Rabenseifner from this size (commutative ops)</td></tr>
 *   <tr><td>{@code rankwire.coll.allReduce.ringBytes}</td><td>{@value #ALLREDUCE_RING_DEFAULT}</td>
 *       <td>{@code auto} uses the ring from this size (commutative ops)</td></tr>
 *   <tr><td>{@code rankwire.coll.allToAll.algorithm}</td><td>{@code auto}</td>
 *       <td>{@code auto}, {@code linear} or {@code pairwise}</td></tr>
 *   <tr><td>{@code rankwire.coll.allToAll.largeBytes}</td><td>{@value #ALLTOALL_LARGE_DEFAULT}</td>
 *       <td>{@code auto} uses pairwise exchange from this block size</td></tr>
 * </table>
 *
 * <p>Defaults depend on how many hosts the job spans, {@value #HOSTS_KEY} (set by the launcher;
 * absent means one): from 2 hosts the size switches take the values measured on a bed of hosts
 * with their own rate-limited links, else the values measured with every rank on one host
 * (docs/COLLECTIVES.md). An explicit setting always wins.
 */
final class CollSettings
{
    static final String PREFIX = "rankwire.coll.";
    static final int BCAST_LARGE_DEFAULT = 32 << 20;
    static final int ALLREDUCE_LARGE_DEFAULT = 128 << 10;
    static final int ALLREDUCE_RING_DEFAULT = 1 << 20;
    static final int ALLTOALL_LARGE_DEFAULT = 128 << 10;
    static final int BCAST_SEGMENT_DEFAULT = 128 << 10;
    static final int REDUCE_LARGE_DEFAULT = 32 << 20;
    static final int GATHER_SMALL_DEFAULT = 0;
    static final int SCATTER_SMALL_DEFAULT = 0;

    /** How many hosts the job spans; the launcher sets it (launcher's {@code Placement.HOSTS_SETTING}). */
    static final String HOSTS_KEY = "rankwire.job.hosts";
    // Several hosts (docs/COLLECTIVES.md, "On several hosts"): the segmented chain took 0.41-0.55
    // of the binomial tree's time from 1 MiB on 4 and 8 hosts with their own links; Rabenseifner's
    // reduce and the binomial gather/scatter paid off nowhere measured, so they stay off.
    static final int BCAST_LARGE_MULTIHOST = 1 << 20;
    static final int REDUCE_LARGE_MULTIHOST = REDUCE_LARGE_DEFAULT;
    static final int GATHER_SMALL_MULTIHOST = GATHER_SMALL_DEFAULT;
    static final int SCATTER_SMALL_MULTIHOST = SCATTER_SMALL_DEFAULT;

    enum Bcast { AUTO, BINOMIAL, SCATTERALLGATHER, PIPELINE, PIPELINEBINOMIAL }

    enum Reduce { AUTO, BINOMIAL, RABENSEIFNER }

    /** Gather and scatter with equal blocks. */
    enum Tree { AUTO, LINEAR, BINOMIAL }

    enum AllReduce { AUTO, RECURSIVEDOUBLING, RABENSEIFNER, RING }

    enum AllToAll { AUTO, LINEAR, PAIRWISE }

    /** The hosts the job spans, 1 when unknown. */
    final int hosts;
    final Bcast bcast;
    final int bcastLargeBytes;
    final AllReduce allReduce;
    final int allReduceLargeBytes;
    final int allReduceRingBytes;
    final AllToAll allToAll;
    final int allToAllLargeBytes;
    final int bcastSegmentBytes;
    final Reduce reduce;
    final int reduceLargeBytes;
    final Tree gather;
    final int gatherSmallBytes;
    final Tree scatter;
    final int scatterSmallBytes;

    CollSettings(final Map<String, String> settings)
    {
        hosts = hosts(settings);
        final boolean multiHost = hosts > 1;
        bcast = choice(settings, "bcast.algorithm", Bcast.class, Bcast.AUTO);
        bcastLargeBytes = size(settings, "bcast.largeBytes", multiHost ? BCAST_LARGE_MULTIHOST : BCAST_LARGE_DEFAULT);
        allReduce = choice(settings, "allReduce.algorithm", AllReduce.class, AllReduce.AUTO);
        allReduceLargeBytes = size(settings, "allReduce.largeBytes", ALLREDUCE_LARGE_DEFAULT);
        allReduceRingBytes = size(settings, "allReduce.ringBytes", ALLREDUCE_RING_DEFAULT);
        allToAll = choice(settings, "allToAll.algorithm", AllToAll.class, AllToAll.AUTO);
        allToAllLargeBytes = size(settings, "allToAll.largeBytes", ALLTOALL_LARGE_DEFAULT);
        bcastSegmentBytes = Math.max(1, size(settings, "bcast.segmentBytes", BCAST_SEGMENT_DEFAULT));
        reduce = choice(settings, "reduce.algorithm", Reduce.class, Reduce.AUTO);
        reduceLargeBytes = size(settings, "reduce.largeBytes", multiHost ? REDUCE_LARGE_MULTIHOST : REDUCE_LARGE_DEFAULT);
        gather = choice(settings, "gather.algorithm", Tree.class, Tree.AUTO);
        gatherSmallBytes = size(settings, "gather.smallBytes", multiHost ? GATHER_SMALL_MULTIHOST : GATHER_SMALL_DEFAULT);
        scatter = choice(settings, "scatter.algorithm", Tree.class, Tree.AUTO);
        scatterSmallBytes = size(settings, "scatter.smallBytes", multiHost ? SCATTER_SMALL_MULTIHOST : SCATTER_SMALL_DEFAULT);
    }

    private static int hosts(final Map<String, String> settings)
    {
        final String v = settings.get(HOSTS_KEY);
        if (v == null)
        {
            return 1;
        }
        final int n;
        try
        {
            n = Integer.parseInt(v.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(HOSTS_KEY + " : " + v + " (expected: an integer >= 1)", ex);
        }
        if (n < 1)
        {
            throw new IllegalArgumentException(HOSTS_KEY + " : " + n + " (expected: >= 1)");
        }
        return n;
    }

    private static <E extends Enum<E>> E choice(
        final Map<String, String> settings, final String key, final Class<E> type, final E dflt)
    {
        final String v = settings.get(PREFIX + key);
        if (v == null)
        {
            return dflt;
        }
        try
        {
            return Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(PREFIX + key + " : " + v + " (expected: one of " +
                java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT) + ")", ex);
        }
    }

    private static int size(final Map<String, String> settings, final String key, final int dflt)
    {
        final String v = settings.get(PREFIX + key);
        if (v == null)
        {
            return dflt;
        }
        final int n;
        try
        {
            n = Integer.parseInt(v.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(PREFIX + key + " : " + v + " (expected: an integer >= 0)", ex);
        }
        if (n < 0)
        {
            throw new IllegalArgumentException(PREFIX + key + " : " + n + " (expected: >= 0)");
        }
        return n;
    }
}
