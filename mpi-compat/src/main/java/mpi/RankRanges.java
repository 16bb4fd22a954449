package mpi;

/**
 * Expands the rank triplets of {@link Group#rangeIncl} and {@link Group#rangeExcl}: each
 * {@code (first, last, stride)} names {@code first, first + stride, ...} up to {@code last}
 * (down to it for a negative stride), as MPI_GROUP_RANGE_INCL defines them.
 */
final class RankRanges
{
    private RankRanges()
    {
    }

    /** The ranks the triplets name, in order (distinctness is left to the caller). */
    static int[] expand(final int[][] ranges, final int size)
    {
        long total = 0;
        for (int i = 0; i < ranges.length; i++)
        {
            total += count(ranges[i], size, i);
        }
        if (total > size)
        {
            throw new MPIException(MPI.ERR_RANK, "ranges : " + total + " ranks (expected: distinct ranks, at most " + size + ")");
        }
        final int[] out = new int[(int)total];
        int n = 0;
        for (final int[] t : ranges)
        {
            final int c = (t[1] - t[0]) / t[2] + 1;
            for (int k = 0; k < c; k++)
            {
                out[n++] = t[0] + k * t[2];
            }
        }
        return out;
    }

    private static long count(final int[] t, final int size, final int i)
    {
        if (t == null || t.length != 3)
        {
            throw new MPIException(MPI.ERR_ARG, "ranges[" + i + "].length : " + (t == null ? "null" : Integer.toString(t.length)) +
                " (expected: 3, a triplet first, last, stride)");
        }
        Group.checkRank(t[0], size, "ranges[" + i + "][0] (first)");
        Group.checkRank(t[1], size, "ranges[" + i + "][1] (last)");
        if (t[2] == 0 || (long)(t[1] - t[0]) * t[2] < 0)
        {
            throw new MPIException(MPI.ERR_ARG, "ranges[" + i + "][2] (stride) : " + t[2] + " (expected: non-zero, leading from " +
                t[0] + " towards " + t[1] + ")");
        }
        return (t[1] - t[0]) / t[2] + 1L;
    }
}
