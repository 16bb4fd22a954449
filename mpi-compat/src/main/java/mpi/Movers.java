package mpi;

/**
 * The data-moving collectives (broadcast, gatherv, scatterv, all-gatherv, all-to-allv; the
 * fixed-count forms are their special cases) over Rankwire's collectives: counts and
 * displacements in datatype units are turned into element counts of the array the call moves,
 * which is the caller's own array when both sides have dense types and share an element type
 * that no count splits, else a byte staging array the items are packed into (see
 * {@link Region}), where item i lies at {@code i * size}. Received blocks are unpacked block by
 * block, so the gaps between them are not written. Count and displacement arrays longer than
 * the group are cut to its size ({@link Coll#head}).
 */
final class Movers
{
    private final ArrayCollectives c;
    private final Coll coll;

    Movers(final Coll coll)
    {
        this.c = coll.c();
        this.coll = coll;
    }

    void bcast(final Object buf, final int count, final Datatype type, final int root)
    {
        final boolean isRoot = coll.isRoot(root);
        if (coll.idle(root))
        {
            Coll.run(() -> c.bcast(null, 0, 0, Coll.rtRoot(root)));
            return;
        }
        final Buf b = Buf.of(buf, count, type);
        final int k = Region.commonKind(new Buf[] {b});
        final Region r = Region.of(b, k, isRoot);
        Coll.run(() -> c.bcast(r.array, r.offset, b.bytes / Buf.elemSize(k), Coll.rtRoot(root)));
        if (!isRoot)
        {
            r.copyBack();
        }
    }

    Request ibcast(final Object buf, final int count, final Datatype type, final int root)
    {
        final boolean isRoot = coll.isRoot(root);
        if (coll.idle(root))
        {
            return Coll.start(null, () -> c.ibcast(null, 0, 0, Coll.rtRoot(root)), () -> { });
        }
        final Buf b = Buf.of(buf, count, type);
        final int k = Region.commonKind(new Buf[] {b});
        final Region r = Region.of(b, k, isRoot);
        try
        {
            return new Request(c.ibcast(r.array, r.offset, b.bytes / Buf.elemSize(k), Coll.rtRoot(root)), isRoot ? null : s -> r.copyBack());
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** gatherv; started as a nonblocking collective when {@code nb}, whose request it returns (null otherwise). */
    Request gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root, final boolean nb)
    {
        final int n = coll.peers();
        final boolean isRoot = coll.isRoot(root);
        final int rt = Coll.rtRoot(root);
        if (coll.idle(root))
        {
            return Coll.start(() -> c.gatherv(null, 0, 0, null, null, null, rt),
                nb ? () -> c.igatherv(null, 0, 0, null, null, null, rt) : null, () -> { });
        }
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final int[] rc = isRoot ? Coll.head(recvcount, n, "recvcount") : new int[n];
        final int[] rd = isRoot ? Coll.head(displs, n, "displs") : new int[n];
        final Buf sb = inPlace || coll.rootSide(root) ? null : Buf.of(sendbuf, sendcount, sendtype);
        final Buf rb = isRoot ? Buf.of(recvbuf, Coll.extentUnits(rc, rd), recvtype) : null;
        final int ext = (int)recvtype.sizeBytes();
        final int k = Region.commonKind(new Buf[] {sb, rb}, sb == null ? 0 : sb.bytes, ext);
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(rc, ext, s);
        final int[] d = Coll.shifted(Coll.scale(rd, ext, s), rr);
        final int count = sb == null ? coll.inter() ? 0 : counts[root] : sb.bytes / s;
        final Object send = inPlace ? Coll.IN_PLACE : Coll.arr(rs);
        return Coll.start(() -> c.gatherv(send, Coll.off(rs), count, Coll.arr(rr), counts, d, rt),
            nb ? () -> c.igatherv(send, Coll.off(rs), count, Coll.arr(rr), counts, d, rt) : null,
            () ->
            {
                if (rr != null)
                {
                    rr.copyBack(rc, rd, ext);
                }
            });
    }

    /** scatterv; nonblocking when {@code nb} (see {@link #gatherv}). */
    Request scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root, final boolean nb)
    {
        final int n = coll.peers();
        final boolean isRoot = coll.isRoot(root);
        final int rt = Coll.rtRoot(root);
        if (coll.idle(root))
        {
            return Coll.start(() -> c.scatterv(null, null, null, null, 0, 0, rt),
                nb ? () -> c.iscatterv(null, null, null, null, 0, 0, rt) : null, () -> { });
        }
        final boolean inPlace = recvbuf == Coll.IN_PLACE;
        final int[] sc = isRoot ? Coll.head(sendcount, n, "sendcount") : new int[n];
        final int[] sd = isRoot ? Coll.head(displs, n, "displs") : new int[n];
        final Buf sb = isRoot ? Buf.of(sendbuf, Coll.extentUnits(sc, sd), sendtype) : null;
        final Buf rb = inPlace || coll.rootSide(root) ? null : Buf.of(recvbuf, recvcount, recvtype);
        final int ext = (int)sendtype.sizeBytes();
        final int k = Region.commonKind(new Buf[] {sb, rb}, rb == null ? 0 : rb.bytes, ext);
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(sc, ext, s);
        final int[] d = Coll.shifted(Coll.scale(sd, ext, s), rs);
        final int count = rb == null ? coll.inter() ? 0 : counts[root] : rb.bytes / s;
        final Object recv = inPlace ? Coll.IN_PLACE : Coll.arr(rr);
        return Coll.start(() -> c.scatterv(Coll.arr(rs), counts, d, recv, Coll.off(rr), count, rt),
            nb ? () -> c.iscatterv(Coll.arr(rs), counts, d, recv, Coll.off(rr), count, rt) : null,
            () -> Coll.copyBack(rr));
    }

    /** allGatherv; nonblocking when {@code nb} (see {@link #gatherv}). */
    Request allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final boolean nb)
    {
        final int n = coll.peers();
        final boolean inPlace = sendbuf == Coll.IN_PLACE;
        final int[] rc = Coll.head(recvcount, n, "recvcount");
        final int[] rd = Coll.head(displs, n, "displs");
        final Buf sb = inPlace ? null : Buf.of(sendbuf, sendcount, sendtype);
        final Buf rb = Buf.of(recvbuf, Coll.extentUnits(rc, rd), recvtype);
        final int ext = (int)recvtype.sizeBytes();
        final int k = Region.commonKind(new Buf[] {sb, rb}, sb == null ? 0 : sb.bytes, ext);
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] counts = Coll.scale(rc, ext, s);
        final int[] d = Coll.shifted(Coll.scale(rd, ext, s), rr);
        final int count = sb == null ? coll.inter() ? 0 : counts[coll.rank()] : sb.bytes / s;
        return Coll.start(() -> c.allGatherv(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), count, rr.array, counts, d),
            nb ? () -> c.iallGatherv(inPlace ? Coll.IN_PLACE : rs.array, Coll.off(rs), count, rr.array, counts, d) : null,
            () -> rr.copyBack(rc, rd, ext));
    }

    /** allToAllv; nonblocking when {@code nb} (see {@link #gatherv}). */
    Request allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype, final boolean nb)
    {
        final int n = coll.peers();
        final int[] sc = Coll.head(sendcount, n, "sendcount");
        final int[] sdp = Coll.head(sdispls, n, "sdispls");
        final int[] rc = Coll.head(recvcount, n, "recvcount");
        final int[] rdp = Coll.head(rdispls, n, "rdispls");
        final Buf sb = Buf.of(sendbuf, Coll.extentUnits(sc, sdp), sendtype);
        final Buf rb = Buf.of(recvbuf, Coll.extentUnits(rc, rdp), recvtype);
        final int sSize = (int)sendtype.sizeBytes();
        final int rSize = (int)recvtype.sizeBytes();
        final int k = Region.commonKind(new Buf[] {sb, rb}, sSize, rSize);
        final int s = Buf.elemSize(k);
        final Region rs = Region.of(sb, k);
        final Region rr = Region.of(rb, k);
        final int[] scn = Coll.scale(sc, sSize, s);
        final int[] sd = Coll.shifted(Coll.scale(sdp, sSize, s), rs);
        final int[] rcn = Coll.scale(rc, rSize, s);
        final int[] rd = Coll.shifted(Coll.scale(rdp, rSize, s), rr);
        return Coll.start(() -> c.allToAllv(rs.array, scn, sd, rr.array, rcn, rd),
            nb ? () -> c.iallToAllv(rs.array, scn, sd, rr.array, rcn, rd) : null,
            () -> rr.copyBack(rc, rdp, rSize));
    }

    /**
     * allToAllw: block r has its own count and datatype at byte displacement {@code sdispls[r]}
     * ({@code rdispls[r]} on the receiving side). Every block is packed into one byte staging
     * array (its typemap, packed), the arrays go through an all-to-all of bytes, and every received
     * block is unpacked into place when the call (or its request) completes; gaps stay untouched.
     */
    Request allToAllw(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype[] recvtypes, final boolean nb)
    {
        final int n = coll.peers();
        final int[] sc = Coll.head(sendcount, n, "sendcount");
        final int[] sdp = Coll.head(sdispls, n, "sdispls");
        final int[] rc = Coll.head(recvcount, n, "recvcount");
        final int[] rdp = Coll.head(rdispls, n, "rdispls");
        final Buf[] sb = blocks(sendbuf, sc, sdp, types(sendtypes, n, "sendtypes"));
        final Buf[] rb = blocks(recvbuf, rc, rdp, types(recvtypes, n, "recvtypes"));
        final int[] sBytes = new int[n];
        final int[] rBytes = new int[n];
        for (int r = 0; r < n; r++)
        {
            sBytes[r] = sb[r].bytes;
            rBytes[r] = rb[r].bytes;
        }
        final int[] sd = Coll.blockDispls(sBytes);
        final int[] rd = Coll.blockDispls(rBytes);
        final byte[] out = new byte[Coll.extentUnits(sBytes, sd)];
        final byte[] in = new byte[Coll.extentUnits(rBytes, rd)];
        for (int r = 0; r < n; r++)
        {
            sb[r].copyTo(out, sd[r]);
        }
        return Coll.start(() -> c.allToAllv(out, sBytes, sd, in, rBytes, rd),
            nb ? () -> c.iallToAllv(out, sBytes, sd, in, rBytes, rd) : null,
            () ->
            {
                for (int r = 0; r < n; r++)
                {
                    rb[r].copyFrom(in, rd[r], rb[r].bytes);
                }
            });
    }

    private static Datatype[] types(final Datatype[] types, final int n, final String name)
    {
        if (types == null || types.length < n)
        {
            throw new MPIException(MPI.ERR_ARG, name + ".length : " + (types == null ? "null" : Integer.toString(types.length)) +
                " (expected: >= " + n + ", one entry per rank)");
        }
        return types;
    }

    private static Buf[] blocks(final Object buf, final int[] counts, final int[] displs, final Datatype[] types)
    {
        final Buf[] b = new Buf[counts.length];
        for (int r = 0; r < b.length; r++)
        {
            if (types[r] == null)
            {
                throw new MPIException(MPI.ERR_TYPE, "types[" + r + "] : null (expected: a datatype)");
            }
            b[r] = Buf.atByte(buf, displs[r], counts[r], types[r]);
        }
        return b;
    }
}
