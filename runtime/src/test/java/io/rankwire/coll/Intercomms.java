package io.rankwire.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rankwire.Comm;
import io.rankwire.Communicator;
import io.rankwire.Intercomm;
import io.rankwire.Op;
import io.rankwire.Request;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.conformance.ArrayBuffers;

/**
 * An inter-communicator between the even and the odd ranks of the world (leaders: world ranks 0
 * and 1, exchanging over the world communicator): every rank sends to every remote rank and
 * receives from each by rank and by ANY_SOURCE, then both merges and a duplicate are checked.
 */
final class Intercomms
{
    private Intercomms()
    {
    }

    static void check(final Comm w)
    {
        final int me = w.rank();
        final int n = w.size();
        final boolean even = me % 2 == 0;
        final Comm local = w.split(me % 2, me);
        final Intercomm inter = local.createIntercomm(0, local.rank() == 0 ? w : null, even ? 1 : 0, 99);
        final int[] evens = ranks(n, 0);
        final int[] odds = ranks(n, 1);
        assertArrayEquals(even ? evens : odds, inter.localWorldRanks());
        assertArrayEquals(even ? odds : evens, inter.remoteWorldRanks());
        assertEquals(me / 2, inter.rank());
        assertEquals(local.size(), inter.size());
        assertEquals(even, inter.isLocalFirst());
        exchange(inter, me, 5);
        final Communicator peers = inter;   // code written against Communicator serves both kinds
        for (int r = 0; r < inter.remoteSize(); r++)
        {
            peers.send(MessageBuffer.of(new int[] {me}), r, 7);   // small: completes locally
        }
        for (int r = 0; r < inter.remoteSize(); r++)
        {
            final int[] got = new int[1];
            final Status st = peers.recv(MessageBuffer.of(got), r, 7);
            assertEquals(inter.remoteWorldRanks()[r], got[0], "sent through Communicator");
            assertEquals(r, st.source(), "the source is a rank of the remote group");
        }
        assertThrows(IllegalArgumentException.class, () -> peers.send(MessageBuffer.of(new int[1]), inter.remoteSize(), 7),
            "a destination is a rank of the remote group");
        final Comm mergedHighOdd = inter.merge(!even);
        assertEquals(n, mergedHighOdd.size());
        for (int r = 0; r < n; r++)
        {
            assertEquals(r < evens.length ? evens[r] : odds[r - evens.length], mergedHighOdd.worldRank(r), "merge, evens low");
        }
        final Comm mergedHighEven = inter.merge(even);
        for (int r = 0; r < n; r++)
        {
            assertEquals(r < odds.length ? odds[r] : evens[r - odds.length], mergedHighEven.worldRank(r), "merge, odds low");
        }
        final long[] sum = {me};
        mergedHighEven.allReduce(ArrayBuffers.of(Comm.IN_PLACE, 0, 1), ArrayBuffers.of(sum, 0, 1), Op.SUM);
        assertEquals((long)n * (n - 1) / 2, sum[0]);
        final Intercomm dup = inter.dup();
        exchange(dup, me, 6);
        assertThrows(IllegalArgumentException.class, () -> inter.send(MessageBuffer.of(new int[1], 0, 1), inter.remoteSize(), 1));
        dup.close();
        inter.close();
        assertTrue(peers.isClosed());
        mergedHighOdd.close();
        mergedHighEven.close();
        local.close();
        w.barrier();
    }

    /** Every rank sends its world rank to every remote rank; receives by rank, then by ANY_SOURCE. */
    private static void exchange(final Intercomm inter, final int me, final int tag)
    {
        final int remote = inter.remoteSize();
        final Request[] sends = new Request[2 * remote];
        for (int r = 0; r < remote; r++)
        {
            sends[r] = inter.isend(MessageBuffer.of(new int[] {me}, 0, 1), r, tag);
            sends[remote + r] = inter.isend(MessageBuffer.of(new int[] {me}, 0, 1), r, tag + 100);
        }
        final int[] world = inter.remoteWorldRanks();
        for (int r = 0; r < remote; r++)
        {
            final int[] got = new int[1];
            final Status st = inter.recv(MessageBuffer.of(got, 0, 1), r, tag);
            assertEquals(world[r], got[0], "from remote rank " + r);
            assertEquals(r, st.source());
        }
        final boolean[] seen = new boolean[remote];
        for (int i = 0; i < remote; i++)
        {
            final int[] got = new int[1];
            final Status st = inter.recv(MessageBuffer.of(got, 0, 1), Comm.ANY_SOURCE, tag + 100);
            assertEquals(world[st.source()], got[0], "ANY_SOURCE: the status names the remote rank");
            assertFalse(seen[st.source()]);
            seen[st.source()] = true;
        }
        Request.waitAll(sends);
        assertTrue(sends[0].isDone());
    }

    private static int[] ranks(final int n, final int parity)
    {
        final int[] a = new int[(n + 1 - parity) / 2];
        for (int i = 0; i < a.length; i++)
        {
            a[i] = 2 * i + parity;
        }
        return a;
    }
}
