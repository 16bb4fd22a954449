package io.rankwire.coll;


/**
 * The algorithm choices that depend on size and rank count, from {@link CollSettings}. Every
 * input is the same on every member of a call (counts, element type, op, job size), so all
 * members choose the same algorithm.
 */
final class Choices
{
    /** What {@code auto} uses for broadcasts from {@code bcast.largeBytes}. */
    static final CollSettings.Bcast BCAST_LARGE = CollSettings.Bcast.PIPELINE;

    private Choices()
    {
    }

    static CollSettings.Bcast bcast(final CollSettings settings, final long bytes, final int n, final int count)
    {
        if (settings.bcast != CollSettings.Bcast.AUTO)
        {
            return settings.bcast;
        }
        return bytes >= settings.bcastLargeBytes && n >= 3 && count >= n ? BCAST_LARGE : CollSettings.Bcast.BINOMIAL;
    }

    /** Whether a reduce uses Rabenseifner's algorithm: commutative ops other than MINLOC/MAXLOC only. */
    static boolean reduceRabenseifner(
        final CollSettings settings, final int count, final int elemSize, final int n, final Reduction op)
    {
        if (!op.isCommutative() || op.isPairwise() || n < 2)
        {
            return false;
        }
        switch (settings.reduce)
        {
            case RABENSEIFNER:
                return true;
            case BINOMIAL:
                return false;
            default:
                return (long)count * elemSize >= settings.reduceLargeBytes && count >= n;
        }
    }

    /**
     * The all-reduce algorithm: recursive doubling for non-commutative ops, MINLOC/MAXLOC and
     * fewer elements than ranks; otherwise the forced one, or by size the ring from
     * {@code allReduce.ringBytes}, Rabenseifner from {@code allReduce.largeBytes}.
     */
    static CollSettings.AllReduce allReduce(
        final CollSettings settings, final int count, final int elemSize, final int n, final Reduction op)
    {
        if (!op.isCommutative() || op.isPairwise())
        {
            return CollSettings.AllReduce.RECURSIVEDOUBLING;
        }
        if (settings.allReduce != CollSettings.AllReduce.AUTO)
        {
            return settings.allReduce;
        }
        final long bytes = (long)count * elemSize;
        if (count < n)
        {
            return CollSettings.AllReduce.RECURSIVEDOUBLING;
        }
        if (bytes >= settings.allReduceRingBytes)
        {
            return CollSettings.AllReduce.RING;
        }
        return bytes >= settings.allReduceLargeBytes ? CollSettings.AllReduce.RABENSEIFNER : CollSettings.AllReduce.RECURSIVEDOUBLING;
    }

    /** Whether an all-to-all exchanges pairwise: forced, or by {@code auto} from {@code allToAll.largeBytes} (largest block sent). */
    static boolean allToAllPairwise(final CollSettings settings, final long largestBlockBytes)
    {
        return settings.allToAll == CollSettings.AllToAll.PAIRWISE ||
            settings.allToAll == CollSettings.AllToAll.AUTO && largestBlockBytes >= settings.allToAllLargeBytes;
    }

    /** Whether a gather or scatter of equal blocks uses the binomial tree rather than the linear one. */
    static boolean tree(final CollSettings.Tree forced, final int smallBytes, final int count, final int elemSize, final int n)
    {
        if (n < 2)
        {
            return false;
        }
        switch (forced)
        {
            case BINOMIAL:
                return true;
            case LINEAR:
                return false;
            default:
                return n >= 3 && (long)count * elemSize < smallBytes && (long)count * n < Integer.MAX_VALUE;
        }
    }
}
