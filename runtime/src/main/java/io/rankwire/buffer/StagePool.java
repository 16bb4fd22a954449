package io.rankwire.buffer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Power-of-two size classes of byte buffers, used for typed-array staging and for the payload of
 * unexpected eager messages. Buffers up to {@link #MAX_POOLED} are kept for reuse; larger ones
 * are allocated and dropped. A class keeps at most {@link #PER_CLASS} buffers and about
 * {@link #BYTES_PER_CLASS} bytes (at least two buffers), so the pool retains under 16 MiB. Not
 * thread safe: used by the thread that drives the engine.
 */
public final class StagePool
{
    static final int MIN_CLASS = 6;
    static final int MAX_CLASS = 20;
    static final int MAX_POOLED = 1 << MAX_CLASS;
    static final int PER_CLASS = 1024;
    static final int BYTES_PER_CLASS = 1 << 20;

    private final List<ArrayDeque<Stage>> free = new ArrayList<>(MAX_CLASS + 1);

    public StagePool()
    {
        for (int c = 0; c <= MAX_CLASS; c++)
        {
            free.add(new ArrayDeque<>());
        }
    }

    public Stage acquire(final int length)
    {
        final int c = sizeClass(length);
        if (c > MAX_CLASS)
        {
            return new Stage(length, c);
        }
        final Stage s = free.get(c).pollFirst();
        return s != null ? s : new Stage(1 << c, c);
    }

    public void release(final Stage stage)
    {
        if (stage != null && stage.sizeClass <= MAX_CLASS && free.get(stage.sizeClass).size() < keep(stage.sizeClass))
        {
            free.get(stage.sizeClass).addFirst(stage);
        }
    }

    /** Buffers kept per class: at most {@link #PER_CLASS}, and about {@link #BYTES_PER_CLASS} bytes. */
    static int keep(final int sizeClass)
    {
        return Math.min(PER_CLASS, Math.max(2, BYTES_PER_CLASS >> sizeClass));
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
