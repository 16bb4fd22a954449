package io.rankwire.spi;

import org.agrona.DirectBuffer;

/**
 * The common part of a transport's registered region: the local range
 * {@code buffer[offset, offset + length)} and the (va, rkey) pair peers name it by, with the
 * bounds check every remote read needs. Transports subclass it and decide what
 * {@link #close()} does (usually: remove the region from their rkey table).
 */
public abstract class AbstractMemoryRegion implements MemoryRegion
{
    private final DirectBuffer buffer;
    private final int offset;
    private final int length;
    private final long va;
    private final int rkey;

    /**
     * @param buffer the registered memory
     * @param offset where the region starts in {@code buffer}
     * @param length the region's length in bytes
     * @param va     the virtual address peers name the region's first byte by
     * @param rkey   the remote key peers present
     */
    protected AbstractMemoryRegion(
        final DirectBuffer buffer, final int offset, final int length, final long va, final int rkey)
    {
        checkRange(buffer, offset, length);
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.va = va;
        this.rkey = rkey;
    }

    /**
     * Validates a range to register.
     *
     * @throws IllegalArgumentException naming the range and the buffer's capacity
     */
    public static void checkRange(final DirectBuffer buffer, final int offset, final int length)
    {
        if (!PostArguments.inBounds(buffer, offset, length))
        {
            throw new IllegalArgumentException("offset : " + offset + ", length : " + length +
                " (expected: a range inside 0.." + buffer.capacity() + ")");
        }
    }

    @Override
    public final long va()
    {
        return va;
    }

    @Override
    public final int rkey()
    {
        return rkey;
    }

    @Override
    public final int length()
    {
        return length;
    }

    /** The registered memory. */
    public final DirectBuffer buffer()
    {
        return buffer;
    }

    /** Where the region starts in {@link #buffer()}. */
    public final int offset()
    {
        return offset;
    }

    /** True when {@code [readVa, readVa + readLength)} lies inside this region. */
    public final boolean contains(final long readVa, final long readLength)
    {
        return contains(va, length, readVa, readLength);
    }

    /**
     * True when {@code [readVa, readVa + readLength)} lies inside the region of {@code length}
     * bytes at {@code va}: the check of every remote read, for transports whose region objects
     * do not extend this class (pooled ones, whose fields change when they are reused).
     */
    public static boolean contains(final long va, final int length, final long readVa, final long readLength)
    {
        return readLength >= 0 && readVa >= va && readVa - va <= length - readLength;
    }

    /** The offset in {@link #buffer()} of the byte peers address as {@code readVa}. */
    public final int bufferOffset(final long readVa)
    {
        return offset + (int)(readVa - va);
    }

    @Override
    public String toString()
    {
        return getClass().getSimpleName() + "{va=0x" + Long.toHexString(va) + ", rkey=0x" +
            Integer.toHexString(rkey) + ", length=" + length + '}';
    }
}
