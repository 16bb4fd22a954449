package io.rankwire.match;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.util.List;

import static io.rankwire.match.Envelope.ANY_SOURCE;
import static io.rankwire.match.Envelope.ANY_TAG;

/**
 * Random matching programs for the differential properties: each step is one non-negative int
 * decoded into an operation over a small envelope space (2 contexts, 3 sources, tags 0..2 and the
 * internal tags -2 and -3) so that matches, wildcards and collisions are frequent.
 */
final class Programs
{
    static final int POST = 0;
    static final int ARRIVE = 1;
    static final int CANCEL = 2;
    static final int PROBE = 3;
    static final int TAKE = 4;
    /** Fake NIC steps (ignored by the software-only property). */
    static final int NIC_OP = 5;
    static final int NIC_POLL = 6;
    /** Fake NIC step: run NIC and engine until both are idle. */
    static final int SETTLE = 7;

    private static final int[] TAGS = {0, 1, 2, -2, -3};
    private static final int[] LENGTHS = {0, 8, 1024, 4096};

    private Programs()
    {
    }

    static Arbitrary<List<Integer>> programs(final int maxSteps)
    {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMaxSize(maxSteps);
    }

    /** The operation of a step; {@code nic} adds NIC steps to the mix. */
    static int kind(final int step, final boolean nic)
    {
        final int k = step % (nic ? 16 : 10);
        if (k < 4)
        {
            return POST;
        }
        if (k < 7)
        {
            return ARRIVE;
        }
        if (k == 7)
        {
            return CANCEL;
        }
        if (k == 8)
        {
            return PROBE;
        }
        if (k == 9)
        {
            return TAKE;
        }
        if (k < 12)
        {
            return NIC_OP;
        }
        return k < 15 ? NIC_POLL : SETTLE;
    }

    static int field(final int step, final int shift, final int n)
    {
        return (int)(((step >>> shift) & 0xFF) % n);
    }

    static int context(final int step)
    {
        return field(step, 4, 2);
    }

    static int source(final int step)
    {
        return field(step, 8, 3);
    }

    /** A message tag: user 0..2 or internal -2/-3. */
    static int msgTag(final int step)
    {
        return TAGS[field(step, 12, TAGS.length)];
    }

    /** A receive source, ANY_SOURCE one time in {@code oneIn}. */
    static int recvSource(final int step, final int oneIn)
    {
        return field(step, 16, oneIn) == 0 ? ANY_SOURCE : source(step);
    }

    /** A receive tag, ANY_TAG one time in {@code oneIn}. */
    static int recvTag(final int step, final int oneIn)
    {
        return field(step, 20, oneIn) == 0 ? ANY_TAG : msgTag(step);
    }

    static int length(final int step)
    {
        return LENGTHS[field(step, 24, LENGTHS.length)];
    }

    /** Which earlier receive a cancel targets. */
    static int pick(final int step, final int count)
    {
        return count == 0 ? -1 : (step >>> 4) % count;
    }

    static long packedMsg(final int step)
    {
        return Envelope.pack(context(step), source(step), msgTag(step));
    }

    /** A receive (or probe) tag with wildcards one time in {@code oneIn} for each field. */
    static long packedRecvTag(final int step, final int oneIn)
    {
        return Envelope.recvTag(context(step), recvSource(step, oneIn), recvTag(step, oneIn));
    }

    static long packedRecvMask(final int step, final int oneIn)
    {
        return Envelope.recvMask(recvSource(step, oneIn), recvTag(step, oneIn));
    }
}
