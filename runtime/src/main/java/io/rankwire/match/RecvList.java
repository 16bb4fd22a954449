package io.rankwire.match;

/**
 * A FIFO of posted receives of one class and one key, intrusively linked through
 * {@link PostedRecv#prev}/{@link PostedRecv#next} so any member unlinks in O(1). Pooled by
 * {@link PostedQueue}; a list that becomes empty stays in its map for the next receive of its key
 * (up to {@link PostedQueue#MAX_EMPTY_KEPT} such lists) or leaves it and returns to the pool.
 */
final class RecvList extends KeyedList
{
    int kind;
    int size;
    /** Members the NIC does not hold (software-held). */
    int softwareHeld;
    PostedRecv head;
    PostedRecv tail;
    /** Pool link. */
    RecvList nextFree;

    RecvList init(final long key, final int kind)
    {
        this.key = key;
        this.kind = kind;
        this.size = 0;
        this.softwareHeld = 0;
        this.head = null;
        this.tail = null;
        return this;
    }

    void append(final PostedRecv recv)
    {
        recv.list = this;
        recv.next = null;
        recv.prev = tail;
        if (tail == null)
        {
            head = recv;
        }
        else
        {
            tail.next = recv;
        }
        tail = recv;
        size++;
    }

    void unlink(final PostedRecv recv)
    {
        final PostedRecv prev = recv.prev;
        final PostedRecv next = recv.next;
        if (prev == null)
        {
            head = next;
        }
        else
        {
            prev.next = next;
        }
        if (next == null)
        {
            tail = prev;
        }
        else
        {
            next.prev = prev;
        }
        recv.prev = null;
        recv.next = null;
        recv.list = null;
        size--;
    }
}
