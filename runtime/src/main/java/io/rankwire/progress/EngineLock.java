package io.rankwire.progress;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The engine lock: reentrant, not fair, released with a release store rather than a volatile
 * one, so an uncontended lock and unlock cost one CAS and no fence (the engine takes it about
 * three times per message, and a polling waiter once per poll).
 *
 * <p>Blocked callers spin briefly, then park on one of {@link #SLOTS} slots with a bounded,
 * doubling period ({@value #MIN_PARK_US} us up to {@value #MAX_PARK_US} us), re-trying the lock
 * each time they wake. {@link #unlock()} unparks the parked callers when the count of parked
 * callers it reads is not zero. That read is not fenced against the release store: a caller that
 * announces itself in the instant the holder releases can be missed, and then takes the lock
 * when its period ends (at most {@value #MAX_PARK_US} us later), never later and never not at
 * all. A caller that finds no free slot parks anyway; every park is bounded.
 *
 * <pre>
 *   holder (unlock)                     blocked caller
 *   state = FREE    (release store)     parked++             (full fence)
 *   parked != 0 ? unpark slots          tryLock ? done
 *                                       park(period); parked--; tryLock
 * </pre>
 *
 * <p><b>Confined mode</b> ({@code rankwire.threads=funneled}, MPI's {@code MPI_THREAD_FUNNELED}):
 * the lock belongs to one thread ({@link #confine}) and taking or releasing it costs a volatile
 * read and a compare, no CAS; any other thread gets an {@link IllegalStateException} naming both
 * threads instead of the lock. The owner may change only at a quiescent point, by the owner
 * itself or after it ended and was joined ({@link #confine}), and the volatile write of the new
 * owner publishes the engine's state to it.
 */
public final class EngineLock
{
    static final int SLOTS = 8;
    static final int SPINS = 100;
    static final long MIN_PARK_US = 1;
    static final long MAX_PARK_US = 100;

    private static final VarHandle STATE;
    private static final VarHandle PARKED;
    private static final int FREE = 0;
    private static final int HELD = 1;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(EngineLock.class, "state", int.class);
            PARKED = lookup.findVarHandle(EngineLock.class, "parked", int.class);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int state;
    private volatile int parked;
    /** The holder; written only by it (after acquiring, before releasing). */
    private Thread owner;
    private int holds;
    private final AtomicReferenceArray<Thread> slots = new AtomicReferenceArray<>(SLOTS);
    /** Confined mode: the only thread allowed; null in the shared mode. */
    private volatile Thread confinedTo;

    /**
     * Confines the lock to {@code thread} from now on (confined mode). The caller guarantees that
     * no other thread uses the lock any more: it is the current owner handing over, or the
     * previous owner has ended and was joined. Must not be called while the lock is held.
     */
    public void confine(final Thread thread)
    {
        if (holds != 0)
        {
            throw new IllegalStateException("engine lock : held " + holds + " time(s) (expected: free to hand over)");
        }
        owner = null;
        confinedTo = thread;
    }

    /** The thread the lock is confined to, or null in the shared mode. */
    public Thread confinedTo()
    {
        return confinedTo;
    }

    private static IllegalStateException wrongThread(final Thread me, final Thread confined)
    {
        return new IllegalStateException("rankwire.threads=funneled : called from thread '" + me.getName() +
            "' (expected: only thread '" + confined.getName() + "', which initialized the rank)");
    }

    /** Takes the lock if it is free or already held by the calling thread. Never blocks. */
    public boolean tryLock()
    {
        final Thread me = Thread.currentThread();
        final Thread confined = confinedTo;
        if (confined != null)
        {
            if (confined != me)
            {
                throw wrongThread(me, confined);
            }
            holds++;
            return true;
        }
        if (owner == me)
        {
            holds++;
            return true;
        }
        if (state == FREE && STATE.compareAndSet(this, FREE, HELD))
        {
            owner = me;
            holds = 1;
            return true;
        }
        return false;
    }

    /** Takes the lock, blocking (spin, then bounded parks) while another thread holds it. */
    public void lock()
    {
        if (!tryLock())
        {
            lockContended();
        }
    }

    private void lockContended()
    {
        for (int i = 0; i < SPINS; i++)
        {
            Thread.onSpinWait();
            if (tryLock())
            {
                return;
            }
        }
        long parkNs = TimeUnit.MICROSECONDS.toNanos(MIN_PARK_US);
        final long maxParkNs = TimeUnit.MICROSECONDS.toNanos(MAX_PARK_US);
        while (!parkUntilTaken(parkNs))
        {
            parkNs = Math.min(parkNs << 1, maxParkNs);
        }
    }

    /** Parks once (announced in a slot) unless the lock can be taken; true when taken. */
    private boolean parkUntilTaken(final long parkNs)
    {
        final Thread me = Thread.currentThread();
        final int start = (int)(me.getId() & (SLOTS - 1));
        int slot = -1;
        for (int i = 0; i < SLOTS && slot < 0; i++)
        {
            final int s = (start + i) & (SLOTS - 1);
            if (slots.compareAndSet(s, null, me))
            {
                slot = s;
            }
        }
        PARKED.getAndAdd(this, 1);
        try
        {
            if (tryLock())
            {
                return true;
            }
            LockSupport.parkNanos(this, parkNs);
        }
        finally
        {
            PARKED.getAndAdd(this, -1);
            if (slot >= 0)
            {
                slots.set(slot, null);
            }
        }
        return tryLock();
    }

    /**
     * Releases one hold; the last one frees the lock with a release store and unparks parked
     * callers.
     *
     * @throws IllegalStateException when the calling thread does not hold the lock
     */
    public void unlock()
    {
        final Thread confined = confinedTo;
        if (confined != null)
        {
            if (confined != Thread.currentThread() || holds <= 0)
            {
                throw new IllegalStateException("engine lock holder : " + Thread.currentThread().getName() +
                    " (expected: the thread holding the lock)");
            }
            holds--;
            return;
        }
        if (owner != Thread.currentThread())
        {
            throw new IllegalStateException("engine lock holder : " + Thread.currentThread().getName() +
                " (expected: the thread holding the lock)");
        }
        if (--holds > 0)
        {
            return;
        }
        owner = null;
        STATE.setRelease(this, FREE);
        if ((int)PARKED.getOpaque(this) != 0)
        {
            unparkAll();
        }
    }

    private void unparkAll()
    {
        for (int i = 0; i < SLOTS; i++)
        {
            final Thread t = slots.get(i);
            if (t != null)
            {
                LockSupport.unpark(t);
            }
        }
    }

    /** Whether the calling thread holds the lock. */
    public boolean isHeldByCurrentThread()
    {
        final Thread confined = confinedTo;
        if (confined != null)
        {
            return confined == Thread.currentThread() && holds > 0;
        }
        return owner == Thread.currentThread();
    }
}
