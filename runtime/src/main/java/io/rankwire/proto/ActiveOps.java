package io.rankwire.proto;

/**
 * The operations started and not yet completed, in an intrusive doubly linked list (O(1) add and
 * remove, no allocation), so that close and peer failures can fail every one of them. Driving
 * thread only.
 */
final class ActiveOps
{
    private Transfer head;
    private int count;

    void add(final Transfer op)
    {
        op.active = true;
        op.prevActive = null;
        op.nextActive = head;
        if (head != null)
        {
            head.prevActive = op;
        }
        head = op;
        count++;
    }

    void remove(final Transfer op)
    {
        if (!op.active)
        {
            return;
        }
        op.active = false;
        if (op.prevActive != null)
        {
            op.prevActive.nextActive = op.nextActive;
        }
        else
        {
            head = op.nextActive;
        }
        if (op.nextActive != null)
        {
            op.nextActive.prevActive = op.prevActive;
        }
        op.prevActive = null;
        op.nextActive = null;
        count--;
    }

    /** The most recently added active operation, or null; follow {@code Transfer.nextActive}. */
    Transfer head()
    {
        return head;
    }

    int count()
    {
        return count;
    }
}
