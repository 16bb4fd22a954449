package mpi;

/**
 * One neighbour collective of one process over point-to-point: a receive from each in-neighbour
 * into its block and a send of each out-neighbour's block, on the topology communicator's private
 * duplicate (so user messages never match them), all checked before any starts and all started
 * before any is awaited. Blocks of
 * {@code PROC_NULL} neighbours are neither sent nor written. Messages between two ranks that are
 * neighbours more than once pair up by the topology's tags (Cartesian directions) or in order
 * (graphs), which MPI's non-overtaking rule keeps.
 */
final class Neighbors
{
    private final io.rankwire.Comm comm;
    private final Topology topology;
    private final int[] sources;
    private final int[] destinations;

    Neighbors(final io.rankwire.Comm comm, final Topology topology, final int rank)
    {
        this.comm = comm;
        this.topology = topology;
        this.sources = topology.sources(rank);
        this.destinations = topology.destinations(rank);
    }

    int inDegree()
    {
        return sources.length;
    }

    int outDegree()
    {
        return destinations.length;
    }

    int[] same(final int n, final int count)
    {
        return Coll.filled(n, Args.count(count, "count"));
    }

    /** Displacements of {@code n} consecutive blocks of {@code count} items. */
    int[] blocks(final int n, final int count)
    {
        final int[] d = new int[n];
        for (int k = 0; k < n; k++)
        {
            d[k] = k * count;
        }
        return d;
    }

    void exchange(final Object sendbuf, final int[] sendCounts, final int[] sendDispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvCounts, final int[] recvDispls, final Datatype recvtype)
    {
        final Buf[] in = new Buf[sources.length];
        final Buf[] out = new Buf[destinations.length];
        for (int k = 0; k < sources.length; k++)
        {
            in[k] = sources[k] == MPI.PROC_NULL ? null : Buf.of(recvbuf, recvDispls[k], recvCounts[k], recvtype);
        }
        for (int k = 0; k < destinations.length; k++)
        {
            out[k] = destinations[k] == MPI.PROC_NULL ? null : Buf.of(sendbuf, sendDispls[k], sendCounts[k], sendtype);
        }
        final Request[] requests = new Request[in.length + out.length];
        int n = 0;
        for (int k = 0; k < in.length; k++)
        {
            if (in[k] != null)
            {
                requests[n++] = Transfer.irecv(comm, in[k], sources[k], topology.recvTag(k));
            }
        }
        for (int k = 0; k < out.length; k++)
        {
            if (out[k] != null)
            {
                requests[n++] = Transfer.isend(comm, out[k], destinations[k], topology.sendTag(k), false);
            }
        }
        Request.waitAll(java.util.Arrays.copyOf(requests, n));
    }
}
