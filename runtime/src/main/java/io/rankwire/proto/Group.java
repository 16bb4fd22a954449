package io.rankwire.proto;

import java.util.Arrays;

/**
 * The membership of a communicator: its world ranks in communicator order, this rank's place,
 * and its context pair ({@link #context()} for user traffic, {@link #internalContext()} for the
 * runtime's own traffic on negative tags). Immutable.
 */
public final class Group
{
    private final int[] worldRanks;
    private final int rank;
    private final int context;

    public Group(final int[] worldRanks, final int rank, final int context)
    {
        this.worldRanks = worldRanks.clone();
        this.rank = rank;
        this.context = context;
    }

    /** The world group of a job of {@code size} ranks, seen from {@code rank}. */
    public static Group world(final int size, final int rank)
    {
        final int[] ranks = new int[size];
        for (int i = 0; i < size; i++)
        {
            ranks[i] = i;
        }
        return new Group(ranks, rank, 0);
    }

    public int rank()
    {
        return rank;
    }

    public int size()
    {
        return worldRanks.length;
    }

    /** The world rank of communicator rank {@code r}. */
    public int worldRank(final int r)
    {
        return worldRanks[r];
    }

    public int[] worldRanksCopy()
    {
        return worldRanks.clone();
    }

    /** The user context id (even). */
    public int context()
    {
        return context;
    }

    /** The internal context id: {@code context() + 1}. */
    public int internalContext()
    {
        return context + 1;
    }

    /** True when world rank {@code worldRank} is a member. */
    public boolean containsWorldRank(final int worldRank)
    {
        for (int i = 0; i < size(); i++)
        {
            if (worldRank(i) == worldRank)
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString()
    {
        return "Group{rank=" + rank + ", context=" + context + ", world=" + Arrays.toString(worldRanks) + '}';
    }
}
