package io.rankwire.coll;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;

/**
 * Algorithm choices of the collectives, read from {@code rankwire.coll.*} settings (system
 * properties or {@code RankwireConfig.set}), each declared once below; docs/SETTINGS.md lists
 * them, docs/COLLECTIVES.md says how the defaults were measured.
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

    static final Setting<Integer> HOSTS = Setting.integer(HOSTS_KEY, 1, 1, 1 << 20,
        "hosts the job spans (set by the launcher); from 2 the collectives' several-host defaults apply");
    static final Setting<Bcast> BCAST = Setting.choice(PREFIX + "bcast.algorithm", Bcast.AUTO,
        "broadcast algorithm; pipeline: segmented chain, pipelineBinomial: segmented binomial tree",
        "auto", "binomial", "scatterAllgather", "pipeline", "pipelineBinomial");
    static final Setting<Integer> BCAST_LARGE = hostDependent(Setting.bytes(PREFIX + "bcast.largeBytes",
        BCAST_LARGE_DEFAULT, 0, Integer.MAX_VALUE, "auto uses the segmented chain from this size (and 3+ ranks)"),
        BCAST_LARGE_MULTIHOST);
    static final Setting<Integer> BCAST_SEGMENT = Setting.bytes(PREFIX + "bcast.segmentBytes", BCAST_SEGMENT_DEFAULT, 1,
        Integer.MAX_VALUE, "segment size of the segmented broadcasts");
    static final Setting<Reduce> REDUCE = Setting.choice(PREFIX + "reduce.algorithm", Reduce.AUTO,
        "reduce algorithm", "auto", "binomial", "rabenseifner");
    static final Setting<Integer> REDUCE_LARGE = hostDependent(Setting.bytes(PREFIX + "reduce.largeBytes",
        REDUCE_LARGE_DEFAULT, 0, Integer.MAX_VALUE, "auto uses Rabenseifner's reduce from this size (commutative ops)"),
        REDUCE_LARGE_MULTIHOST);
    static final Setting<Tree> GATHER = Setting.choice(PREFIX + "gather.algorithm", Tree.AUTO,
        "gather algorithm (gather with equal blocks)", "auto", "linear", "binomial");
    static final Setting<Integer> GATHER_SMALL = hostDependent(Setting.bytes(PREFIX + "gather.smallBytes",
        GATHER_SMALL_DEFAULT, 0, Integer.MAX_VALUE, "auto uses the binomial tree below this block size (and 3+ ranks); 0: never"),
        GATHER_SMALL_MULTIHOST);
    static final Setting<Tree> SCATTER = Setting.choice(PREFIX + "scatter.algorithm", Tree.AUTO,
        "scatter algorithm (scatter with equal blocks)", "auto", "linear", "binomial");
    static final Setting<Integer> SCATTER_SMALL = hostDependent(Setting.bytes(PREFIX + "scatter.smallBytes",
        SCATTER_SMALL_DEFAULT, 0, Integer.MAX_VALUE, "auto uses the binomial tree below this block size (and 3+ ranks); 0: never"),
        SCATTER_SMALL_MULTIHOST);
    static final Setting<AllReduce> ALLREDUCE = Setting.choice(PREFIX + "allReduce.algorithm", AllReduce.AUTO,
        "all-reduce algorithm", "auto", "recursiveDoubling", "rabenseifner", "ring");
    static final Setting<Integer> ALLREDUCE_LARGE = Setting.bytes(PREFIX + "allReduce.largeBytes", ALLREDUCE_LARGE_DEFAULT,
        0, Integer.MAX_VALUE, "auto uses Rabenseifner's all-reduce from this size (commutative ops)");
    static final Setting<Integer> ALLREDUCE_RING = Setting.bytes(PREFIX + "allReduce.ringBytes", ALLREDUCE_RING_DEFAULT,
        0, Integer.MAX_VALUE, "auto uses the ring from this size (commutative ops)");
    static final Setting<AllToAll> ALLTOALL = Setting.choice(PREFIX + "allToAll.algorithm", AllToAll.AUTO,
        "all-to-all algorithm", "auto", "linear", "pairwise");
    static final Setting<Integer> ALLTOALL_LARGE = Setting.bytes(PREFIX + "allToAll.largeBytes", ALLTOALL_LARGE_DEFAULT,
        0, Integer.MAX_VALUE, "auto uses pairwise exchange from this block size");

    /** Every setting the collectives read, in the order docs/SETTINGS.md lists them. */
    static final List<Setting<?>> ALL = List.of(BCAST, BCAST_LARGE, BCAST_SEGMENT, REDUCE, REDUCE_LARGE, GATHER,
        GATHER_SMALL, SCATTER, SCATTER_SMALL, ALLREDUCE, ALLREDUCE_LARGE, ALLREDUCE_RING, ALLTOALL, ALLTOALL_LARGE, HOSTS);

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
        hosts = HOSTS.read(settings);
        final boolean multiHost = hosts > 1;
        bcast = BCAST.read(settings);
        bcastLargeBytes = BCAST_LARGE.read(settings, multiHost ? BCAST_LARGE_MULTIHOST : BCAST_LARGE_DEFAULT);
        allReduce = ALLREDUCE.read(settings);
        allReduceLargeBytes = ALLREDUCE_LARGE.read(settings);
        allReduceRingBytes = ALLREDUCE_RING.read(settings);
        allToAll = ALLTOALL.read(settings);
        allToAllLargeBytes = ALLTOALL_LARGE.read(settings);
        bcastSegmentBytes = BCAST_SEGMENT.read(settings);
        reduce = REDUCE.read(settings);
        reduceLargeBytes = REDUCE_LARGE.read(settings, multiHost ? REDUCE_LARGE_MULTIHOST : REDUCE_LARGE_DEFAULT);
        gather = GATHER.read(settings);
        gatherSmallBytes = GATHER_SMALL.read(settings, multiHost ? GATHER_SMALL_MULTIHOST : GATHER_SMALL_DEFAULT);
        scatter = SCATTER.read(settings);
        scatterSmallBytes = SCATTER_SMALL.read(settings, multiHost ? SCATTER_SMALL_MULTIHOST : SCATTER_SMALL_DEFAULT);
    }

    /** {@code s} with its default described for one host and for several when they differ (read with both). */
    private static Setting<Integer> hostDependent(final Setting<Integer> s, final int severalHosts)
    {
        final int oneHost = s.defaultValue();
        return oneHost == severalHosts ? s :
            s.withDefault(s.format(oneHost) + " (several hosts: " + s.format(severalHosts) + ")");
    }
}
