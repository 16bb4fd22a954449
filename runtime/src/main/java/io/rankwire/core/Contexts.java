package io.rankwire.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.agrona.collections.IntArrayList;

import io.rankwire.proto.Group;

/**
 * Collective operations a communicator needs, run on the round engine ({@link Rounds}, the one the
 * collectives' schedules run on) over the communicator's internal context with negative tags: the
 * dissemination barrier and the agreement on new context ids (communicator creation).
 *
 * <p>Context ids come in pairs (user, internal). A new communicator's pair is agreed by the
 * parent's members in rounds of all-gathers, a {@link Creation} driven by progress (see
 * {@link ContextIds} for the rule that keeps concurrent creations on overlapping communicators
 * from taking the same pair). The blocking calls start one and wait for it; the nonblocking
 * {@link #startDup} returns it at once. Creations on one parent and channel (dup and split share
 * one; each create-group tag has its own) run one after the other in the order this rank started
 * them, all on the channel's tag, so several may be in flight: as MPI requires, every member
 * starts a communicator's collectives in the same order. Different communicators may create
 * children concurrently, from different threads or in flight together.
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
    private static final int TAG_CREATE = -2;
    private static final int TAG_BARRIER = -16;
    private static final int TAG_GROUP_BASE = -(1 << 20);

    private final Engine engine;
    private final long callTimeoutNs;
    private final ContextIds ids = new ContextIds();
    /** Pairs of closed communicators held back while operations were pending; guarded by itself. */
    private final IntArrayList heldBack = new IntArrayList();
    /** The creations begun or waiting, per key, in the order this rank started them; guarded by itself. */
    private final Map<Long, ArrayDeque<Creation>> queues = new HashMap<>();

    /** {@code callTimeoutNs}: the limit of the blocking creations ({@code rankwire.timeout}; 0: none). */
    public Contexts(final Engine engine, final long callTimeoutNs)
    {
        this.engine = engine;
        this.callTimeoutNs = callTimeoutNs;
    }

    /** The dissemination barrier ({@link Rounds#barrier()}), on its own tag. Blocks. */
    public void barrier(final Group g)
    {
        new Rounds(engine, g, TAG_BARRIER).barrier().run();
    }

    /** The group of a duplicate communicator. Collective over {@code g}; blocks. */
    public Group dup(final Group g)
    {
        return await(startDup(g));
    }

    /**
     * Starts the creation of a duplicate of {@code g}'s communicator (MPI_COMM_IDUP) and returns
     * it at once; its {@link Creation#group()} is the new group once done. Collective over {@code g}.
     */
    public Creation startDup(final Group g)
    {
        final int[] ranks = g.worldRanksCopy();
        return start(g, TAG_CREATE, 0, null, (context, prelude) -> new Group(ranks, g.rank(), context));
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
        final int rank = me;
        return await(start(sub, TAG_GROUP_BASE - (tag & 0x3FFFF), 1 + (tag & 0x3FFFF), null,
            (context, prelude) -> new Group(worldRanks, rank, context)));
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

    /** Gives back the held-back pairs when no operation is pending here. */
    void releaseHeldBack()
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

    /** The group of this rank's part of a split, or null for {@code color < 0}. Collective over {@code g}; blocks. */
    public Group split(final Group g, final int color, final int key)
    {
        return await(start(g, TAG_CREATE, 0, new int[] {color, key}, (context, all) -> splitGroup(g, all, context)));
    }

    private Group splitGroup(final Group g, final int[] all, final int context)
    {
        final int color = all[g.rank() * 2];
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
     * Queues a creation agreed among {@code g}'s members on {@code tag}, keyed by {@code g}'s
     * context and {@code channel}, and begins it when none is ahead of it on that key.
     */
    private Creation start(final Group g, final int tag, final int channel, final int[] prelude, final Creation.Result result)
    {
        final Creation c = new Creation(this, ids, engine, g, tag, ContextIds.key(g.context(), channel), prelude, result);
        final boolean first;
        synchronized (queues)
        {
            final ArrayDeque<Creation> q = queues.computeIfAbsent(c.key(), k -> new ArrayDeque<>());
            q.addLast(c);
            first = q.size() == 1;
        }
        if (first)
        {
            c.begin();
        }
        return c;
    }

    /** {@code c} is done: the next creation on its key, if any, begins. */
    void ended(final Creation c)
    {
        final Creation next;
        synchronized (queues)
        {
            final ArrayDeque<Creation> q = queues.get(c.key());
            q.remove(c);
            next = q.peekFirst();
            if (next == null)
            {
                queues.remove(c.key());
            }
        }
        if (next != null)
        {
            next.begin();
        }
    }

    /** Waits for a blocking creation, with the call timeout; its group. */
    private Group await(final Creation c)
    {
        if (!c.await(callTimeoutNs, true))
        {
            throw engine.failure("rankwire: timed out after " + callTimeoutNs / 1_000_000 +
                " ms waiting for a communicator creation (dup, split or create-group) on " + c);
        }
        return c.group();
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

    /** The largest proposal, or {@link ContextIds#NOT_MY_TURN} when a member refused. */
    static int agreedCandidate(final int[] proposals)
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
}
