package io.rankwire.buffer;

import org.agrona.concurrent.UnsafeBuffer;

/** A pooled staging buffer: a byte array and a reusable view of it. */
public final class Stage
{
    /** The staged bytes. */
    public final byte[] bytes;
    /** A view of {@link #bytes}. */
    public final UnsafeBuffer buffer;
    final int sizeClass;

    Stage(final int capacity, final int sizeClass)
    {
        this.bytes = new byte[capacity];
        this.buffer = new UnsafeBuffer(bytes);
        this.sizeClass = sizeClass;
    }
}
