package io.rankwire.core;

import java.util.ArrayDeque;

/**
 * Power-of-two size classes of byte buffers, used for typed-array staging and for the payload of
 * unexpected eager messages. Buffers up to {@link #MAX_POOLED} are kept for reuse (at most
 * {@link #PER_CLASS} per class); larger ones are allocated and dropped. Not thread safe: used by
 * the thread that drives the engine.
 */
final class StagePool
{
    static final int MIN_CLASS = 6;
    static final int MAX_CLASS = 20;
    static final int MAX_POOLED = 1 << MAX_CLASS;
    static final int PER_CLASS = 1024;

    @SuppressWarnings("unchecked")
    private final ArrayDeque<Stage>[] free = new ArrayDeque[MAX_CLASS + 1];

    StagePool()
    {
        for (int c = MIN_CLASS; c <= MAX_CLASS; c++)
        {
            free[c] = new ArrayDeque<>();
        }
    }

    Stage acquire(final int length)
    {
        final int c = sizeClass(length);
        if (c > MAX_CLASS)
        {
            return new Stage(length, c);
        }
        final Stage s = free[c].pollFirst();
        return s != null ? s : new Stage(1 << c, c);
    }

    void release(final Stage stage)
    {
        if (stage != null && stage.sizeClass <= MAX_CLASS && free[stage.sizeClass].size() < PER_CLASS)
        {
            free[stage.sizeClass].addFirst(stage);
        }
    }

    static int sizeClass(final int length)
    {
        if (length <= 1 << MIN_CLASS)
        {
            return MIN_CLASS;
        }
        return 32 - Integer.numberOfLeadingZeros(length - 1);
    }
}
