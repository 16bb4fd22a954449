package io.rankwire.coll;

import io.rankwire.Op;

/** Argument checks of the collectives: each names the bad value and what was expected. */
final class Checks
{
    private Checks()
    {
    }

    static void reduceBufs(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Op op)
    {
        Bufs.check(send, sendOff, count, "sendBuf");
        Bufs.check(recv, recvOff, count, "recvBuf");
        Bufs.sameType(send, recv);
        op(op);
    }

    static void op(final Op op)
    {
        if (op == null)
        {
            throw new IllegalArgumentException("op : null (expected: an Op)");
        }
    }

    static void blocks(final int n, final Object buf, final int[] counts, final int[] displs, final String name)
    {
        if (counts.length != n || displs.length != n)
        {
            throw new IllegalArgumentException("counts/displs length : " + counts.length + "/" + displs.length + " (expected: " + n + ")");
        }
        for (int r = 0; r < n; r++)
        {
            count(counts[r], counts[r]);
            Bufs.check(buf, displs[r], counts[r], name);
        }
    }

    static void count(final int count, final int expected)
    {
        if (count < 0)
        {
            throw new IllegalArgumentException("count : " + count + " (expected: >= 0)");
        }
        if (count != expected)
        {
            throw new IllegalArgumentException("count : " + count + " (expected: " + expected + ", the matching block)");
        }
    }
}
