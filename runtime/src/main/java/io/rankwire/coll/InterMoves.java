package io.rankwire.coll;

/**
 * The data-moving collectives of an inter-communicator, linear: every message goes straight
 * between the two groups in one round (receives posted before sends), as libNBC's inter-
 * communicator schedules do. Displacements are absolute element indexes; count and displacement
 * arrays have one entry per rank of the remote group. See {@link InterCollectives} for roots and
 * tags.
 */
public final class InterMoves
{
    private final InterCollectives ctx;

    InterMoves(final InterCollectives ctx)
    {
        this.ctx = ctx;
    }

    /** The root receives {@code counts[r]} elements from remote rank r; the other group's members send theirs. */
    public Schedule gatherv(
        final Object send, final int sendOff, final int sendCount,
        final Object recv, final int[] counts, final int[] displs, final int root)
    {
        ctx.root(root);
        final Plan s;
        if (root == InterCollectives.ROOT)
        {
            Checks.blocks(ctx.remoteSize(), recv, counts, displs, "recvBuf");
            s = ctx.plan();
            for (int r = 0; r < ctx.remoteSize(); r++)
            {
                s.recvRemote(recv, displs[r], counts[r], r);
            }
        }
        else if (root != InterCollectives.PROC_NULL)
        {
            InterCollectives.notInPlace(send, "sendBuf");
            Bufs.check(send, sendOff, sendCount, "sendBuf");
            s = ctx.plan().sendRemote(send, sendOff, sendCount, root);
        }
        else
        {
            s = ctx.plan();
        }
        return s.start();
    }

    /** The root sends {@code counts[r]} elements to remote rank r; the other group's members receive theirs. */
    public Schedule scatterv(
        final Object send, final int[] counts, final int[] displs,
        final Object recv, final int recvOff, final int recvCount, final int root)
    {
        ctx.root(root);
        final Plan s;
        if (root == InterCollectives.ROOT)
        {
            Checks.blocks(ctx.remoteSize(), send, counts, displs, "sendBuf");
            s = ctx.plan();
            for (int r = 0; r < ctx.remoteSize(); r++)
            {
                s.sendRemote(send, displs[r], counts[r], r);
            }
        }
        else if (root != InterCollectives.PROC_NULL)
        {
            InterCollectives.notInPlace(recv, "recvBuf");
            Bufs.check(recv, recvOff, recvCount, "recvBuf");
            s = ctx.plan().recvRemote(recv, recvOff, recvCount, root);
        }
        else
        {
            s = ctx.plan();
        }
        return s.start();
    }

    /** Every member sends its {@code sendCount} elements to every remote member and receives {@code counts[r]} from remote rank r. */
    public Schedule allGatherv(
        final Object send, final int sendOff, final int sendCount, final Object recv, final int[] counts, final int[] displs)
    {
        InterCollectives.notInPlace(send, "sendBuf");
        final int n = ctx.remoteSize();
        Bufs.check(send, sendOff, sendCount, "sendBuf");
        Checks.blocks(n, recv, counts, displs, "recvBuf");
        Bufs.sameType(send, recv);
        final Plan s = ctx.plan();
        final int me = ctx.localRank();
        for (int k = 0; k < n; k++)
        {
            final int r = (me + k) % n;
            s.recvRemote(recv, displs[r], counts[r], r);
        }
        for (int k = 0; k < n; k++)
        {
            s.sendRemote(send, sendOff, sendCount, (me + k) % n);
        }
        return s.start();
    }

    /** {@code send[sDispls[r], + sCounts[r])} goes to remote rank r; {@code rCounts[r]} elements come from it. */
    public Schedule allToAllv(
        final Object send, final int[] sCounts, final int[] sDispls, final Object recv, final int[] rCounts, final int[] rDispls)
    {
        InterCollectives.notInPlace(send, "sendBuf");
        final int n = ctx.remoteSize();
        Checks.blocks(n, send, sCounts, sDispls, "sendBuf");
        Checks.blocks(n, recv, rCounts, rDispls, "recvBuf");
        Bufs.sameType(send, recv);
        final Plan s = ctx.plan();
        final int me = ctx.localRank();
        for (int k = 0; k < n; k++)
        {
            final int r = (me + k) % n;
            s.recvRemote(recv, rDispls[r], rCounts[r], r);
        }
        for (int k = 0; k < n; k++)
        {
            final int r = (me + k) % n;
            s.sendRemote(send, sDispls[r], sCounts[r], r);
        }
        return s.start();
    }
}
