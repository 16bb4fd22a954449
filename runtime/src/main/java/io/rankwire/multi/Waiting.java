package io.rankwire.multi;

import io.rankwire.spi.Transport;

/**
 * How a rank reached through several transports waits in the kernel
 * ({@link Transport#awaitActivity}):
 *
 * <ul>
 *   <li>when there are several and every one joined the shared wait
 *       ({@link Transport#joinSharedWait}: {@code shm} and {@code tcp} do), block in that one
 *       wait ({@link OneWait}: one selector over shm's doorbell connections and tcp's sockets),
 *       so that a message on either path wakes the rank at once;</li>
 *   <li>when only one sub-transport has a kernel wait (the others have none and, as the SPI asks
 *       of them, announce their completions through {@code TransportContext.signal()}, which ends
 *       that wait), wait there for the whole time given: e.g. {@code shm}'s doorbell beside
 *       {@code tcp}'s event loops;</li>
 *   <li>when several have one but not all joined the shared wait, none hears the others: by
 *       default report that there is no kernel wait, so the runtime parks
 *       (1..100 us) and polls every sub; with {@code rankwire.auto.waitSliceMicros} above 0, wait
 *       in each in turn for at most that slice instead. Measured on two JVMs (8 B one-way p50):
 *       slices of 100 us gave 555 us, parking 13-80 us, plain {@code tcp} in the same mode
 *       53-67 us; a sub's own spin phase (shm spins and yields up to ten spin windows before it
 *       looks at the deadline) is blind to the others;</li>
 *   <li>when none has one, report that there is none (the runtime parks and polls).</li>
 * </ul>
 *
 * A sub-transport shows it has no kernel wait by returning false from its first
 * {@code awaitActivity}. One thread at a time, as the SPI says of {@code awaitActivity}.
 */
final class Waiting
{
    private final Transport[] subs;
    private final long sliceNanos;
    private final boolean[] noKernelWait;
    private final long[] waits;
    private int turn;
    private OneWait shared;

    Waiting(final Transport[] subs, final long sliceNanos)
    {
        this.subs = subs;
        this.sliceNanos = sliceNanos;
        this.noKernelWait = new boolean[subs.length];
        this.waits = new long[subs.length];
    }

    /** Kernel waits done in sub-transport {@code i}. */
    long waits(final int i)
    {
        return waits[i];
    }

    /** From now on every wait blocks in {@code wait} (all subs joined it). */
    void share(final OneWait wait)
    {
        this.shared = wait;
    }

    /** Work was delivered (the shared wait yields before its next block). */
    void arm()
    {
        final OneWait one = shared;
        if (one != null)
        {
            one.arm();
        }
    }

    /** The shared wait in use, or null. */
    OneWait shared()
    {
        return shared;
    }

    boolean await(final long maxNanos)
    {
        final OneWait one = shared;
        if (one != null)
        {
            one.await(maxNanos);
            return true;
        }
        int candidates = 0;
        int only = -1;
        for (int i = 0; i < subs.length; i++)
        {
            if (!noKernelWait[i])
            {
                candidates++;
                only = i;
            }
        }
        if (candidates == 0)
        {
            return false;
        }
        if (candidates == 1)
        {
            return waitIn(only, maxNanos) || subs.length > 1 && anyKernelWait();
        }
        if (sliceNanos <= 0)
        {
            return false;
        }
        int i = turn;
        while (noKernelWait[i])
        {
            i = next(i);
        }
        turn = next(i);
        waitIn(i, Math.min(maxNanos, sliceNanos));
        return true;
    }

    private boolean waitIn(final int i, final long nanos)
    {
        if (subs[i].awaitActivity(nanos))
        {
            waits[i]++;
            return true;
        }
        noKernelWait[i] = true;
        return false;
    }

    private boolean anyKernelWait()
    {
        for (final boolean none : noKernelWait)
        {
            if (!none)
            {
                return true;
            }
        }
        return false;
    }

    private int next(final int i)
    {
        return i + 1 == subs.length ? 0 : i + 1;
    }
}
