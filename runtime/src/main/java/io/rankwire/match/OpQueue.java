package io.rankwire.match;

/**
 * FIFO of list operations waiting for an op credit (or refused with BACK_PRESSURED), each with the
 * {@code swCnt} software had when it decided the operation. Keeping that count, not the count at
 * posting time, is what keeps a DEL ahead of any operation that reports a newer count.
 *
 * <p>Bounded: a slot has at most one ADD and one DEL queued, plus one SYNC.
 */
final class OpQueue
{
    static final int ADD = 0;
    static final int DEL = 1;
    static final int SYNC = 2;

    private final int[] kinds;
    private final int[] handles;
    private final int[] counts;
    private final int mask;
    private long head;
    private long tail;

    OpQueue(final int maxNumTags)
    {
        int capacity = 4;
        while (capacity < 2 * maxNumTags + 2)
        {
            capacity <<= 1;
        }
        kinds = new int[capacity];
        handles = new int[capacity];
        counts = new int[capacity];
        mask = capacity - 1;
    }

    boolean isEmpty()
    {
        return head == tail;
    }

    int size()
    {
        return (int)(tail - head);
    }

    void offer(final int kind, final int handle, final int swCnt)
    {
        if (tail - head > mask)
        {
            throw new IllegalStateException("deferred ops : " + size() + " (expected: <= " + (mask + 1) + ")");
        }
        final int i = (int)(tail++ & mask);
        kinds[i] = kind;
        handles[i] = handle;
        counts[i] = swCnt;
    }

    int headKind()
    {
        return kinds[(int)(head & mask)];
    }

    int headHandle()
    {
        return handles[(int)(head & mask)];
    }

    int headCount()
    {
        return counts[(int)(head & mask)];
    }

    void poll()
    {
        head++;
    }
}
