package io.rankwire.match;

/**
 * The NIC's list slots (handles {@code 0..maxNumTags-1}) and what software knows of each entry.
 * A slot is reused only after its ADD completed and its entry is gone for good: consumed (the
 * final TM_RECV), deleted (TM_DEL success), or never added (the ADD failed or was dropped before
 * it was posted).
 */
final class NicSlots
{
    /** ADD posted to the NIC (not merely queued). */
    static final int ADD_POSTED = 1;
    /** ADD completion seen. */
    static final int ADD_DONE = 1 << 1;
    /** ADD completed with an error: the entry never existed. */
    static final int ADD_FAILED = 1 << 2;
    /** DEL queued or posted, completion not seen yet. */
    static final int DEL_PENDING = 1 << 3;
    /** DEL completed successfully: the entry is gone. */
    static final int DEL_OK = 1 << 4;
    /** The DEL comes from a user cancel: its success cancels the receive. */
    static final int CANCEL = 1 << 5;
    /** TM_RECV with MATCH seen. */
    static final int MATCHED = 1 << 6;
    /** The final TM_RECV (data valid, or an error status) seen. */
    static final int CONSUMED = 1 << 7;
    /** The ADD was never posted and never will be: the entry never existed. */
    static final int VOID = 1 << 8;

    private final PostedRecv[] recvs;
    private final int[] flags;
    private final int[] free;
    private int freeCount;

    NicSlots(final int maxNumTags)
    {
        recvs = new PostedRecv[maxNumTags];
        flags = new int[maxNumTags];
        free = new int[maxNumTags];
        for (int i = 0; i < maxNumTags; i++)
        {
            free[i] = maxNumTags - 1 - i;
        }
        freeCount = maxNumTags;
    }

    int capacity()
    {
        return recvs.length;
    }

    int freeCount()
    {
        return freeCount;
    }

    int inUse()
    {
        return recvs.length - freeCount;
    }

    boolean valid(final int handle)
    {
        return handle >= 0 && handle < recvs.length;
    }

    /** Takes a free slot for {@code recv}; the caller checked {@link #freeCount()}. */
    int acquire(final PostedRecv recv)
    {
        final int handle = free[--freeCount];
        recvs[handle] = recv;
        flags[handle] = 0;
        return handle;
    }

    PostedRecv recv(final int handle)
    {
        return recvs[handle];
    }

    /** Forgets the receive of a slot whose request software has completed itself. */
    void detach(final int handle)
    {
        recvs[handle] = null;
    }

    int flags(final int handle)
    {
        return flags[handle];
    }

    boolean has(final int handle, final int flag)
    {
        return (flags[handle] & flag) != 0;
    }

    void set(final int handle, final int flag)
    {
        flags[handle] |= flag;
    }

    void clear(final int handle, final int flag)
    {
        flags[handle] &= ~flag;
    }

    /** Frees the slot if both of its completions are in; returns true if it did. */
    boolean releaseIfDone(final int handle)
    {
        final int f = flags[handle];
        final boolean gone = (f & VOID) != 0 ||
            ((f & ADD_DONE) != 0 && (f & DEL_PENDING) == 0 &&
                (f & (CONSUMED | DEL_OK | ADD_FAILED)) != 0);
        if (gone)
        {
            recvs[handle] = null;
            flags[handle] = 0;
            free[freeCount++] = handle;
        }
        return gone;
    }
}
