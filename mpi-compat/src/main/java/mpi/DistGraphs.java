package mpi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.rankwire.buffer.MessageBuffer;

/**
 * The collective step of MPI_DIST_GRAPH_CREATE: every process names edges (any source, any
 * destination), and each edge must reach both its ends. Each edge travels as a record
 * {@code (end, source, destination, weight, naming rank, naming index)} to its source (as an
 * out-edge) and its destination (as an in-edge) in one all-to-all; each process then orders its
 * out-edges by (destination, naming rank, naming index) and its in-edges by (source, naming rank,
 * naming index), so that repeated edges between two processes pair up in the same order at both
 * ends.
 */
final class DistGraphs
{
    private static final int OUT = 0;
    private static final int IN = 1;
    private static final int FIELDS = 6;

    private DistGraphs()
    {
    }

    static DistGraphTopology exchange(final io.rankwire.Comm c, final int[] sources, final int[] degrees, final int[] destinations,
        final int[] weights)
    {
        final int n = c.size();
        final int edges = check(n, sources, degrees, destinations, weights);
        final List<List<int[]>> perTarget = new ArrayList<>(n);
        for (int t = 0; t < n; t++)
        {
            perTarget.add(new ArrayList<>());
        }
        for (int i = 0, e = 0; i < sources.length; i++)
        {
            for (int j = 0; j < degrees[i]; j++, e++)
            {
                final int w = weights == null ? 1 : weights[e];
                perTarget.get(sources[i]).add(new int[] {OUT, sources[i], destinations[e], w, c.rank(), e});
                perTarget.get(destinations[e]).add(new int[] {IN, sources[i], destinations[e], w, c.rank(), e});
            }
        }
        final int[] sendCounts = new int[n];
        final int[] sendBuf = new int[2 * edges * FIELDS];
        for (int t = 0, at = 0; t < n; t++)
        {
            sendCounts[t] = perTarget.get(t).size() * FIELDS;
            for (final int[] r : perTarget.get(t))
            {
                System.arraycopy(r, 0, sendBuf, at, FIELDS);
                at += FIELDS;
            }
        }
        final int[] recvCounts = new int[n];
        final int[][] received = new int[1][];
        Coll.run(() ->
        {
            c.allToAll(MessageBuffer.of(sendCounts), MessageBuffer.of(recvCounts));
            final int[] rd = Coll.blockDispls(recvCounts);
            received[0] = new int[rd[n - 1] + recvCounts[n - 1]];
            c.allToAllv(MessageBuffer.of(sendBuf), sendCounts, Coll.blockDispls(sendCounts), MessageBuffer.of(received[0]),
                recvCounts, rd);
        });
        return topology(received[0], weights != null);
    }

    private static DistGraphTopology topology(final int[] records, final boolean weighted)
    {
        final List<int[]> outs = new ArrayList<>();
        final List<int[]> ins = new ArrayList<>();
        for (int at = 0; at < records.length; at += FIELDS)
        {
            final int[] r = java.util.Arrays.copyOfRange(records, at, at + FIELDS);
            (r[0] == OUT ? outs : ins).add(r);
        }
        final Comparator<int[]> naming = Comparator.<int[]>comparingInt(r -> r[4]).thenComparingInt(r -> r[5]);
        outs.sort(Comparator.<int[]>comparingInt(r -> r[2]).thenComparing(naming));
        ins.sort(Comparator.<int[]>comparingInt(r -> r[1]).thenComparing(naming));
        return new DistGraphTopology(column(ins, 1), column(ins, 3), column(outs, 2), column(outs, 3), weighted);
    }

    private static int[] column(final List<int[]> rows, final int field)
    {
        final int[] out = new int[rows.size()];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = rows.get(i)[field];
        }
        return out;
    }

    /** Checks the arguments; returns the number of edges named. */
    private static int check(final int size, final int[] sources, final int[] degrees, final int[] destinations, final int[] weights)
    {
        final int n = Args.coveredLength(sources, "sources", degrees, "degrees");
        long edges = 0;
        for (int i = 0; i < n; i++)
        {
            Group.checkRank(sources[i], size, "sources[" + i + "]");
            edges += Args.nonNegative(degrees[i], "degrees[" + i + "]");
        }
        if (Args.notNull(destinations, "destinations").length < edges || weights != null && weights.length < edges)
        {
            throw new MPIException(MPI.ERR_ARG, "destinations/weights length : " + destinations.length +
                (weights == null ? "" : "/" + weights.length) + " (expected: >= " + edges + ", the sum of degrees)");
        }
        for (int e = 0; e < edges; e++)
        {
            Group.checkRank(destinations[e], size, "destinations[" + e + "]");
        }
        return (int)edges;
    }

    /** Checks the arguments of the adjacent form and builds its topology (no communication). */
    static DistGraphTopology adjacent(final int size, final int[] sources, final int[] sourceWeights, final int[] destinations,
        final int[] destWeights)
    {
        final boolean weighted = sourceWeights != null || destWeights != null;
        final int[] sw = weights(sourceWeights, Args.notNull(sources, "sources").length, "sourceWeights");
        final int[] dw = weights(destWeights, Args.notNull(destinations, "destinations").length, "destWeights");
        for (int i = 0; i < sources.length; i++)
        {
            Group.checkRank(sources[i], size, "sources[" + i + "]");
        }
        for (int i = 0; i < destinations.length; i++)
        {
            Group.checkRank(destinations[i], size, "destinations[" + i + "]");
        }
        return new DistGraphTopology(sources, sw, destinations, dw, weighted);
    }

    private static int[] weights(final int[] given, final int n, final String name)
    {
        if (given == null)
        {
            final int[] ones = new int[n];
            java.util.Arrays.fill(ones, 1);
            return ones;
        }
        if (given.length < n)
        {
            throw new MPIException(MPI.ERR_ARG, name + ".length : " + given.length + " (expected: >= " + n + ")");
        }
        return java.util.Arrays.copyOf(given, n);
    }
}
