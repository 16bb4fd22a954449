package io.rankwire.match;

/**
 * An arrival-ordered list of unexpected messages sharing one key of one index (exact envelope,
 * context+source, context+tag, or context), linked through the message's per-index link arrays
 * so a message unlinks from all its lists in O(1). Pooled by {@link UnexpectedQueue}.
 */
final class MsgList extends KeyedList
{
    int index;
    UnexpectedMsg head;
    UnexpectedMsg tail;
    /** Pool link. */
    MsgList nextFree;

    MsgList init(final long key, final int index)
    {
        this.key = key;
        this.index = index;
        this.head = null;
        this.tail = null;
        return this;
    }

    void append(final UnexpectedMsg msg)
    {
        final int i = index;
        msg.lists[i] = this;
        msg.next[i] = null;
        msg.prev[i] = tail;
        if (tail == null)
        {
            head = msg;
        }
        else
        {
            tail.next[i] = msg;
        }
        tail = msg;
    }

    /** Unlinks {@code msg}; returns true when the list became empty. */
    boolean unlink(final UnexpectedMsg msg)
    {
        final int i = index;
        final UnexpectedMsg prev = msg.prev[i];
        final UnexpectedMsg next = msg.next[i];
        if (prev == null)
        {
            head = next;
        }
        else
        {
            prev.next[i] = next;
        }
        if (next == null)
        {
            tail = prev;
        }
        else
        {
            next.prev[i] = prev;
        }
        msg.prev[i] = null;
        msg.next[i] = null;
        msg.lists[i] = null;
        return head == null;
    }
}
