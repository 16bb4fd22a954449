package io.rankwire.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.agrona.collections.IntArrayList;

import io.rankwire.proto.Group;

/**
 * Collective operations a communicator needs, run on the round engine ({@link Rounds}, the one the
 * collectives' schedules run on) over the communicator's internal context with negative tags: the
 * dissemination barrier, an all-gather, and the agreement on new context ids.
 *
 * <p>Context ids come in pairs (user, internal). A new communicator's pair is agreed by the
 * parent's members in rounds (see {@link ContextIds} for the rule that keeps concurrent creations
 * on overlapping communicators from taking the same pair). Collectives on one communicator must
 * be called in the same order by all members, one at a time; different communicators may create
 * children concurrently from different threads.
 *
 * <p>A pair is given back ({@link #release}) when this rank closes the communicator, as
 * {@code MPI_Comm_free} does, or at once by a rank that gets no communicator from a split. Like
 * {@code MPI_Comm_free}, which keeps a communicator until the operations on it have completed, a
 * pair closed while this rank has any operation pending is held back until a later release or
 * creation finds none pending. Since an agreement settles only on a pair free at every member, a
 * pair returns to use only after every member gave it back; a message sent on a communicator and
 * never received is the program's error, as in MPI, and could match a receive of a later
 * communicator on the same pair.
 */
public final class Contexts
{
    private static final int TAG_ALLGATHER = -2;
    private static final int TAG_BARRIER = -16;
    private static final int TAG_GROUP_BASE = -(1 << 20);
    private static final long TURN_WAIT_NS = 2_000_000;

    private final Engine engine;
    private final ContextIds ids = new ContextIds();
    /** Pairs of closed communicators held back while operations were pending; guarded by itself. */
    private final IntArrayList heldBack = new IntArrayList();

    public Contexts(final Engine engine)
    {
        this.engine = engine;
    }

    /** The dissemination barrier ({@link Rounds#barrier()}), on its own tag. Blocks. */
    public void barrier(final Group g)
    {
        new Rounds(engine, g, TAG_BARRIER).barrier().run();
    }

    /** Every member's {@code values} (same length everywhere), in rank order. Blocks. */
    public int[] allgather(final Group g, final int[] values)
    {
        return allgather(g, values, TAG_ALLGATHER);
    }

    private int[] allgather(final Group g, final int[] values, final int tag)
    {
        final int k = values.length;
        final int[] all = new int[g.size() * k];
        System.arraycopy(values, 0, all, g.rank() * k, k);
        new Rounds(engine, g, tag).allGather(all, k).run();
        return all;
    }

    /** The group of a duplicate communicator. Collective over {@code g}. */
    public Group dup(final Group g)
    {
        return new Group(g.worldRanksCopy(), g.rank(), allocate(g, TAG_ALLGATHER));
    }

    /**
     * The group of the members {@code ranks} of {@code g} (its ranks, in the new order), with a
     * context pair agreed among them alone (MPI_COMM_CREATE_GROUP): collective over those members
     * only. Their agreement runs on {@code g}'s internal context with a tag made from
     * {@code tag} ({@code TAG_GROUP_BASE - (tag mod 2^18)}), so it is kept apart from {@code g}'s
     * own collectives and from creations with other tags; the caller is one of the members.
     */
    public Group createGroup(final Group g, final int[] ranks, final int tag)
    {
        final int[] worldRanks = new int[ranks.length];
        int me = -1;
        for (int i = 0; i < ranks.length; i++)
        {
            worldRanks[i] = g.worldRank(ranks[i]);
            me = ranks[i] == g.rank() ? i : me;
        }
        final Group sub = new Group(worldRanks, me, g.context());
        return new Group(worldRanks, me, allocate(sub, TAG_GROUP_BASE - (tag & 0x3FFFF)));
    }

    /**
     * This rank closed the communicator of {@code g}: gives its context pair back, now when no
     * operation is pending at this rank, else at the next release or creation that finds none.
     * Call once per communicator; the world's pair is never given back. Not collective.
     */
    public void release(final Group g)
    {
        if (g.context() == 0)
        {
            return;
        }
        synchronized (heldBack)
        {
            heldBack.addInt(g.context());
        }
        releaseHeldBack();
    }

    /** How many context pairs this rank holds, the world's included. */
    public int pairsInUse()
    {
        return ids.takenPairs();
    }

    private void releaseHeldBack()
    {
        synchronized (heldBack)
        {
            if (heldBack.isEmpty() || engine.isClosed() || pendingOperations() > 0)
            {
                return;
            }
            for (int i = 0; i < heldBack.size(); i++)
            {
                ids.release(heldBack.getInt(i));
            }
            heldBack.clear();
        }
    }

    /** The group of this rank's part of a split, or null for {@code color < 0}. Collective over {@code g}. */
    public Group split(final Group g, final int color, final int key)
    {
        final int[] all = allgather(g, new int[] {color, key});
        final int context = allocate(g, TAG_ALLGATHER);
        if (color < 0)
        {
            ids.release(context); // the new communicators are the other members'; none holds this rank
            return null;
        }
        final List<int[]> members = new ArrayList<>();
        for (int r = 0; r < g.size(); r++)
        {
            if (all[r * 2] == color)
            {
                members.add(new int[] {all[r * 2 + 1], r});
            }
        }
        members.sort(Comparator.<int[]>comparingInt(m -> m[0]).thenComparingInt(m -> m[1]));
        final int[] worldRanks = new int[members.size()];
        int myRank = -1;
        for (int i = 0; i < worldRanks.length; i++)
        {
            final int oldRank = members.get(i)[1];
            worldRanks[i] = g.worldRank(oldRank);
            if (oldRank == g.rank())
            {
                myRank = i;
            }
        }
        return new Group(worldRanks, myRank, context);
    }

    /**
     * Agrees on a context pair free at every member of {@code g}, in rounds of two all-gathers:
     * proposals (the largest wins), then whether each member could take the winner. A round
     * fails for everyone alike (every member sees the same gathered values), so all members
     * retry together; a failed take moves the floor past the refused id.
     */
    private int allocate(final Group g, final int tag)
    {
        releaseHeldBack();
        final int parent = g.context();
        ids.begin(parent);
        try
        {
            int floor = 0;
            while (true)
            {
                final int proposal = ids.propose(parent, floor);
                final int candidate = agreedCandidate(allgather(g, new int[] {proposal}, tag));
                if (candidate == ContextIds.NOT_MY_TURN)
                {
                    if (proposal == ContextIds.NOT_MY_TURN)
                    {
                        // the members that may go on meet us again in the next round's all-gather
                        ids.awaitTurn(parent, TURN_WAIT_NS);
                    }
                    continue;
                }
                final boolean took = ids.tryTake(candidate);
                final int[] takes = allgather(g, new int[] {took ? 1 : 0}, tag);
                if (allSet(takes))
                {
                    return candidate;
                }
                if (took)
                {
                    ids.release(candidate);
                }
                floor = candidate + 2;
            }
        }
        finally
        {
            ids.end(parent);
        }
    }

    /** Operations pending at this rank; held back as pending when the calling thread may not look. */
    private int pendingOperations()
    {
        try
        {
            return engine.pendingOperations();
        }
        catch (final IllegalStateException notTheOwner)
        {
            return Integer.MAX_VALUE; // rankwire.threads=funneled and another thread: its next dup/split releases
        }
    }

    private static int agreedCandidate(final int[] proposals)
    {
        int max = 0;
        for (final int p : proposals)
        {
            if (p == ContextIds.EXHAUSTED)
            {
                throw new IllegalStateException("context ids : all " + ContextIds.limit() / 2 +
                    " pairs taken at some member (expected: a free pair below " + (ContextIds.limit() + 2) + ")");
            }
            if (p == ContextIds.NOT_MY_TURN)
            {
                return ContextIds.NOT_MY_TURN;
            }
            max = Math.max(max, p);
        }
        return max;
    }

    private static boolean allSet(final int[] flags)
    {
        for (final int f : flags)
        {
            if (f == 0)
            {
                return false;
            }
        }
        return true;
    }
}
