package io.rankwire.core;

import org.agrona.concurrent.UnsafeBuffer;

/** A pooled staging buffer: a byte array and a reusable view of it. */
final class Stage
{
    final byte[] bytes;
    final UnsafeBuffer buffer;
    final int sizeClass;

    Stage(final int capacity, final int sizeClass)
    {
        this.bytes = new byte[capacity];
        this.buffer = new UnsafeBuffer(bytes);
        this.sizeClass = sizeClass;
    }
}
