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
 *       <td>{@code auto}, {@code binomial} or {@code scatterAllgather}</td></tr>
 *   <tr><td>{@code rankwire.coll.bcast.largeBytes}</td><td>{@value #BCAST_LARGE_DEFAULT}</td>
 *       <td>{@code auto} uses scatter + allgather from this size (and 3+ ranks)</td></tr>
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
 */
final class CollSettings
{
    static final String PREFIX = "rankwire.coll.";
    static final int BCAST_LARGE_DEFAULT = 32 << 20;
    static final int ALLREDUCE_LARGE_DEFAULT = 128 << 10;
    static final int ALLREDUCE_RING_DEFAULT = 1 << 20;
    static final int ALLTOALL_LARGE_DEFAULT = 128 << 10;

    enum Bcast { AUTO, BINOMIAL, SCATTERALLGATHER }

    enum AllReduce { AUTO, RECURSIVEDOUBLING, RABENSEIFNER, RING }

    enum AllToAll { AUTO, LINEAR, PAIRWISE }

    final Bcast bcast;
    final int bcastLargeBytes;
    final AllReduce allReduce;
    final int allReduceLargeBytes;
    final int allReduceRingBytes;
    final AllToAll allToAll;
    final int allToAllLargeBytes;

    CollSettings(final Map<String, String> settings)
    {
        bcast = choice(settings, "bcast.algorithm", Bcast.class, Bcast.AUTO);
        bcastLargeBytes = size(settings, "bcast.largeBytes", BCAST_LARGE_DEFAULT);
        allReduce = choice(settings, "allReduce.algorithm", AllReduce.class, AllReduce.AUTO);
        allReduceLargeBytes = size(settings, "allReduce.largeBytes", ALLREDUCE_LARGE_DEFAULT);
        allReduceRingBytes = size(settings, "allReduce.ringBytes", ALLREDUCE_RING_DEFAULT);
        allToAll = choice(settings, "allToAll.algorithm", AllToAll.class, AllToAll.AUTO);
        allToAllLargeBytes = size(settings, "allToAll.largeBytes", ALLTOALL_LARGE_DEFAULT);
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
