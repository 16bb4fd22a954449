package mpi;

import io.rankwire.Comm;
import io.rankwire.Communicator;
import io.rankwire.Op;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Rankwire's collectives in the form the binding computes them: a primitive array, an element
 * offset and an element count per buffer, with displacements relative to the array, as MPI's own
 * arguments come. Each call describes its arrays with the thread's {@link Descriptors#array}, one
 * per side (a buffer given to a v-form, or one not significant at this rank, is described whole),
 * and calls the {@link Communicator}'s collective; {@link Coll#IN_PLACE} and null pass through.
 */
final class ArrayCollectives
{
    private final Communicator c;

    ArrayCollectives(final Communicator c)
    {
        this.c = c;
    }

    private static MessageBuffer send(final Object a, final int offset, final int count)
    {
        return Descriptors.array(false, a, offset, count);
    }

    private static MessageBuffer recv(final Object a, final int offset, final int count)
    {
        return Descriptors.array(true, a, offset, count);
    }

    /** The whole array (displacements count from its element 0), on the send or the receive side. */
    private static MessageBuffer whole(final boolean recvSide, final Object a)
    {
        return a == null || a == Coll.IN_PLACE ? (MessageBuffer)a : Descriptors.array(recvSide, a, 0, java.lang.reflect.Array.getLength(a));
    }

    private Comm intra()
    {
        return (Comm)c;
    }

    void barrier()
    {
        c.barrier();
    }

    Request ibarrier()
    {
        return c.ibarrier();
    }

    void bcast(final Object buf, final int offset, final int count, final int root)
    {
        c.bcast(buf == null ? MessageBuffer.of(new byte[0]) : send(buf, offset, count), root);
    }

    Request ibcast(final Object buf, final int offset, final int count, final int root)
    {
        return c.ibcast(buf == null ? MessageBuffer.of(new byte[0]) : send(buf, offset, count), root);
    }

    void reduce(final Object s, final int so, final Object r, final int ro, final int count, final Op op, final int root)
    {
        c.reduce(send(s, so, count), recv(r, ro, count), op, root);
    }

    Request ireduce(final Object s, final int so, final Object r, final int ro, final int count, final Op op, final int root)
    {
        return c.ireduce(send(s, so, count), recv(r, ro, count), op, root);
    }

    void allReduce(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        c.allReduce(send(s, so, count), recv(r, ro, count), op);
    }

    Request iallReduce(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        return c.iallReduce(send(s, so, count), recv(r, ro, count), op);
    }

    void scan(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        intra().scan(send(s, so, count), recv(r, ro, count), op);
    }

    Request iscan(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        return intra().iscan(send(s, so, count), recv(r, ro, count), op);
    }

    void exScan(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        intra().exScan(send(s, so, count), recv(r, ro, count), op);
    }

    Request iexScan(final Object s, final int so, final Object r, final int ro, final int count, final Op op)
    {
        return intra().iexScan(send(s, so, count), recv(r, ro, count), op);
    }

    void gatherv(final Object s, final int so, final int sendCount, final Object r, final int[] counts, final int[] displs, final int root)
    {
        c.gatherv(send(s, so, sendCount), whole(true, r), counts, displs, root);
    }

    Request igatherv(final Object s, final int so, final int sendCount, final Object r, final int[] counts, final int[] displs, final int root)
    {
        return c.igatherv(send(s, so, sendCount), whole(true, r), counts, displs, root);
    }

    void scatterv(final Object s, final int[] counts, final int[] displs, final Object r, final int ro, final int recvCount, final int root)
    {
        c.scatterv(whole(false, s), counts, displs, recv(r, ro, recvCount), root);
    }

    Request iscatterv(final Object s, final int[] counts, final int[] displs, final Object r, final int ro, final int recvCount, final int root)
    {
        return c.iscatterv(whole(false, s), counts, displs, recv(r, ro, recvCount), root);
    }

    void allGather(final Object s, final int so, final Object r, final int ro, final int count)
    {
        c.allGather(send(s, so, count), recv(r, ro, count * c.size()));
    }

    void allGatherv(final Object s, final int so, final int sendCount, final Object r, final int[] counts, final int[] displs)
    {
        c.allGatherv(send(s, so, sendCount), whole(true, r), counts, displs);
    }

    Request iallGatherv(final Object s, final int so, final int sendCount, final Object r, final int[] counts, final int[] displs)
    {
        return c.iallGatherv(send(s, so, sendCount), whole(true, r), counts, displs);
    }

    void allToAll(final Object s, final int so, final Object r, final int ro, final int count)
    {
        c.allToAll(send(s, so, count * c.size()), recv(r, ro, count * c.size()));
    }

    void allToAllv(final Object s, final int[] sc, final int[] sd, final Object r, final int[] rc, final int[] rd)
    {
        c.allToAllv(whole(false, s), sc, sd, whole(true, r), rc, rd);
    }

    Request iallToAllv(final Object s, final int[] sc, final int[] sd, final Object r, final int[] rc, final int[] rd)
    {
        return c.iallToAllv(whole(false, s), sc, sd, whole(true, r), rc, rd);
    }

    void reduceScatter(final Object s, final int so, final Object r, final int ro, final int[] counts, final Op op)
    {
        c.reduceScatter(send(s, so, 0), recv(r, ro, 0), counts, op);
    }

    Request ireduceScatter(final Object s, final int so, final Object r, final int ro, final int[] counts, final Op op)
    {
        return c.ireduceScatter(send(s, so, 0), recv(r, ro, 0), counts, op);
    }

    Request ineighborAllToAllv(
        final Object s, final int[] dests, final int[] sc, final int[] sd, final Object r, final int[] sources, final int[] rc, final int[] rd)
    {
        return intra().ineighborAllToAllv(whole(false, s), dests, sc, sd, whole(true, r), sources, rc, rd);
    }
}
