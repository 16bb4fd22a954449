package io.rankwire.sim;

import org.agrona.MutableDirectBuffer;

/**
 * The NIC's matching list: at most {@code capacity} tagged buffers indexed by the handle
 * software chose, linked in append order (intrusive, O(1) unlink). An arriving tag takes the
 * first entry with {@code ((tag ^ entryTag) & entryMask) == 0}. Guarded by the NIC lock.
 */
final class TagList
{
    private static final int NIL = -1;

    private final long[] tags;
    private final long[] masks;
    private final MutableDirectBuffer[] buffers;
    private final int[] offsets;
    private final int[] lengths;
    private final long[] recvWrIds;
    private final boolean[] inUse;
    private final int[] next;
    private final int[] prev;
    private int head = NIL;
    private int tail = NIL;

    TagList(final int capacity)
    {
        tags = new long[capacity];
        masks = new long[capacity];
        buffers = new MutableDirectBuffer[capacity];
        offsets = new int[capacity];
        lengths = new int[capacity];
        recvWrIds = new long[capacity];
        inUse = new boolean[capacity];
        next = new int[capacity];
        prev = new int[capacity];
    }

    boolean contains(final int handle)
    {
        return handle >= 0 && handle < inUse.length && inUse[handle];
    }

    /** Appends an entry; false if the handle is out of range or still in the list. */
    boolean add(
        final int handle,
        final long tag,
        final long mask,
        final MutableDirectBuffer buffer,
        final int offset,
        final int length,
        final long recvWrId)
    {
        if (handle < 0 || handle >= inUse.length || inUse[handle])
        {
            return false;
        }
        tags[handle] = tag;
        masks[handle] = mask;
        buffers[handle] = buffer;
        offsets[handle] = offset;
        lengths[handle] = length;
        recvWrIds[handle] = recvWrId;
        inUse[handle] = true;
        next[handle] = NIL;
        prev[handle] = tail;
        if (tail == NIL)
        {
            head = handle;
        }
        else
        {
            next[tail] = handle;
        }
        tail = handle;
        return true;
    }

    /** Unlinks an entry; false if it is not in the list. */
    boolean remove(final int handle)
    {
        if (!contains(handle))
        {
            return false;
        }
        final int p = prev[handle];
        final int n = next[handle];
        if (p == NIL)
        {
            head = n;
        }
        else
        {
            next[p] = n;
        }
        if (n == NIL)
        {
            tail = p;
        }
        else
        {
            prev[n] = p;
        }
        inUse[handle] = false;
        buffers[handle] = null;
        return true;
    }

    /** The first entry in append order that matches {@code tag}, or -1. */
    int match(final long tag)
    {
        for (int h = head; h != NIL; h = next[h])
        {
            if (((tag ^ tags[h]) & masks[h]) == 0)
            {
                return h;
            }
        }
        return NIL;
    }

    MutableDirectBuffer buffer(final int handle)
    {
        return buffers[handle];
    }

    int offset(final int handle)
    {
        return offsets[handle];
    }

    int length(final int handle)
    {
        return lengths[handle];
    }

    long recvWrId(final int handle)
    {
        return recvWrIds[handle];
    }
}
