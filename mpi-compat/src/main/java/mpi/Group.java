package mpi;

import org.agrona.collections.Int2IntHashMap;

/**
 * An ordered set of processes ({@code MPI_Group}), as in the Open MPI Java bindings. A group holds
 * the job (world) ranks of its members in group-rank order; it is a local object, so every call
 * here is local and none communicates. Groups come from {@link Comm#getGroup()}, from the set
 * operations and from {@link #incl}/{@link #excl} and their range forms; {@link MPI#GROUP_EMPTY}
 * is the group without members. Communicators are made from groups with
 * {@link Intracomm#create} and {@link Intracomm#createGroup}.
 *
 * <p>Errors: a freed group raises {@link MPI#ERR_GROUP}; ranks outside the group or repeated
 * where MPI requires distinct ranks raise {@link MPI#ERR_RANK}; malformed range triplets raise
 * {@link MPI#ERR_ARG}.
 */
public final class Group implements Freeable
{
    private static final int[] NONE = new int[0];

    private final int[] members;
    private volatile boolean freed;

    Group(final int[] worldRanks)
    {
        this.members = worldRanks;
    }

    /** The group of a communicator's members, in communicator-rank order. */
    static Group of(final io.rankwire.Comm c)
    {
        final int[] m = new int[c.size()];
        for (int i = 0; i < m.length; i++)
        {
            m[i] = c.worldRank(i);
        }
        return new Group(m);
    }

    static Group empty()
    {
        return new Group(NONE);
    }

    /** The number of processes in the group. */
    public int getSize()
    {
        return live().length;
    }

    /** This process's rank in the group, or {@link MPI#UNDEFINED} when it is not a member. */
    public int getRank()
    {
        final int[] m = live();
        final int me = Binding.current().rw.rank();
        for (int i = 0; i < m.length; i++)
        {
            if (m[i] == me)
            {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    /** Frees the group; it becomes null ({@link #isNull()}). {@link MPI#GROUP_EMPTY} cannot be freed. */
    @Override
    public void free()
    {
        if (this == MPI.GROUP_EMPTY)
        {
            throw new MPIException(MPI.ERR_GROUP, "group : MPI_GROUP_EMPTY (expected: a group made by a group operation; " +
                "the predefined group cannot be freed)");
        }
        live();
        freed = true;
    }

    /** True once the group was freed. */
    public boolean isNull()
    {
        return freed;
    }

    /**
     * The ranks in {@code group2} of the processes with ranks {@code ranks1} in {@code group1}:
     * {@link MPI#UNDEFINED} where a process is not in {@code group2}, {@link MPI#PROC_NULL} for
     * {@code PROC_NULL}.
     */
    public static int[] translateRanks(final Group group1, final int[] ranks1, final Group group2)
    {
        final int[] m1 = group1.live();
        final Int2IntHashMap index = group2.index();
        final int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++)
        {
            final int r = ranks1[i];
            out[i] = r == MPI.PROC_NULL ? MPI.PROC_NULL : index.get(m1[checkRank(r, m1.length, "ranks1[" + i + "]")]);
        }
        return out;
    }

    /**
     * {@link MPI#IDENT} when both groups have the same members in the same order,
     * {@link MPI#SIMILAR} when they have the same members in another order, else
     * {@link MPI#UNEQUAL}.
     */
    public static int compare(final Group group1, final Group group2)
    {
        final int[] a = group1.live();
        final int[] b = group2.live();
        if (java.util.Arrays.equals(a, b))
        {
            return MPI.IDENT;
        }
        if (a.length != b.length)
        {
            return MPI.UNEQUAL;
        }
        final Int2IntHashMap index = group2.index();
        for (final int w : a)
        {
            if (index.get(w) == MPI.UNDEFINED)
            {
                return MPI.UNEQUAL;
            }
        }
        return MPI.SIMILAR;
    }

    /** The members of {@code group1} in order, then those of {@code group2} not in {@code group1}, in order. */
    public static Group union(final Group group1, final Group group2)
    {
        final int[] a = group1.live();
        final int[] b = group2.live();
        final Int2IntHashMap inA = group1.index();
        final int[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        int n = a.length;
        for (final int w : b)
        {
            if (inA.get(w) == MPI.UNDEFINED)
            {
                out[n++] = w;
            }
        }
        return new Group(java.util.Arrays.copyOf(out, n));
    }

    /** The members of {@code group1} that are also in {@code group2}, in {@code group1}'s order. */
    public static Group intersection(final Group group1, final Group group2)
    {
        return filter(group1, group2, true);
    }

    /** The members of {@code group1} that are not in {@code group2}, in {@code group1}'s order. */
    public static Group difference(final Group group1, final Group group2)
    {
        return filter(group1, group2, false);
    }

    private static Group filter(final Group group1, final Group group2, final boolean keepCommon)
    {
        final int[] a = group1.live();
        final Int2IntHashMap inB = group2.index();
        final int[] out = new int[a.length];
        int n = 0;
        for (final int w : a)
        {
            if ((inB.get(w) != MPI.UNDEFINED) == keepCommon)
            {
                out[n++] = w;
            }
        }
        return new Group(java.util.Arrays.copyOf(out, n));
    }

    /** The group of the members with ranks {@code ranks} (distinct ranks of this group), in that order. */
    public Group incl(final int[] ranks)
    {
        final int[] m = live();
        final boolean[] seen = new boolean[m.length];
        final int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++)
        {
            final int r = checkRank(ranks[i], m.length, "ranks[" + i + "]");
            if (seen[r])
            {
                throw new MPIException(MPI.ERR_RANK, "ranks[" + i + "] : " + r + " (expected: distinct ranks)");
            }
            seen[r] = true;
            out[i] = m[r];
        }
        return new Group(out);
    }

    /** The group of the members not in {@code ranks} (distinct ranks of this group), in this group's order. */
    public Group excl(final int[] ranks)
    {
        final int[] m = live();
        final boolean[] drop = new boolean[m.length];
        for (int i = 0; i < ranks.length; i++)
        {
            final int r = checkRank(ranks[i], m.length, "ranks[" + i + "]");
            if (drop[r])
            {
                throw new MPIException(MPI.ERR_RANK, "ranks[" + i + "] : " + r + " (expected: distinct ranks)");
            }
            drop[r] = true;
        }
        return keep(m, drop);
    }

    /**
     * The group of the members named by the triplets {@code (first, last, stride)} of
     * {@code ranges}, in the order the triplets list them; the ranks must be distinct.
     */
    public Group rangeIncl(final int[][] ranges)
    {
        final int[] m = live();
        return incl(RankRanges.expand(ranges, m.length));
    }

    /** The group without the members named by the triplets of {@code ranges}, in this group's order. */
    public Group rangeExcl(final int[][] ranges)
    {
        return excl(RankRanges.expand(ranges, live().length));
    }

    private static Group keep(final int[] m, final boolean[] drop)
    {
        final int[] out = new int[m.length];
        int n = 0;
        for (int i = 0; i < m.length; i++)
        {
            if (!drop[i])
            {
                out[n++] = m[i];
            }
        }
        return new Group(java.util.Arrays.copyOf(out, n));
    }

    /** The world ranks of the members, in group order (not a copy). */
    int[] members()
    {
        return live();
    }

    /** World rank to group rank, {@link MPI#UNDEFINED} for non-members. */
    Int2IntHashMap index()
    {
        final int[] m = live();
        final Int2IntHashMap map = new Int2IntHashMap(Math.max(8, m.length * 2), 0.65f, MPI.UNDEFINED);
        for (int i = 0; i < m.length; i++)
        {
            map.put(m[i], i);
        }
        return map;
    }

    private int[] live()
    {
        if (freed)
        {
            throw new MPIException(MPI.ERR_GROUP, "group : freed (expected: a valid group)");
        }
        return members;
    }

    static int checkRank(final int rank, final int size, final String name)
    {
        if (rank < 0 || rank >= size)
        {
            throw new MPIException(MPI.ERR_RANK, name + " : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        return rank;
    }

    @Override
    public String toString()
    {
        return freed ? "Group{freed}" : "Group" + (members.length <= 32 ? java.util.Arrays.toString(members) : "{size=" + members.length + "}");
    }
}
