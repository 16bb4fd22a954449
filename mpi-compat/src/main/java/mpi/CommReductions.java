package mpi;

/**
 * The reductions of {@link Comm} (declared on {@code Comm} as in Open MPI): reduce, all-reduce,
 * reduce-scatter and its block form, each with its in-place form, the nonblocking all-reduce and
 * the local reduction. The prefix reductions ({@code scan}, {@code exScan}) are on
 * {@link Intracomm}, as in Open MPI. Reductions work on arrays of the datatype's Java element type
 * (see {@link Coll#reduceKind}); other buffers are staged.
 */
abstract class CommReductions extends CommCollectives
{
    CommReductions(final int which)
    {
        super(which);
    }

    CommReductions(final io.rankwire.Comm fixed, final CommState state)
    {
        super(fixed, state);
    }

    CommReductions(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        super(creation, state);
    }

    /** Reduces every member's {@code sendbuf} into {@code recvbuf} at {@code root}. */
    public final void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final io.rankwire.CollectiveComm c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        k.reduce(k.rootSide(root) ? Coll.IN_PLACE : sendbuf, isRoot ? recvbuf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, rt));
    }

    /** In-place reduce: at the root {@code buf} holds the input and receives the result; elsewhere it is the input. */
    public final void reduce(final Object buf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final io.rankwire.CollectiveComm c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        k.reduce(isRoot || k.rootSide(root) ? Coll.IN_PLACE : buf, isRoot ? buf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, rt));
    }

    /** Reduces every member's {@code sendbuf} into every member's {@code recvbuf}. */
    public final void allReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final io.rankwire.CollectiveComm c = collRw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::allReduce);
    }

    /** In-place allReduce: {@code buf} holds the input and receives the result. */
    public final void allReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        allReduce(Coll.IN_PLACE, buf, count, type, op);
    }

    /**
     * Reduces {@code sum(recvcounts)} elements; member r receives block r. Only the first
     * {@code getSize()} entries of {@code recvcounts} are read.
     */
    public final void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        coll().reduceScatter(sendbuf, recvbuf, recvcounts, type, op);
    }

    /** In-place reduceScatter: {@code buf} holds the input and receives this member's block at its start. */
    public final void reduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op)
    {
        reduceScatter(Coll.IN_PLACE, buf, counts, type, op);
    }

    /** Reduces {@code getSize() * recvcount} elements; member r receives block r. */
    public final void reduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
    {
        reduceScatter(sendbuf, recvbuf, Coll.filled(getSize(), recvcount), type, op);
    }

    /**
     * In-place reduceScatterBlock: {@code buf} holds the {@code getSize() * count} input elements
     * and receives this member's block of {@code count} elements at its start.
     */
    public final void reduceScatterBlock(final Object buf, final int count, final Datatype type, final Op op)
    {
        reduceScatter(Coll.IN_PLACE, buf, Coll.filled(getSize(), count), type, op);
    }

    /** Starts an allReduce; {@code recvbuf} holds the result once the request completes. */
    public final Request iAllReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        return coll().iallReduce(sendbuf, recvbuf, count, type, op);
    }

    /** Starts an in-place allReduce: {@code buf} holds the input and, once the request completes, the result. */
    public final Request iAllReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iAllReduce(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Starts a {@link #reduce(Object, Object, int, Datatype, Op, int) reduce}; {@code recvbuf} holds the result at the root once the request completes. */
    public final Request iReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final io.rankwire.CollectiveComm c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        return k.ireduce(k.rootSide(root) ? Coll.IN_PLACE : sendbuf, isRoot ? recvbuf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.ireduce(s, so, r, ro, n, o, rt));
    }

    /** Starts an in-place reduce (see {@link #reduce(Object, int, Datatype, Op, int)}). */
    public final Request iReduce(final Object buf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final io.rankwire.CollectiveComm c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        return k.ireduce(isRoot || k.rootSide(root) ? Coll.IN_PLACE : buf, isRoot ? buf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.ireduce(s, so, r, ro, n, o, rt));
    }

    /** Starts a {@link #reduceScatter(Object, Object, int[], Datatype, Op) reduceScatter}. */
    public final Request iReduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        return coll().ireduceScatter(sendbuf, recvbuf, recvcounts, type, op);
    }

    /** Starts an in-place reduceScatter. */
    public final Request iReduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op)
    {
        return iReduceScatter(Coll.IN_PLACE, buf, counts, type, op);
    }

    /** Starts a {@link #reduceScatterBlock(Object, Object, int, Datatype, Op) reduceScatterBlock}. */
    public final Request iReduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
    {
        return iReduceScatter(sendbuf, recvbuf, Coll.filled(getSize(), recvcount), type, op);
    }

    /** Starts an in-place reduceScatterBlock. */
    public final Request iReduceScatterBlock(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iReduceScatter(Coll.IN_PLACE, buf, Coll.filled(getSize(), count), type, op);
    }

    /**
     * Combines {@code inBuf} into {@code inOutBuf} element by element on this rank alone:
     * {@code inOutBuf[i] = inBuf[i] op inOutBuf[i]}.
     */
    public static void reduceLocal(final Object inBuf, final Object inOutBuf, final int count, final Datatype type, final Op op)
    {
        Binding.current();
        Coll.reduceLocal(inBuf, inOutBuf, count, type, op);
    }
}
