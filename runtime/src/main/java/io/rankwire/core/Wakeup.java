package io.rankwire.core;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Lets a transport wake the threads of a rank that are parked waiting for progress
 * ({@code TransportContext.signal()}). A parking thread takes one of {@link #SLOTS} slots for the
 * length of its park; {@link #signal()} unparks every slotted thread, and costs one volatile read
 * when nobody is parked. Threads that find no free slot park anyway: every park is bounded, so a
 * missed signal costs latency, never progress.
 */
public final class Wakeup
{
    static final int SLOTS = 16;

    private final AtomicReferenceArray<Thread> parked = new AtomicReferenceArray<>(SLOTS);
    private final AtomicInteger parkedCount = new AtomicInteger();

    /** Parks the calling thread for at most {@code nanos}, or until {@link #signal()}. */
    public void parkNanos(final long nanos)
    {
        final Thread me = Thread.currentThread();
        final int start = (int)(me.getId() & (SLOTS - 1));
        for (int i = 0; i < SLOTS; i++)
        {
            final int slot = (start + i) & (SLOTS - 1);
            if (parked.compareAndSet(slot, null, me))
            {
                parkedCount.incrementAndGet();
                try
                {
                    LockSupport.parkNanos(this, nanos);
                }
                finally
                {
                    parked.set(slot, null);
                    parkedCount.decrementAndGet();
                }
                return;
            }
        }
        LockSupport.parkNanos(this, nanos);
    }

    /** Wakes every parked waiter. Any thread; never blocks. */
    public void signal()
    {
        if (parkedCount.get() == 0)
        {
            return;
        }
        for (int i = 0; i < SLOTS; i++)
        {
            final Thread t = parked.get(i);
            if (t != null)
            {
                LockSupport.unpark(t);
            }
        }
    }
}
