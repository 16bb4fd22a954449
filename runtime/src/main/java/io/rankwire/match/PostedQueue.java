package io.rankwire.match;

import static io.rankwire.match.MatchKeys.ANY_ANY;
import static io.rankwire.match.MatchKeys.ANY_SOURCE;
import static io.rankwire.match.MatchKeys.ANY_TAG;
import static io.rankwire.match.MatchKeys.CLASSES;
import static io.rankwire.match.MatchKeys.EXACT;

/**
 * The posted receives: one FIFO per (class, key), each found through a open-addressing table of its
 * class, every receive stamped with a global sequence number. An arriving message reads at most
 * four list heads and takes the lowest sequence number; with no wildcard receive posted it reads
 * its exact list only. NIC-held receives stay here (the shadow list) and are counted apart, so
 * the offload rules can ask "is any receive software-held?" in O(1).
 *
 * <p>A list that empties stays in its table, up to {@value #MAX_EMPTY_KEPT} such lists, so that
 * the common loop "post a receive for a key, match it, post again" neither removes and reinserts
 * the key in the open-addressing table nor recycles its list for every message. Beyond that
 * bound an emptied list leaves the table as before, so memory stays bounded whatever the keys.
 */
final class PostedQueue
{
    @SuppressWarnings("unchecked")
    private final ListTable<RecvList>[] maps = new ListTable[CLASSES];
    /** {@code maps[EXACT]}, held directly for the arrival fast path. */
    private final ListTable<RecvList> exact;
    /** Emptied lists kept in their tables at most. */
    static final int MAX_EMPTY_KEPT = 16;
    private RecvList freeLists;
    private int emptyKept;
    /** Receives queued per class (EXACT, ANY_SOURCE, ANY_TAG, ANY_ANY): a class at 0 is not probed. */
    private final int[] queued = new int[CLASSES];
    private long nextSeq;
    private int size;
    private int nicHeld;
    private int softwareWildcards;

    PostedQueue()
    {
        for (int i = 0; i < CLASSES; i++)
        {
            maps[i] = new ListTable<>();
        }
        exact = maps[EXACT];
    }

    int size()
    {
        return size;
    }

    /** Lists in the tables, empty ones kept for reuse included (tests). */
    int listsInTables()
    {
        int n = 0;
        for (final ListTable<RecvList> map : maps)
        {
            n += map.size();
        }
        return n;
    }

    int nicHeld()
    {
        return nicHeld;
    }

    int softwareHeld()
    {
        return size - nicHeld;
    }

    int softwareWildcards()
    {
        return softwareWildcards;
    }

    /** Software-held receives in the exact list of {@code tag} (0 when there is none). */
    int softwareHeldExact(final long tag)
    {
        final RecvList list = exact.get(tag);
        return list == null ? 0 : list.softwareHeld;
    }

    /** Queues a software-held receive of class {@code recv.kind} with the next sequence number. */
    void add(final PostedRecv recv)
    {
        final int kind = recv.kind;
        final long key = MatchKeys.key(kind, recv.tag);
        final ListTable<RecvList> map = maps[kind];
        RecvList list = map.get(key);
        if (list == null)
        {
            list = acquireList(key, kind);
            map.put(list);
        }
        else if (list.size == 0)
        {
            emptyKept--;
        }
        queued[kind]++;
        recv.seq = nextSeq++;
        recv.handle = -1;
        recv.state = PostedRecv.QUEUED;
        list.append(recv);
        list.softwareHeld++;
        size++;
        if (kind != EXACT)
        {
            softwareWildcards++;
        }
    }

    /** Marks a queued software-held receive as held by the NIC under {@code handle}. */
    void toNic(final PostedRecv recv, final int handle)
    {
        recv.handle = handle;
        recv.list.softwareHeld--;
        nicHeld++;
        if (recv.kind != EXACT)
        {
            softwareWildcards--;
        }
    }

    /** Marks a queued NIC-held receive as software-held again (its ADD failed). */
    void toSoftware(final PostedRecv recv)
    {
        recv.handle = -1;
        recv.list.softwareHeld++;
        nicHeld--;
        if (recv.kind != EXACT)
        {
            softwareWildcards++;
        }
    }

    /** Removes a queued receive; its state and handle are left for the caller to set. */
    void remove(final PostedRecv recv)
    {
        final RecvList list = recv.list;
        final boolean nic = recv.handle >= 0;
        list.unlink(recv);
        size--;
        queued[list.kind]--;
        if (nic)
        {
            nicHeld--;
        }
        else
        {
            list.softwareHeld--;
        }
        if (list.kind != EXACT && !nic)
        {
            softwareWildcards--;
        }
        if (list.size == 0)
        {
            if (emptyKept < MAX_EMPTY_KEPT)
            {
                emptyKept++;
                return;
            }
            maps[list.kind].remove(list);
            list.head = null;
            list.nextFree = freeLists;
            freeLists = list;
        }
    }

    /**
     * The queued receive with the lowest sequence number matching a message, or null. A class
     * with no receive queued is not probed, so a rank that only posts one kind of receive, exact
     * or wildcard, pays one probe per message.
     */
    PostedRecv match(final long msgTag)
    {
        PostedRecv best = queued[EXACT] == 0 ? null : head(exact, msgTag);
        if (size == queued[EXACT])
        {
            return best;
        }
        best = earlier(best, head(ANY_SOURCE, msgTag));
        if (msgTag >= 0)
        {
            best = earlier(best, head(ANY_TAG, msgTag));
            best = earlier(best, head(ANY_ANY, msgTag));
        }
        return best;
    }

    private PostedRecv head(final int kind, final long msgTag)
    {
        return queued[kind] == 0 ? null : head(maps[kind], MatchKeys.key(kind, msgTag));
    }

    private static PostedRecv head(final ListTable<RecvList> map, final long key)
    {
        final RecvList list = map.get(key);
        return list == null ? null : list.head;
    }

    private static PostedRecv earlier(final PostedRecv a, final PostedRecv b)
    {
        if (a == null)
        {
            return b;
        }
        return b == null || a.seq < b.seq ? a : b;
    }

    private RecvList acquireList(final long key, final int kind)
    {
        RecvList list = freeLists;
        if (list == null)
        {
            list = new RecvList();
        }
        else
        {
            freeLists = list.nextFree;
            list.nextFree = null;
        }
        return list.init(key, kind);
    }
}
