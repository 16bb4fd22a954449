package io.rankwire.coll;

/**
 * Root-centred and all-pairs exchanges: gather(v) and scatter(v) with every non-root talking to
 * the root directly, and the all-to-all algorithms (linear: everything posted at once; pairwise:
 * n - 1 steps of sendrecv with partners {@code me + k} and {@code me - k}).
 */
final class Linear
{
    private Linear()
    {
    }

    /** Gather into {@code recv[displs[r], + counts[r])} at the root; own block copied unless in place. */
    static void gatherv(
        final Channel ch, final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root, final boolean inPlace)
    {
        final int n = ch.size();
        final int me = ch.rank();
        if (me != root)
        {
            ch.send(send, sendOff, sendCount, root);
            return;
        }
        final io.rankwire.core.Operation[] ops = new io.rankwire.core.Operation[n];
        for (int r = 0; r < n; r++)
        {
            if (r != me)
            {
                ops[r] = ch.irecv(recv, displs[r], counts[r], r);
            }
        }
        if (!inPlace)
        {
            Bufs.copy(send, sendOff, recv, displs[me], counts[me]);
        }
        awaitAll(ch, ops);
    }

    /** Scatter {@code send[displs[r], + counts[r])} from the root; own block copied unless in place. */
    static void scatterv(
        final Channel ch, final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root, final boolean inPlace)
    {
        final int n = ch.size();
        final int me = ch.rank();
        if (me != root)
        {
            ch.recv(recv, recvOff, recvCount, root);
            return;
        }
        final io.rankwire.core.Operation[] ops = new io.rankwire.core.Operation[n];
        for (int r = 0; r < n; r++)
        {
            if (r != me)
            {
                ops[r] = ch.isend(send, displs[r], counts[r], r);
            }
        }
        if (!inPlace)
        {
            Bufs.copy(send, displs[me], recv, recvOff, counts[me]);
        }
        awaitAll(ch, ops);
    }

    /** All-to-all with every receive and send posted at once: best for small blocks. */
    static void allToAllLinear(
        final Channel ch, final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        final int n = ch.size();
        final int me = ch.rank();
        final io.rankwire.core.Operation[] recvs = new io.rankwire.core.Operation[n];
        final io.rankwire.core.Operation[] sends = new io.rankwire.core.Operation[n];
        for (int k = 1; k < n; k++)
        {
            final int src = (me - k + n) % n;
            recvs[src] = ch.irecv(recv, rDispls[src], rCounts[src], src);
        }
        for (int k = 1; k < n; k++)
        {
            final int dst = (me + k) % n;
            sends[dst] = ch.isend(send, sDispls[dst], sCounts[dst], dst);
        }
        Bufs.copy(send, sDispls[me], recv, rDispls[me], rCounts[me]);
        awaitAll(ch, sends);
        awaitAll(ch, recvs);
    }

    /** Pairwise all-to-all: one exchange in flight per rank, so memory and contention stay flat. */
    static void allToAllPairwise(
        final Channel ch, final Object send, final int[] sCounts, final int[] sDispls,
        final Object recv, final int[] rCounts, final int[] rDispls)
    {
        final int n = ch.size();
        final int me = ch.rank();
        Bufs.copy(send, sDispls[me], recv, rDispls[me], rCounts[me]);
        for (int k = 1; k < n; k++)
        {
            final int dst = (me + k) % n;
            final int src = (me - k + n) % n;
            ch.sendrecv(send, sDispls[dst], sCounts[dst], dst, recv, rDispls[src], rCounts[src], src);
        }
    }

    private static void awaitAll(final Channel ch, final io.rankwire.core.Operation[] ops)
    {
        for (final io.rankwire.core.Operation op : ops)
        {
            if (op != null)
            {
                ch.await(op);
            }
        }
    }
}
