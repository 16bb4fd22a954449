package io.rankwire.coll;


/** Argument checks of the collectives: each names the bad value and what was expected. */
final class Checks
{
    private Checks()
    {
    }

    static void reduceBufs(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        Bufs.check(send, sendOff, count, "sendBuf");
        Bufs.check(recv, recvOff, count, "recvBuf");
        Bufs.sameType(send, recv);
        op(op);
    }

    static void op(final Reduction op)
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

    /** Checks a gatherv call's arguments on this rank; returns whether it is in place. */
    static boolean gatherv(
        final int n, final boolean isRoot,
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        final boolean inPlace = send == Collectives.IN_PLACE;
        if (inPlace && !isRoot)
        {
            throw new IllegalArgumentException("sendBuf : IN_PLACE (expected: IN_PLACE only at the root)");
        }
        if (isRoot)
        {
            blocks(n, recv, counts, displs, "recvBuf");
            if (!inPlace)
            {
                Bufs.check(send, sendOff, sendCount, "sendBuf");
                Bufs.sameType(send, recv);
                count(sendCount, counts[root]);
            }
        }
        else
        {
            Bufs.check(send, sendOff, sendCount, "sendBuf");
        }
        return inPlace;
    }

    /** Checks a scatterv call's arguments on this rank; returns whether it is in place. */
    static boolean scatterv(
        final int n, final boolean isRoot,
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        final boolean inPlace = recv == Collectives.IN_PLACE;
        if (inPlace && !isRoot)
        {
            throw new IllegalArgumentException("recvBuf : IN_PLACE (expected: IN_PLACE only at the root)");
        }
        if (isRoot)
        {
            blocks(n, send, counts, displs, "sendBuf");
            if (!inPlace)
            {
                Bufs.check(recv, recvOff, recvCount, "recvBuf");
                Bufs.sameType(send, recv);
                count(counts[root], recvCount);
            }
        }
        else
        {
            Bufs.check(recv, recvOff, recvCount, "recvBuf");
        }
        return inPlace;
    }
}
