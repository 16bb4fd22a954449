package io.rankwire.sim;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The lock of one {@link SimNic}: a test-and-test-and-set spin lock, not reentrant. Taking it
 * free costs one CAS and releasing it one release store (a monitor costs a CAS each way). A
 * waiter spins briefly, then yields, then sleeps in short parks: it never queues on a monitor,
 * so a holder that the OS preempts is not followed by a park/unpark hand-off on every later
 * acquisition, and a waiter on the same core gives the holder the CPU back. The NIC's critical
 * sections are short (a message copy, a CQE) except a rendezvous read, which copies the whole
 * payload: the yield phase is long enough to cover such a copy, because a timed park cannot be
 * ended by the release and would add the timer's slack (tens of microseconds) to the waiter.
 * Only a wait longer than that (a holder descheduled for a while) parks, in short periods.
 *
 * <p>The state sits between two blocks of padding (superclass fields are laid out first) so
 * that the senders' CAS traffic does not share a cache line with objects allocated beside it.
 */
final class NicLock extends NicLockState
{
    private static final int SPINS = 128;
    /** Yields before parking: covers a rendezvous copy (hundreds of microseconds) without a park. */
    private static final int YIELDS = 1024;
    private static final long PARK_NS = 20_000;
    private static final VarHandle STATE;

    static
    {
        try
        {
            STATE = MethodHandles.lookup().findVarHandle(NicLockState.class, "state", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused")
    private long p11, p12, p13, p14, p15, p16, p17;

    /** Takes the lock, waiting as long as it takes. */
    void lock()
    {
        if (!STATE.compareAndSet(this, 0, 1))
        {
            lockSlow();
        }
    }

    private void lockSlow()
    {
        int attempts = 0;
        for (;;)
        {
            if (state == 0 && STATE.compareAndSet(this, 0, 1))
            {
                return;
            }
            attempts++;
            if (attempts < SPINS)
            {
                Thread.onSpinWait();
            }
            else if (attempts < SPINS + YIELDS)
            {
                Thread.yield();
            }
            else
            {
                LockSupport.parkNanos(this, PARK_NS);
            }
        }
    }

    /** Releases the lock; only the holder calls this. */
    void unlock()
    {
        STATE.setRelease(this, 0);
    }
}
