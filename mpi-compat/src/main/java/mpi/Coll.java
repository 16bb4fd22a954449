package mpi;

/**
 * Maps the MPI collectives (counts in datatype units, any buffer) onto Rankwire's collectives
 * (primitive arrays of one type, counts in elements). Data movement uses the caller's arrays when
 * they share an element type that no count or displacement splits, else byte staging arrays;
 * reductions work on arrays of the datatype's own Java type.
 */
final class Coll
{
    static final Object IN_PLACE = io.rankwire.Comm.IN_PLACE;

    private final ArrayCollectives c;
    private final int rank;
    private final int size;
    private final int peers;
    private final boolean inter;

    Coll(final io.rankwire.Comm c)
    {
        this(new ArrayCollectives(c), c.rank(), c.size(), c.size(), false);
    }

    /**
     * @param rank  this rank in its (local) group
     * @param size  the size of that group
     * @param peers the ranks the count arrays of gathers, scatters and all-to-all index: the
     *              group's, or the remote group's for an inter-communicator
     * @param inter true for an inter-communicator (roots {@code ROOT}, {@code PROC_NULL} or a remote rank)
     */
    Coll(final ArrayCollectives c, final int rank, final int size, final int peers, final boolean inter)
    {
        this.c = c;
        this.rank = rank;
        this.size = size;
        this.peers = peers;
        this.inter = inter;
    }

    ArrayCollectives c()
    {
        return c;
    }

    int rank()
    {
        return rank;
    }

    int peers()
    {
        return peers;
    }

    boolean inter()
    {
        return inter;
    }

    /**
     * True when this rank is the root: its rank for an intra-communicator, {@code MPI.ROOT} for an
     * inter-communicator (where {@code PROC_NULL} and the remote group's ranks are the other
     * valid values); {@link MPI#ERR_ROOT} for anything else.
     */
    boolean isRoot(final int root)
    {
        if (inter)
        {
            if (root != MPI.ROOT && root != MPI.PROC_NULL && (root < 0 || root >= peers))
            {
                throw new MPIException(MPI.ERR_ROOT, "root : " + root + " (expected: MPI.ROOT, MPI.PROC_NULL or 0.." + (peers - 1) +
                    ", a rank of the remote group)");
            }
            return root == MPI.ROOT;
        }
        if (root < 0 || root >= size)
        {
            throw new MPIException(MPI.ERR_ROOT, "root : " + root + " (expected: 0.." + (size - 1) + ")");
        }
        return rank == root;
    }

    /** True in the root's group of a rooted inter-communicator collective: no data of its own goes out (or comes in, but at the root). */
    boolean rootSide(final int root)
    {
        return inter && (root == MPI.ROOT || root == MPI.PROC_NULL);
    }

    /** True for {@code PROC_NULL} on an inter-communicator: this rank takes part without data. */
    boolean idle(final int root)
    {
        return inter && root == MPI.PROC_NULL;
    }

    /** Rankwire's root argument for {@code root} (MPI's {@code ROOT} and {@code PROC_NULL} become the inter-communicator's). */
    static int rtRoot(final int root)
    {
        return root == MPI.ROOT ? io.rankwire.Intercomm.ROOT : root == MPI.PROC_NULL ? io.rankwire.Intercomm.PROC_NULL : root;
    }

    static int[] scale(final int[] units, final int extent, final int elemSize)
    {
        final int[] out = new int[units.length];
        for (int i = 0; i < units.length; i++)
        {
            out[i] = (int)((long)units[i] * extent / elemSize);
        }
        return out;
    }

    /** An array of {@code n} copies of {@code value}. */
    static int[] filled(final int n, final int value)
    {
        final int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    /**
     * The first {@code n} entries of a count or displacement array ({@code n} is the group size):
     * longer arrays are accepted and their tail ignored, as Open MPI does.
     */
    static int[] head(final int[] a, final int n, final String name)
    {
        if (a == null || a.length < n)
        {
            throw new MPIException(MPI.ERR_ARG, name + ".length : " + (a == null ? "null" : Integer.toString(a.length)) +
                " (expected: >= " + n + ", one entry per rank)");
        }
        return a.length == n ? a : java.util.Arrays.copyOf(a, n);
    }

    /** {@code d} with the region's element offset added to every entry (in place); {@code d} unchanged for no region. */
    static int[] shifted(final int[] d, final Region r)
    {
        for (int i = 0; r != null && i < d.length; i++)
        {
            d[i] += r.offset;
        }
        return d;
    }

    static int extentUnits(final int[] counts, final int[] displs)
    {
        int end = 0;
        for (int i = 0; i < counts.length; i++)
        {
            end = Math.max(end, (displs == null ? 0 : displs[i]) + counts[i]);
        }
        return end;
    }

    static int[] blockDispls(final int[] counts)
    {
        final int[] d = new int[counts.length];
        for (int i = 1; i < counts.length; i++)
        {
            d[i] = d[i - 1] + counts[i - 1];
        }
        return d;
    }

    static void copyBack(final Region... rs)
    {
        for (final Region r : rs)
        {
            if (r != null)
            {
                r.copyBack();
            }
        }
    }

    static Object arr(final Region r)
    {
        return r == null ? null : r.array;
    }

    static int off(final Region r)
    {
        return r == null ? 0 : r.offset;
    }

    /** A reduction: {@code send} (null for in place) combined into {@code recv} (may be null where insignificant). */
    interface Reduction
    {
        void run(Object send, int sendOff, Object recv, int recvOff, int count, io.rankwire.Op op);
    }

    void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op,
        final boolean recvSignificant, final Reduction body)
    {
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final Buf rb = recvSignificant || recvbuf != null ? Buf.of(recvbuf, count, type) : null;
        final Buf sb = sendbuf == IN_PLACE ? null : Buf.of(sendbuf, count, type);
        final Region rs = spec.region(sb);
        final Region rr = spec.region(rb);
        final int n = spec.elements(type, count);
        try
        {
            body.run(sb == null ? IN_PLACE : rs.array, off(rs), arr(rr), off(rr), n, spec.op);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        if (recvSignificant)
        {
            copyBack(rr);
        }
    }

    /** {@code counts} in datatype units as the reduction's element counts. */
    private static int[] elements(final ReduceSpec spec, final Datatype type, final int[] counts)
    {
        final int[] elements = new int[counts.length];
        for (int r = 0; r < counts.length; r++)
        {
            elements[r] = spec.elements(type, counts[r]);
        }
        return elements;
    }

    /** Reduce-scatter with counts in datatype units; {@code sendbuf} may be {@link #IN_PLACE} (input in {@code recvbuf}). */
    void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        final int[] rc = head(recvcounts, size, "recvcounts");
        final int total = extentUnits(rc, blockDispls(rc));
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final int[] counts = elements(spec, type, rc);
        final boolean inPlace = sendbuf == IN_PLACE;
        final Buf rb = Buf.of(recvbuf, inPlace ? total : rc[rank], type);
        final Buf sb = inPlace ? null : Buf.of(sendbuf, total, type);
        final Region rs = spec.region(sb);
        final Region rr = spec.region(rb);
        run(() -> c.reduceScatter(inPlace ? IN_PLACE : rs.array, off(rs), rr.array, rr.offset, counts, spec.op));
        rr.copyBack();
    }

    /** Starts an all-reduce; the staged result is copied back when the request completes. */
    Request iallReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final boolean inPlace = sendbuf == IN_PLACE;
        final Buf sb = inPlace ? null : Buf.of(sendbuf, count, type);
        final Region rs = spec.region(sb);
        final Region rr = spec.region(Buf.of(recvbuf, count, type));
        final int n = spec.elements(type, count);
        try
        {
            return new Request(c.iallReduce(inPlace ? IN_PLACE : rs.array, off(rs), rr.array, rr.offset, n, spec.op),
                s -> rr.copyBack());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** {@code inOut[i] = in[i] op inOut[i]} for {@code count} elements of {@code type}, on this rank alone. */
    static void reduceLocal(final Object inBuf, final Object inOutBuf, final int count, final Datatype type, final Op op)
    {
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final Region in = spec.region(Buf.of(inBuf, count, type));
        final Region io = spec.region(Buf.of(inOutBuf, count, type));
        final int n = spec.elements(type, count);
        run(() -> spec.op.apply(in.array, in.offset, io.array, io.offset, n));
        io.copyBack();
    }

    /**
     * Runs a blocking collective ({@code nonblocking} null) and then {@code after}, or starts the
     * nonblocking one and runs {@code after} (copying staged results back) when its request
     * completes; returns that request, or null for the blocking form.
     */
    static Request start(final Runnable blocking, final java.util.function.Supplier<io.rankwire.Request> nonblocking,
        final Runnable after)
    {
        if (nonblocking == null)
        {
            run(blocking);
            after.run();
            return null;
        }
        try
        {
            return new Request(nonblocking.get(), s -> after.run());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** A nonblocking reduction: like {@link Reduction} but starts the call and returns its request. */
    interface Start
    {
        io.rankwire.Request start(Object send, int sendOff, Object recv, int recvOff, int count, io.rankwire.Op op);
    }

    /** Starts a reduction; the staged result is copied back when the request completes. */
    Request ireduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op,
        final boolean recvSignificant, final Start body)
    {
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final Buf rb = recvSignificant || recvbuf != null ? Buf.of(recvbuf, count, type) : null;
        final Buf sb = sendbuf == IN_PLACE ? null : Buf.of(sendbuf, count, type);
        final Region rs = spec.region(sb);
        final Region rr = spec.region(rb);
        final int n = spec.elements(type, count);
        return start(null, () -> body.start(sb == null ? IN_PLACE : rs.array, off(rs), arr(rr), off(rr), n, spec.op),
            () -> copyBack(recvSignificant ? rr : null));
    }

    /** Starts a reduce-scatter (see {@link #reduceScatter}); the staged block is copied back when the request completes. */
    Request ireduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        final int[] rc = head(recvcounts, size, "recvcounts");
        final int total = extentUnits(rc, blockDispls(rc));
        final ReduceSpec spec = ReduceSpec.of(type, op);
        final int[] counts = elements(spec, type, rc);
        final boolean inPlace = sendbuf == IN_PLACE;
        final Buf rb = Buf.of(recvbuf, inPlace ? total : rc[rank], type);
        final Buf sb = inPlace ? null : Buf.of(sendbuf, total, type);
        final Region rs = spec.region(sb);
        final Region rr = spec.region(rb);
        return start(null, () -> c.ireduceScatter(inPlace ? IN_PLACE : rs.array, off(rs), rr.array, rr.offset, counts, spec.op),
            rr::copyBack);
    }

    static void run(final Runnable body)
    {
        try
        {
            body.run();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }
}
