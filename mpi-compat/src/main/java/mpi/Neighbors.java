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

    /**
     * The nonblocking form: one schedule of Rankwire's ({@code ineighborAllToAllv} on the private
     * duplicate), every receive and send posted in one round. The blocks travel in one array per
     * side (the caller's when its type allows, else a staging array, as the vector collectives
     * do; received blocks are copied back when the request completes). Messages between two
     * processes pair up in the order both list them, so both list them by the topology's tag:
     * a process that is both neighbours of another gets each block in its place.
     */
    Request start(final Object sendbuf, final int[] sendCounts, final int[] sendDispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvCounts, final int[] recvDispls, final Datatype recvtype)
    {
        final Buf sb = Buf.of(sendbuf, Coll.extentUnits(sendCounts, sendDispls), sendtype);
        final Buf rb = Buf.of(recvbuf, Coll.extentUnits(recvCounts, recvDispls), recvtype);
        final int sSize = (int)sendtype.sizeBytes();
        final int rSize = (int)recvtype.sizeBytes();
        final int kind = Region.commonKind(new Buf[] {sb, rb}, sSize, rSize);
        final int s = Buf.elemSize(kind);
        final Region rs = Region.of(sb, kind);
        final Region rr = Region.of(rb, kind);
        final int[] out = byTag(destinations, true);
        final int[] in = byTag(sources, false);
        final int[] dests = new int[out.length];
        final int[] sc = new int[out.length];
        final int[] sd = new int[out.length];
        for (int i = 0; i < out.length; i++)
        {
            dests[i] = destinations[out[i]];
            sc[i] = (int)((long)sendCounts[out[i]] * sSize / s);
            sd[i] = (int)((long)sendDispls[out[i]] * sSize / s) + rs.offset;
        }
        final int[] srcs = new int[in.length];
        final int[] rc = new int[in.length];
        final int[] rd = new int[in.length];
        final int[] back = new int[recvCounts.length];   // PROC_NULL blocks are not copied back
        for (int i = 0; i < in.length; i++)
        {
            srcs[i] = sources[in[i]];
            rc[i] = (int)((long)recvCounts[in[i]] * rSize / s);
            rd[i] = (int)((long)recvDispls[in[i]] * rSize / s) + rr.offset;
            back[in[i]] = recvCounts[in[i]];
        }
        return Coll.start(null, () -> new ArrayCollectives(comm).ineighborAllToAllv(rs.array, dests, sc, sd, rr.array, srcs, rc, rd),
            () -> rr.copyBack(back, recvDispls, rSize));
    }

    /** The indices of the non-{@code PROC_NULL} entries of {@code peers}, ordered by their tag (stable). */
    private int[] byTag(final int[] peers, final boolean send)
    {
        final java.util.List<Integer> k = new java.util.ArrayList<>();
        for (int i = 0; i < peers.length; i++)
        {
            if (peers[i] != MPI.PROC_NULL)
            {
                k.add(i);
            }
        }
        k.sort(java.util.Comparator.comparingInt(i -> send ? topology.sendTag(i) : topology.recvTag(i)));
        final int[] out = new int[k.size()];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = k.get(i);
        }
        return out;
    }
}
