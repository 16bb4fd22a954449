package mpi;

import java.util.ArrayDeque;

/**
 * Byte arrays for staging packed data (derived-type sends and receives, and buffers Rankwire
 * cannot use in place), pooled per rank so that a large message does not allocate and zero a new
 * array every time. Arrays come in power-of-two sizes from 4 KiB to 128 MiB (larger requests are
 * allocated exactly and not kept); each size keeps at most {@value #PER_CLASS} arrays and the pool
 * at most {@value #MAX_POOLED_BYTES} bytes. Thread safe.
 */
final class StagingPool
{
    private static final int MIN_SHIFT = 12;
    private static final int MAX_SHIFT = 27;
    private static final int PER_CLASS = 4;
    private static final long MAX_POOLED_BYTES = 256L << 20;

    @SuppressWarnings("unchecked")
    private final ArrayDeque<byte[]>[] free = new ArrayDeque[MAX_SHIFT + 1];
    private long pooledBytes;

    /** An array of at least {@code n} bytes (its content is whatever the last user left). */
    byte[] acquire(final int n)
    {
        final int shift = shift(n);
        if (shift > MAX_SHIFT)
        {
            return new byte[n];
        }
        synchronized (this)
        {
            final ArrayDeque<byte[]> q = free[shift];
            final byte[] b = q == null ? null : q.pollLast();
            if (b != null)
            {
                pooledBytes -= b.length;
                return b;
            }
        }
        return new byte[1 << shift];
    }

    /** Returns an array from {@link #acquire} for reuse. */
    void release(final byte[] b)
    {
        final int shift = Integer.numberOfTrailingZeros(b.length);
        if (b.length != 1 << shift || shift < MIN_SHIFT || shift > MAX_SHIFT)
        {
            return;
        }
        synchronized (this)
        {
            ArrayDeque<byte[]> q = free[shift];
            if (q == null)
            {
                q = new ArrayDeque<>(PER_CLASS);
                free[shift] = q;
            }
            if (q.size() < PER_CLASS && pooledBytes + b.length <= MAX_POOLED_BYTES)
            {
                q.addLast(b);
                pooledBytes += b.length;
            }
        }
    }

    private static int shift(final int n)
    {
        return n <= 1 << MIN_SHIFT ? MIN_SHIFT : 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
