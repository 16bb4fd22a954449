package io.rankwire.match;

import static io.rankwire.match.MatchKeys.CLASSES;

/**
 * Unexpected messages in arrival order, each linked into up to four lists at once: its exact
 * envelope, its (context, source), its (context, tag) and its context (the second and fourth only
 * for non-negative tags, since wildcard-tag receives never match internal tags). A receive of
 * class {@code k} reads the head of its key's list in index {@code k}: that head is the earliest
 * arrived message it matches.
 */
final class UnexpectedQueue
{
    @SuppressWarnings("unchecked")
    private final ListTable<MsgList>[] maps = new ListTable[CLASSES];
    private MsgList freeLists;
    private int size;

    UnexpectedQueue()
    {
        for (int i = 0; i < CLASSES; i++)
        {
            maps[i] = new ListTable<>();
        }
    }

    int size()
    {
        return size;
    }

    void add(final UnexpectedMsg msg)
    {
        final long tag = msg.tag;
        for (int i = 0; i < CLASSES; i++)
        {
            if (MatchKeys.indexed(i, tag))
            {
                final long key = MatchKeys.key(i, tag);
                final ListTable<MsgList> map = maps[i];
                MsgList list = map.get(key);
                if (list == null)
                {
                    list = acquireList(key, i);
                    map.put(list);
                }
                list.append(msg);
            }
        }
        msg.queued = true;
        size++;
    }

    /** The earliest message a receive of class {@code kind} and tag {@code tag} matches, or null. */
    UnexpectedMsg peek(final int kind, final long tag)
    {
        final MsgList list = maps[kind].get(MatchKeys.key(kind, tag));
        return list == null ? null : list.head;
    }

    void remove(final UnexpectedMsg msg)
    {
        for (int i = 0; i < CLASSES; i++)
        {
            final MsgList list = msg.lists[i];
            if (list != null && list.unlink(msg))
            {
                maps[i].remove(list);
                list.nextFree = freeLists;
                freeLists = list;
            }
        }
        msg.queued = false;
        size--;
    }

    private MsgList acquireList(final long key, final int index)
    {
        MsgList list = freeLists;
        if (list == null)
        {
            list = new MsgList();
        }
        else
        {
            freeLists = list.nextFree;
            list.nextFree = null;
        }
        return list.init(key, index);
    }
}
