package mpi;

/** An intra-communicator: {@link MPI#COMM_WORLD}, {@link MPI#COMM_SELF} and those made from them. */
public class Intracomm extends Comm
{
    Intracomm(final int which)
    {
        super(which);
    }

    Intracomm(final io.rankwire.Comm fixed)
    {
        super(fixed);
    }

    /** A new communicator with the same group. Collective. */
    @Override
    public Intracomm dup()
    {
        return new Intracomm(dupRw());
    }

    @Override
    public Intracomm clone()
    {
        return dup();
    }

    /**
     * Partitions the group by {@code colour}, ordering each part by ({@code key}, old rank);
     * null for ranks passing {@link MPI#UNDEFINED}. Collective.
     */
    public final Intracomm split(final int colour, final int key)
    {
        if (colour < 0 && colour != MPI.UNDEFINED)
        {
            throw new MPIException(MPI.ERR_ARG, "colour : " + colour + " (expected: >= 0 or UNDEFINED)");
        }
        try
        {
            final io.rankwire.Comm c = rw().split(colour, key);
            return c == null ? null : new Intracomm(c);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    // ---- collectives (over io.rankwire.Comm's collectives; docs/COMPATIBILITY.md)

    private Coll coll()
    {
        return new Coll(rw());
    }

    /** Copies {@code count} elements from {@code root} to every member. */
    public final void bcast(final Object buf, final int count, final Datatype type, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        final Buf b = Buf.of(buf, count, type);
        final int k = Region.commonKind(new Buf[] {b});
        final Region r = Region.of(b, k, isRoot);
        Coll.run(() -> c.bcast(r.array, r.offset, b.bytes / Buf.elemSize(k), root));
        if (!isRoot)
        {
            r.copyBack();
        }
    }

    /** Reduces every member's {@code sendbuf} into {@code recvbuf} at {@code root}. */
    public final void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        coll().reduce(sendbuf, isRoot ? recvbuf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, root));
    }

    /** In-place reduce: at the root {@code buf} holds the input and receives the result; elsewhere it is the input. */
    public final void reduce(final Object buf, final int count, final Datatype type, final Op op, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        coll().reduce(isRoot ? Coll.IN_PLACE : buf, isRoot ? buf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, root));
    }

    /** Reduces every member's {@code sendbuf} into every member's {@code recvbuf}. */
    public final void allReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::allReduce);
    }

    /** In-place allReduce: {@code buf} holds the input and receives the result. */
    public final void allReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        allReduce(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Reduces {@code sum(recvcounts)} elements; member r receives block r. */
    public final void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        final int total = Coll.extentUnits(recvcounts, Coll.blockDispls(recvcounts));
        final int k = Coll.reduceKind(type);
        final int[] counts = Coll.scale(recvcounts, type.getExtent(), Buf.elemSize(k));
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final Buf rb = Buf.of(recvbuf, inPlace ? total : recvcounts[getRank()], type);
        final Buf sb = inPlace ? null : Buf.of(sendbuf, total, type);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final io.rankwire.Op o = op.rw();
        Coll.run(() -> c.reduceScatter(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), rr.array, rr.offset, counts, o));
        rr.copyBack();
    }

    /** In-place reduceScatter: {@code buf} holds the input and receives this member's block at its start. */
    public final void reduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op)
    {
        reduceScatter(Coll.IN_PLACE, buf, counts, type, op);
    }

    /** Reduces {@code size() * recvcount} elements; member r receives block r. */
    public final void reduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
    {
        final int[] counts = new int[getSize()];
        java.util.Arrays.fill(counts, recvcount);
        reduceScatter(sendbuf, recvbuf, counts, type, op);
    }

    /** Inclusive prefix reduction. */
    public final void scan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::scan);
    }

    /** In-place inclusive prefix reduction. */
    public final void scan(final Object buf, final int count, final Datatype type, final Op op)
    {
        scan(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Exclusive prefix reduction (rank 0's {@code recvbuf} is left as it is). */
    public final void exScan(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::exScan);
    }

    /** Gathers {@code sendcount} elements from each member into {@code recvbuf} at {@code root}. */
    public final void gather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = new int[getSize()];
        java.util.Arrays.fill(counts, recvcount);
        gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype, root);
    }

    /** In-place gather: the root's block is already in {@code buf}; other members send {@code count} elements of {@code buf}. */
    public final void gather(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            gather(Coll.IN_PLACE, count, type, buf, count, type, root);
        }
        else
        {
            gather(buf, count, type, null, count, type, root);
        }
    }

    /** Gathers {@code recvcount[r]} elements from member r into {@code recvbuf} at {@code displs[r]} at {@code root}. */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final Buf sb = inPlace ? null : Buf.of(sendbuf, sendcount, sendtype);
        final Buf rb = isRoot ? Buf.of(recvbuf, Coll.extentUnits(recvcount, displs), recvtype) : null;
        final int k = Region.commonKind(new Buf[] {sb, rb}, sb == null ? 0 : sb.bytes, recvtype.getExtent());
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(recvcount, recvtype.getExtent(), s);
        final int[] d = Coll.scale(displs, recvtype.getExtent(), s);
        for (int i = 0; rr != null && i < d.length; i++)
        {
            d[i] += rr.offset;
        }
        final int n = sb == null ? counts[root] : sb.bytes / s;
        Coll.run(() -> c.gatherv(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), n, Coll.arr(rr), counts, d, root));
        Coll.copyBack(rr);
    }

    /** In-place gatherv at the root: its block is already in {@code recvbuf}. */
    public final void gatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        gatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype, root);
    }

    /** gatherv at a member other than the root (the receive arguments are not significant there). */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root)
    {
        gatherv(sendbuf, sendcount, sendtype, null, new int[getSize()], new int[getSize()], sendtype, root);
    }

    /** Sends block r ({@code sendcount} elements) of the root's {@code sendbuf} to member r. */
    public final void scatter(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = new int[getSize()];
        java.util.Arrays.fill(counts, sendcount);
        scatterv(sendbuf, counts, Coll.blockDispls(counts), sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** In-place scatter: the root keeps its block in {@code buf}; other members receive {@code count} elements into {@code buf}. */
    public final void scatter(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            scatter(buf, count, type, Coll.IN_PLACE, count, type, root);
        }
        else
        {
            scatter(null, count, type, buf, count, type, root);
        }
    }

    /** Sends {@code sendcount[r]} elements at {@code displs[r]} of the root's {@code sendbuf} to member r. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        final boolean inPlace = recvbuf == Coll.IN_PLACE;
        final Buf sb = isRoot ? Buf.of(sendbuf, Coll.extentUnits(sendcount, displs), sendtype) : null;
        final Buf rb = inPlace ? null : Buf.of(recvbuf, recvcount, recvtype);
        final int k = Region.commonKind(new Buf[] {sb, rb}, rb == null ? 0 : rb.bytes, sendtype.getExtent());
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(sendcount, sendtype.getExtent(), s);
        final int[] d = Coll.scale(displs, sendtype.getExtent(), s);
        for (int i = 0; rs != null && i < d.length; i++)
        {
            d[i] += rs.offset;
        }
        final int n = rb == null ? counts[root] : rb.bytes / s;
        Coll.run(() -> c.scatterv(Coll.arr(rs), counts, d, inPlace ? Coll.IN_PLACE : rr.array, Coll.off(rr), n, root));
        Coll.copyBack(rr);
    }

    /** In-place scatterv at the root: it keeps its block in {@code sendbuf}. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
    {
        scatterv(sendbuf, sendcount, displs, sendtype, Coll.IN_PLACE, 0, sendtype, root);
    }

    /** scatterv at a member other than the root (the send arguments are not significant there). */
    public final void scatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        scatterv(null, new int[getSize()], new int[getSize()], recvtype, recvbuf, recvcount, recvtype, root);
    }

    /** Every member receives every member's {@code sendcount} elements, in rank order. */
    public final void allGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] counts = new int[getSize()];
        java.util.Arrays.fill(counts, recvcount);
        allGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype);
    }

    /** In-place allGather: each member's block is already at its place in {@code buf}. */
    public final void allGather(final Object buf, final int count, final Datatype type)
    {
        allGather(Coll.IN_PLACE, count, type, buf, count, type);
    }

    /** Every member receives member r's {@code recvcount[r]} elements at {@code displs[r]}. */
    public final void allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final io.rankwire.Comm c = rw();
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final Buf sb = inPlace ? null : Buf.of(sendbuf, sendcount, sendtype);
        final Buf rb = Buf.of(recvbuf, Coll.extentUnits(recvcount, displs), recvtype);
        final int k = Region.commonKind(new Buf[] {sb, rb}, sb == null ? 0 : sb.bytes, recvtype.getExtent());
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(recvcount, recvtype.getExtent(), s);
        final int[] d = Coll.scale(displs, recvtype.getExtent(), s);
        for (int i = 0; i < d.length; i++)
        {
            d[i] += rr.offset;
        }
        final int n = sb == null ? counts[getRank()] : sb.bytes / s;
        Coll.run(() -> c.allGatherv(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), n, rr.array, counts, d));
        rr.copyBack();
    }

    /** In-place allGatherv: each member's block is already at its place in {@code recvbuf}. */
    public final void allGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        allGatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype);
    }

    /** Block r ({@code sendcount} elements) of each member's {@code sendbuf} goes to member r. */
    public final void allToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] sc = new int[getSize()];
        final int[] rc = new int[getSize()];
        java.util.Arrays.fill(sc, sendcount);
        java.util.Arrays.fill(rc, recvcount);
        allToAllv(sendbuf, sc, Coll.blockDispls(sc), sendtype, recvbuf, rc, Coll.blockDispls(rc), recvtype);
    }

    /** {@code sendcount[r]} elements at {@code sdispls[r]} go to member r, into its {@code recvbuf} at {@code rdispls[me]}. */
    public final void allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final io.rankwire.Comm c = rw();
        final Buf sb = Buf.of(sendbuf, Coll.extentUnits(sendcount, sdispls), sendtype);
        final Buf rb = Buf.of(recvbuf, Coll.extentUnits(recvcount, rdispls), recvtype);
        final int k = Region.commonKind(new Buf[] {sb, rb}, sendtype.getExtent(), recvtype.getExtent());
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] scn = Coll.scale(sendcount, sendtype.getExtent(), s);
        final int[] sd = Coll.scale(sdispls, sendtype.getExtent(), s);
        final int[] rcn = Coll.scale(recvcount, recvtype.getExtent(), s);
        final int[] rd = Coll.scale(rdispls, recvtype.getExtent(), s);
        for (int i = 0; i < sd.length; i++)
        {
            sd[i] += rs.offset;
            rd[i] += rr.offset;
        }
        Coll.run(() -> c.allToAllv(rs.array, scn, sd, rr.array, rcn, rd));
        rr.copyBack();
    }

    // ---- nonblocking collectives

    /** Starts a barrier; the request completes once every member has entered it. */
    public final Request iBarrier()
    {
        final io.rankwire.Comm c = rw();
        try
        {
            return new Request(c.ibarrier(), null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Starts a broadcast of {@code count} elements from {@code root}; {@code buf} holds them once the request completes. */
    public final Request iBcast(final Object buf, final int count, final Datatype type, final int root)
    {
        final io.rankwire.Comm c = rw();
        final boolean isRoot = coll().isRoot(root);
        final Buf b = Buf.of(buf, count, type);
        final int k = Region.commonKind(new Buf[] {b});
        final Region r = Region.of(b, k, isRoot);
        try
        {
            return new Request(c.ibcast(r.array, r.offset, b.bytes / Buf.elemSize(k), root), isRoot ? null : s -> r.copyBack());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Starts an allReduce; {@code recvbuf} holds the result once the request completes. */
    public final Request iAllReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.Comm c = rw();
        final int k = Coll.reduceKind(type);
        final io.rankwire.Op o = op.rw();
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final Buf sb = inPlace ? null : Buf.of(sendbuf, count, type);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(Buf.of(recvbuf, count, type), k);
        final int n = (int)(type.bytes(count) / Buf.elemSize(k));
        try
        {
            return new Request(c.iallReduce(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), rr.array, rr.offset, n, o),
                s -> rr.copyBack());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Starts an in-place allReduce: {@code buf} holds the input and, once the request completes, the result. */
    public final Request iAllReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iAllReduce(Coll.IN_PLACE, buf, count, type, op);
    }
}
