package io.rankwire.coll;

/**
 * Schedules of the nonblocking collectives that move data without reducing it. Displacements are
 * absolute element indexes. Receives are listed before sends in a round, so they are posted
 * first and most messages find their receive waiting.
 */
final class NbcMoves
{
    private NbcMoves()
    {
    }

    /** Linear: the root receives every block in one round; the others send theirs. */
    static void gatherv(
        final Schedule s, final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root, final boolean inPlace)
    {
        final int me = s.rank();
        if (me != root)
        {
            s.send(send, sendOff, sendCount, root);
            return;
        }
        for (int r = 0; r < s.size(); r++)
        {
            if (r != root)
            {
                s.recv(recv, displs[r], counts[r], r);
            }
        }
        if (!inPlace)
        {
            s.copy(send, sendOff, recv, displs[root], sendCount);
        }
    }

    /** Linear: the root sends every block in one round; the others receive theirs. */
    static void scatterv(
        final Schedule s, final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root, final boolean inPlace)
    {
        final int me = s.rank();
        if (me != root)
        {
            s.recv(recv, recvOff, recvCount, root);
            return;
        }
        if (!inPlace)
        {
            s.copy(send, displs[root], recv, recvOff, recvCount);
        }
        for (int r = 0; r < s.size(); r++)
        {
            if (r != root)
            {
                s.send(send, displs[r], counts[r], r);
            }
        }
    }

    /**
     * Ring: in round k every rank passes block {@code me - k} to the right and receives block
     * {@code me - k - 1} from the left, straight into place ({@code n - 1} rounds). This rank's
     * own block must already be in place.
     */
    static void allGatherv(final Schedule s, final Object recv, final int[] counts, final int[] displs)
    {
        final int n = s.size();
        final int me = s.rank();
        for (int k = 0; k < n - 1; k++)
        {
            final int out = Math.floorMod(me - k, n);
            final int in = Math.floorMod(me - k - 1, n);
            s.recv(recv, displs[in], counts[in], (me - 1 + n) % n).send(recv, displs[out], counts[out], (me + 1) % n).round();
        }
    }

    /** Linear: every receive and send in one round (this rank's own block copied). */
    static void allToAllv(
        final Schedule s, final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        final int n = s.size();
        final int me = s.rank();
        for (int k = 1; k < n; k++)
        {
            final int from = (me - k + n) % n;
            s.recv(recv, rDispls[from], rCounts[from], from);
        }
        for (int k = 1; k < n; k++)
        {
            final int to = (me + k) % n;
            s.send(send, sDispls[to], sCounts[to], to);
        }
        s.copy(send, sDispls[me], recv, rDispls[me], sCounts[me]);
    }
}
