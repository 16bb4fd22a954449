package io.rankwire.coll;


/**
 * AllReduce algorithms as rounds of a {@link Plan}, on {@code buf[off, off + count)} (this
 * rank's contribution in, the result out). Non-power-of-two sizes first fold the extra ranks in:
 * of the first {@code 2 * rem} ranks each even one hands its data to the odd one above it and
 * waits; the remaining {@code pof2} ranks run the power-of-two algorithm; the odd ones hand the
 * result back. Each exchange is one round into a temporary array, whose reduction is the first
 * step of the next round, before anything is sent on.
 */
final class AllReduces
{
    private AllReduces()
    {
    }

    /** Recursive doubling: log2(n) full-buffer exchanges. Any op (rank order kept). */
    static void recursiveDoubling(final Plan p, final Reduction op, final Object buf, final int off, final int count)
    {
        final int n = p.size();
        final int me = p.rank();
        final int pof2 = Integer.highestOneBit(n);
        final int rem = n - pof2;
        final Object tmp = Bufs.alloc(buf, count);
        final int newrank = foldIn(p, op, buf, off, count, tmp, rem);
        if (newrank >= 0)
        {
            for (int mask = 1; mask < pof2; mask <<= 1)
            {
                final int dst = actual(newrank ^ mask, rem);
                p.recv(tmp, 0, count, dst).send(buf, off, count, dst).round();
                if (dst < me || op.isCommutative())
                {
                    p.reduce(op, tmp, 0, buf, off, count);
                }
                else
                {
                    p.reduce(op, buf, off, tmp, 0, count).copy(tmp, 0, buf, off, count);
                }
            }
        }
        foldOut(p, buf, off, count, rem);
    }

    /**
     * Rabenseifner: reduce-scatter by recursive halving, then allgather by recursive doubling.
     * Commutative ops only.
     */
    static void rabenseifner(final Plan p, final Reduction op, final Object buf, final int off, final int count)
    {
        final int n = p.size();
        final int pof2 = Integer.highestOneBit(n);
        final int rem = n - pof2;
        final int[] cnts = new int[pof2];
        final int[] disps = new int[pof2];
        Rings.blocks(count, off, pof2, cnts, disps);
        final Object tmp = Bufs.alloc(buf, count);
        final int newrank = foldIn(p, op, buf, off, count, tmp, rem);
        if (newrank >= 0)
        {
            int sendIdx = 0;
            int recvIdx = 0;
            int lastIdx = pof2;
            int mask = 1;
            while (mask < pof2)
            {
                final int newdst = newrank ^ mask;
                final int dst = actual(newdst, rem);
                final int half = pof2 / (mask * 2);
                final int sendLo;
                final int sendHi;
                if (newrank < newdst)
                {
                    sendIdx = recvIdx + half;
                    sendLo = sendIdx;
                    sendHi = lastIdx;
                }
                else
                {
                    recvIdx = sendIdx + half;
                    sendLo = sendIdx;
                    sendHi = recvIdx;
                }
                final int recvLo = recvIdx;
                final int recvHi = newrank < newdst ? sendIdx : lastIdx;
                final int sendCnt = sum(cnts, sendLo, sendHi);
                final int recvCnt = sum(cnts, recvLo, recvHi);
                p.recv(tmp, 0, recvCnt, dst).send(buf, disps[sendLo], sendCnt, dst).round();
                p.reduce(op, tmp, 0, buf, disps[recvLo], recvCnt);
                sendIdx = recvIdx;
                mask <<= 1;
                if (mask < pof2)
                {
                    lastIdx = recvIdx + pof2 / mask;
                }
            }
            allGatherHalves(p, buf, cnts, disps, newrank, rem, pof2, sendIdx, lastIdx);
        }
        foldOut(p, buf, off, count, rem);
    }

    private static void allGatherHalves(
        final Plan p, final Object buf, final int[] cnts, final int[] disps, final int newrank, final int rem,
        final int pof2, final int firstSendIdx, final int firstLastIdx)
    {
        int sendIdx = firstSendIdx;
        int lastIdx = firstLastIdx;
        for (int mask = pof2 >> 1; mask > 0; mask >>= 1)
        {
            final int newdst = newrank ^ mask;
            final int dst = actual(newdst, rem);
            final int half = pof2 / (mask * 2);
            final int recvIdx;
            final int sendCnt;
            final int recvCnt;
            if (newrank < newdst)
            {
                if (mask != pof2 / 2)
                {
                    lastIdx = lastIdx + half;
                }
                recvIdx = sendIdx + half;
                sendCnt = sum(cnts, sendIdx, recvIdx);
                recvCnt = sum(cnts, recvIdx, lastIdx);
            }
            else
            {
                recvIdx = sendIdx - half;
                sendCnt = sum(cnts, sendIdx, lastIdx);
                recvCnt = sum(cnts, recvIdx, sendIdx);
            }
            p.recv(buf, disps[recvIdx], recvCnt, dst).send(buf, disps[sendIdx], sendCnt, dst).round();
            if (newrank > newdst)
            {
                sendIdx = recvIdx;
            }
        }
    }

    /** Ring: reduce-scatter around the ring, then allgather around it. Commutative ops only. */
    static void ring(final Plan p, final Reduction op, final Object buf, final int off, final int count)
    {
        final int n = p.size();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        Rings.blocks(count, off, n, counts, displs);
        Rings.reduceScatter(p, op, buf, counts, displs);
        Rings.allGather(p, buf, counts, displs, 0);
    }

    /**
     * The fold-in of the extra ranks: an even rank below {@code 2 * rem} sends its data up and
     * returns -1; the odd one above it receives it and reduces it in (the lower rank's data on
     * the left) at the start of its next round; the others go straight on. Returns this rank's
     * number among the {@code pof2} ranks that go on.
     */
    static int foldIn(
        final Plan p, final Reduction op, final Object buf, final int off, final int count, final Object tmp, final int rem)
    {
        final int me = p.rank();
        if (me >= 2 * rem)
        {
            return me - rem;
        }
        if ((me & 1) == 0)
        {
            p.send(buf, off, count, me + 1).round();
            return -1;
        }
        p.recv(tmp, 0, count, me - 1).round();
        p.reduce(op, tmp, 0, buf, off, count);
        return me / 2;
    }

    private static void foldOut(final Plan p, final Object buf, final int off, final int count, final int rem)
    {
        final int me = p.rank();
        if (me < 2 * rem)
        {
            if ((me & 1) == 1)
            {
                p.send(buf, off, count, me - 1).round();
            }
            else
            {
                p.recv(buf, off, count, me + 1).round();
            }
        }
    }

    static int actual(final int newrank, final int rem)
    {
        return newrank < rem ? newrank * 2 + 1 : newrank + rem;
    }

    private static int sum(final int[] cnts, final int from, final int to)
    {
        int s = 0;
        for (int i = from; i < to; i++)
        {
            s += cnts[i];
        }
        return s;
    }
}
