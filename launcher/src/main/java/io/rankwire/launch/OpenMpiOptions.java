package io.rankwire.launch;

import java.io.PrintStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Open MPI's mapping options: {@code -N}/{@code --npernode N} and its equal
 * {@code --map-by ppr:N:node} set how many ranks each host runs; other {@code --map-by} policies
 * are accepted so that {@code mpirun} command lines run unchanged, with one warning line, and have
 * no effect ({@code --bind-to} is {@link CpuBinding}'s, {@code --mca} {@link McaTransports}').
 */
final class OpenMpiOptions
{
    private static final Pattern PPR_NODE = Pattern.compile("ppr:([0-9]+):node(?::.*)?");

    private OpenMpiOptions()
    {
    }

    /**
     * The ranks per host {@code -N} or {@code --map-by ppr:N:node} ask for; 0 when neither does.
     *
     * @throws IllegalArgumentException for a count out of range, or the two given with different counts
     */
    static int perNode(final Integer npernode, final String mapBy)
    {
        final Matcher m = mapBy == null ? null : PPR_NODE.matcher(mapBy);
        final Integer ppr = m != null && m.matches() ? parse(m.group(1), "--map-by", mapBy) : null;
        if (npernode != null && (npernode < 1 || npernode > Rwrun.MAX_RANKS))
        {
            throw new IllegalArgumentException("invalid value for -N: '" + npernode + "' (expected: 1.." +
                Rwrun.MAX_RANKS + ")");
        }
        if (npernode != null && ppr != null && !npernode.equals(ppr))
        {
            throw new IllegalArgumentException("-N " + npernode + " and --map-by " + mapBy +
                " disagree (expected: one of them, or the same count)");
        }
        return npernode != null ? npernode : ppr != null ? ppr : 0;
    }

    private static int parse(final String count, final String option, final String value)
    {
        final int n = count.length() > 4 ? Integer.MAX_VALUE : Integer.parseInt(count);
        if (n < 1 || n > Rwrun.MAX_RANKS)
        {
            throw new IllegalArgumentException("invalid value for " + option + ": '" + value + "' (expected: ppr:N:node " +
                "with N 1.." + Rwrun.MAX_RANKS + ")");
        }
        return n;
    }

    /**
     * Warns about a {@code --map-by} policy that has no effect.
     *
     * @param command how the launcher was called ({@code rwrun}, {@code mpirun})
     * @param mapBy   {@code --map-by}, null when not given
     */
    static void warn(final String command, final String mapBy, final PrintStream err)
    {
        if (mapBy != null && !PPR_NODE.matcher(mapBy).matches())
        {
            err.println(command + ": warning: --map-by " + mapBy + " has no effect (ranks fill each host's slots in turn)");
        }
    }
}
