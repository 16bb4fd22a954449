package io.rankwire.core;

/**
 * The operations started and not yet completed, in an intrusive doubly linked list (O(1) add and
 * remove, no allocation), so that close and peer failures can fail every one of them. Driving
 * thread only.
 */
final class ActiveOps
{
    private Operation head;
    private int count;

    void add(final Operation op)
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

    void remove(final Operation op)
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

    /** The most recently added active operation, or null; follow {@code Operation.nextActive}. */
    Operation head()
    {
        return head;
    }

    int count()
    {
        return count;
    }
}
