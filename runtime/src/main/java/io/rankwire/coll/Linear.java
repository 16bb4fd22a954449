package io.rankwire.coll;

/**
 * Root-centred and all-pairs exchanges as rounds of a {@link Plan}: gather(v) and scatter(v)
 * with every non-root talking to the root directly (one round), and the all-to-all algorithms
 * (linear: every message in one round; pairwise: n - 1 rounds, each exchanging with
 * {@code me + k} and {@code me - k}). Displacements are absolute element indexes; receives are
 * listed before sends in a round, so they are posted first and most messages find their receive
 * waiting.
 */
final class Linear
{
    private Linear()
    {
    }

    /** Gather into {@code recv[displs[r], + counts[r])} at the root; own block copied unless in place. */
    static void gatherv(
        final Plan p, final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root, final boolean inPlace)
    {
        final int me = p.rank();
        if (me != root)
        {
            p.send(send, sendOff, sendCount, root);
            return;
        }
        for (int r = 0; r < p.size(); r++)
        {
            if (r != root)
            {
                p.recv(recv, displs[r], counts[r], r);
            }
        }
        if (!inPlace)
        {
            p.copy(send, sendOff, recv, displs[root], sendCount);
        }
    }

    /** Scatter {@code send[displs[r], + counts[r])} from the root; own block copied unless in place. */
    static void scatterv(
        final Plan p, final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root, final boolean inPlace)
    {
        final int me = p.rank();
        if (me != root)
        {
            p.recv(recv, recvOff, recvCount, root);
            return;
        }
        for (int r = 0; r < p.size(); r++)
        {
            if (r != root)
            {
                p.send(send, displs[r], counts[r], r);
            }
        }
        if (!inPlace)
        {
            p.copy(send, displs[root], recv, recvOff, recvCount);
        }
    }

    /** All-to-all with every receive and send in one round (this rank's own block copied): best for small blocks. */
    static void allToAllLinear(
        final Plan p, final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        final int n = p.size();
        final int me = p.rank();
        for (int k = 1; k < n; k++)
        {
            final int from = (me - k + n) % n;
            p.recv(recv, rDispls[from], rCounts[from], from);
        }
        for (int k = 1; k < n; k++)
        {
            final int to = (me + k) % n;
            p.send(send, sDispls[to], sCounts[to], to);
        }
        p.copy(send, sDispls[me], recv, rDispls[me], rCounts[me]);
    }

    /** Pairwise all-to-all: one exchange per round, so memory and contention stay flat. */
    static void allToAllPairwise(
        final Plan p, final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        final int n = p.size();
        final int me = p.rank();
        p.copy(send, sDispls[me], recv, rDispls[me], rCounts[me]);
        for (int k = 1; k < n; k++)
        {
            final int to = (me + k) % n;
            final int from = (me - k + n) % n;
            p.recv(recv, rDispls[from], rCounts[from], from).send(send, sDispls[to], sCounts[to], to).round();
        }
    }
}
