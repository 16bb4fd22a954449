package io.rankwire.progress;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import io.rankwire.spi.Transport;

/**
 * Lets a transport (or another thread of the rank) wake the threads of a rank that are idle
 * waiting for progress ({@code TransportContext.signal()}).
 *
 * <p>No lost wake-up: every {@link #signal()} advances an epoch. An idle strategy samples the
 * epoch ({@link #epoch()}) before it makes progress and checks its condition, and passes the
 * sample to {@link #await}. The waiter first announces itself (a slot, or the transport's
 * blocking wait), then re-reads the epoch and blocks only if no signal came since the sample;
 * {@link #signal()} advances the epoch first and then wakes every announced waiter. Whichever
 * of the two goes second sees the other (all fields are sequentially consistent), so a signal
 * racing a thread that is about to block either stops it from blocking or wakes it.
 *
 * <p>One waiter at a time may block in the transport's kernel wait
 * ({@link Transport#awaitActivity}, e.g. a selector on the rank's sockets); the others park on a
 * slot. A parking thread takes one of {@link #SLOTS} slots for the length of its park; threads
 * that find no free slot park anyway: every park is bounded, so they cost latency, never
 * progress. {@link #signal()} costs one atomic increment and one volatile read when nobody waits.
 *
 * <p>Announced idling, for the per-message path: a thread that may block first announces itself
 * ({@link #announce()}, which returns its epoch sample) and withdraws when it has work again
 * ({@link #withdraw()}). {@link #wake()} signals only when some thread is announced, and costs a
 * read of a rarely written count otherwise: no write to a shared line and no fence. A thread
 * that only spins never announces, never reads the epoch while it spins, and so keeps the
 * epoch's line away from the signallers of the other ranks. Callers of {@link #await} that rely
 * on {@link #wake()} (rather than on {@link #signal()}) must be announced.
 *
 * <pre>
 *   signaller (wake)                     waiter
 *   publish completion                   idlers++            (announce: a full fence)
 *   idlers == 0 ? done                   seen = epoch
 *   else epoch++, unpark announced       progress, yields with progress: nothing found
 *                                        await(seen): announce slot, epoch == seen ? block (bounded)
 * </pre>
 *
 * <p>Why no fence in {@link #wake()}: without one, the signaller's read of the count may be
 * served before its completion leaves its store buffer, so a waiter announcing in those few
 * nanoseconds can be missed, and its progress call may not see the completion yet either. That
 * waiter still polls again: through the yield phase and after every block, and every block is
 * bounded (a park at most {@code Idles.MAX_PARK_NS}, 100 us; a kernel wait at most
 * {@code Idles.MAX_AWAIT_NS}, 1 ms). So the race costs at most one bounded block, never a lost
 * wake-up, and it needs a waiter that announces within a store-buffer drain of a completion
 * and outlasts its yields; the fence it replaces cost every message. (A waiter of the kernel
 * wait stays announced across its waits, so only its first announcement can race.) The same
 * trade as {@link EngineLock}'s.
 *
 * <p>The epoch and the idler count sit on cache lines of their own (an {@link AtomicLongArray}
 * with {@value #PAD} longs between and around them), away from each other, the blocking state
 * and the rest of the rank's hot objects.
 */
public final class Wakeup
{
    static final int SLOTS = 16;
    /** Longs (128 bytes: a line and its prefetch pair) around each padded counter. */
    private static final int PAD = 16;
    private static final int EPOCH = PAD;
    private static final int IDLERS = 2 * PAD;

    private final AtomicLongArray counters = new AtomicLongArray(3 * PAD + 1);
    private final AtomicReferenceArray<Thread> parked = new AtomicReferenceArray<>(SLOTS);
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicBoolean blocking = new AtomicBoolean();
    private volatile Transport transport;
    private volatile boolean kernelWait;
    private volatile boolean noKernelWait;

    /** Lets waiters block in {@code transport}'s {@link Transport#awaitActivity} when it supports it. */
    public void attach(final Transport transport)
    {
        this.transport = transport;
    }

    /** The current epoch: sample it before checking whether there is anything to wait for. */
    public long epoch()
    {
        return counters.get(EPOCH);
    }

    /**
     * Announces that the calling thread may block (see {@link #wake()}) and returns the epoch
     * sampled after the announcement; pair with {@link #withdraw()}.
     */
    public long announce()
    {
        counters.getAndIncrement(IDLERS);
        return counters.get(EPOCH);
    }

    /** Withdraws an {@link #announce()}: the calling thread will not block any more. */
    public void withdraw()
    {
        counters.getAndDecrement(IDLERS);
    }

    /** Threads announced and not withdrawn. */
    int idlers()
    {
        return (int)counters.get(IDLERS);
    }

    /** Parks the calling thread for at most {@code nanos}, or until {@link #signal()}. */
    public void parkNanos(final long nanos)
    {
        await(nanos, 0, counters.get(EPOCH));
    }

    /**
     * Blocks the calling thread until {@link #signal()}, for at most {@code awaitNanos} in the
     * transport's kernel wait when it has one and no other thread is in it, otherwise parked for
     * at most {@code parkNanos}. Returns at once when a signal came after {@code seenEpoch} was
     * sampled.
     *
     */
    public void await(final long parkNanos, final long awaitNanos, final long seenEpoch)
    {
        final Transport t = transport;
        if (t != null && awaitNanos > 0 && !noKernelWait && !blocking.get() && blocking.compareAndSet(false, true))
        {
            try
            {
                if (awaitInTransport(t, awaitNanos, seenEpoch))
                {
                    return;
                }
            }
            finally
            {
                blocking.set(false);
            }
        }
        park(parkNanos, seenEpoch);
    }

    /** Whether the attached transport has been seen to offer a kernel wait ({@link Transport#awaitActivity}). */
    public boolean kernelWait()
    {
        return kernelWait;
    }

    private boolean awaitInTransport(final Transport t, final long nanos, final long seenEpoch)
    {
        waiting.incrementAndGet();
        try
        {
            if (counters.get(EPOCH) != seenEpoch)
            {
                return true;
            }
            final boolean waited = t.awaitActivity(nanos);
            if (waited && !kernelWait)
            {
                kernelWait = true;
            }
            else if (!waited && !kernelWait)
            {
                noKernelWait = true; // the transport has none: park from now on
            }
            return waited;
        }
        finally
        {
            waiting.decrementAndGet();
        }
    }

    private void park(final long nanos, final long seenEpoch)
    {
        final Thread me = Thread.currentThread();
        final int start = (int)(me.getId() & (SLOTS - 1));
        for (int i = 0; i < SLOTS; i++)
        {
            final int slot = (start + i) & (SLOTS - 1);
            if (parked.compareAndSet(slot, null, me))
            {
                waiting.incrementAndGet();
                try
                {
                    if (counters.get(EPOCH) == seenEpoch)
                    {
                        LockSupport.parkNanos(this, nanos);
                    }
                }
                finally
                {
                    parked.set(slot, null);
                    waiting.decrementAndGet();
                }
                return;
            }
        }
        if (counters.get(EPOCH) == seenEpoch)
        {
            LockSupport.parkNanos(this, nanos);
        }
    }

    /** Wakes every waiter, and any thread about to wait on an older epoch. Any thread; never blocks. */
    public void signal()
    {
        counters.getAndIncrement(EPOCH);
        if (waiting.get() == 0)
        {
            return;
        }
        final Transport t = transport;
        if (t != null && blocking.get())
        {
            t.wakeAwait();
        }
        for (int i = 0; i < SLOTS; i++)
        {
            final Thread thread = parked.get(i);
            if (thread != null)
            {
                LockSupport.unpark(thread);
            }
        }
    }

    /**
     * Wakes like {@link #signal()} when some thread has announced that it may block; otherwise
     * only a read of the (rarely written) idler count, without a fence (see the class comment).
     * Call after publishing what the waiters look for. Any thread; never blocks.
     */
    public void wake()
    {
        if (counters.get(IDLERS) != 0)
        {
            signal();
        }
    }
}
