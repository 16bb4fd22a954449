package mpi;

import java.util.function.Consumer;

import io.rankwire.RankwireException;

/**
 * A nonblocking operation. Completing it with a wait or a successful test makes a request
 * {@link #isNull() null} (persistent requests, {@link Prequest}, become inactive instead), as
 * {@code MPI_Wait} sets the handle to {@code MPI_REQUEST_NULL}. Waits and tests on null or
 * inactive requests return an empty status at once. The static families accept
 * {@link MPI#REQUEST_NULL} (or {@code null}) entries, which count as inactive.
 *
 * <p>A receive that was truncated raises {@link MPIException} with class
 * {@link MPI#ERR_TRUNCATE} from the call that completes it.
 */
public class Request
{
    private io.rankwire.Request rw;
    private Consumer<io.rankwire.Status> hook;
    private Status ready;
    private boolean active;
    private boolean isNull;

    Request(final io.rankwire.Request rw, final Consumer<io.rankwire.Status> hook)
    {
        this.rw = rw;
        this.hook = hook;
        this.active = true;
    }

    /** A request that completes at once with {@code status}. */
    Request(final Status status)
    {
        this.ready = status;
        this.active = true;
    }

    /** The null request ({@code inactive == false}), or an inactive persistent request. */
    Request(final boolean inactive)
    {
        this.isNull = !inactive;
    }

    /** Makes the request active over a started Rankwire request (persistent rounds). */
    void activate(final io.rankwire.Request started)
    {
        this.rw = started;
        this.hook = null;
        this.ready = null;
        this.active = true;
    }

    void activate(final Request from)
    {
        this.rw = from.rw;
        this.hook = from.hook;
        this.ready = from.ready;
        this.active = true;
    }

    boolean isActive()
    {
        return active && !isNull;
    }

    boolean persistent()
    {
        return false;
    }

    io.rankwire.Request rw()
    {
        return rw;
    }

    /** Makes progress once (when there is an underlying operation); true when complete. */
    boolean poll()
    {
        return ready != null || rw.test();
    }

    boolean isDoneNoProgress()
    {
        return ready != null || rw.isDone();
    }

    Status finish()
    {
        final Status s;
        if (ready != null)
        {
            s = ready;
        }
        else
        {
            final io.rankwire.Status r;
            try
            {
                r = rw.await();
            }
            catch (final RankwireException e)
            {
                retire();
                throw Errors.of(e);
            }
            if (hook != null && !r.cancelled())
            {
                hook.accept(r);
            }
            s = Status.of(r);
        }
        retire();
        return Status.untruncated(s);
    }

    private void retire()
    {
        rw = null;
        hook = null;
        ready = null;
        active = false;
        if (!persistent())
        {
            isNull = true;
        }
    }

    /** Blocks until the operation completes. */
    public void waitFor()
    {
        waitStatus();
    }

    /** Blocks until the operation completes and returns its status (empty for a null or inactive request). */
    public Status waitStatus()
    {
        return isActive() ? finish() : Status.empty();
    }

    /** True when the operation has completed (then it is finished as by a wait). Never blocks. */
    public boolean test()
    {
        return testStatus() != null;
    }

    /** The status when the operation has completed (then it is finished as by a wait), else null. Never blocks. */
    public Status testStatus()
    {
        if (!isActive())
        {
            return Status.empty();
        }
        return poll() ? finish() : null;
    }

    /** The status when the operation has completed, else null, leaving the request as it is. Never blocks. */
    public Status getStatus()
    {
        if (!isActive())
        {
            return Status.empty();
        }
        if (ready != null)
        {
            return ready;
        }
        return rw.test() ? Status.of(rw.status()) : null;
    }

    /** Asks to cancel the operation; wait for the request to learn whether it was cancelled. */
    public void cancel()
    {
        if (isActive() && rw != null)
        {
            rw.cancel();
        }
    }

    /**
     * Frees the request. An active operation continues and completes on its own (a receive
     * still fills its buffer); the request becomes null.
     */
    public void free()
    {
        if (isActive() && rw != null && hook != null)
        {
            final Consumer<io.rankwire.Status> h = hook;
            rw.toFuture().thenAccept(s ->
            {
                if (!s.cancelled())
                {
                    h.accept(s);
                }
            });
        }
        rw = null;
        hook = null;
        ready = null;
        active = false;
        isNull = true;
    }

    /** True for {@link MPI#REQUEST_NULL} and for requests completed by a wait or test, or freed. */
    public boolean isNull()
    {
        return isNull;
    }

    /** An opaque handle (this object's identity hash code; 0 for a null request). */
    public long getHandle()
    {
        return isNull ? 0 : System.identityHashCode(this);
    }

    /** Blocks until every request completes. */
    public static void waitAll(final Request[] requests)
    {
        waitAllStatus(requests);
    }

    /** Blocks until every request completes; their statuses (empty for null or inactive entries). */
    public static Status[] waitAllStatus(final Request[] requests)
    {
        final Status[] out = new Status[requests.length];
        MPIException first = null;
        for (int i = 0; i < requests.length; i++)
        {
            try
            {
                out[i] = active(requests[i]) ? requests[i].finish() : Status.empty();
            }
            catch (final MPIException e)
            {
                first = first == null ? e : first;
            }
        }
        if (first != null)
        {
            throw first;
        }
        return out;
    }

    /** Blocks until one request completes; its index, or {@link MPI#UNDEFINED} when none is active. */
    public static int waitAny(final Request[] requests)
    {
        return waitAnyStatus(requests).getIndex();
    }

    /** Like {@link #waitAny} but returns the status, whose {@link Status#getIndex()} is the index. */
    public static Status waitAnyStatus(final Request[] requests)
    {
        final int[] act = activeIndices(requests);
        if (act.length == 0)
        {
            return Status.empty();
        }
        for (final int i : act)
        {
            if (requests[i].ready != null)
            {
                return requests[i].finish().withIndex(i);
            }
        }
        final int k = io.rankwire.Request.waitAny(rwOf(requests, act));
        return requests[act[k]].finish().withIndex(act[k]);
    }

    /** Blocks until at least one request completes; the indices of all completed ones, or null when none is active. */
    public static int[] waitSome(final Request[] requests)
    {
        final Status[] s = waitSomeStatus(requests);
        return s == null ? null : indices(s);
    }

    /** Like {@link #waitSome} but returns the statuses (with their indices). */
    public static Status[] waitSomeStatus(final Request[] requests)
    {
        final int[] act = activeIndices(requests);
        if (act.length == 0)
        {
            return null;
        }
        boolean any = false;
        for (final int i : act)
        {
            any |= requests[i].ready != null;
        }
        if (!any)
        {
            io.rankwire.Request.waitSome(rwOf(requests, act));
        }
        return collect(requests, act, false);
    }

    /** Makes progress; true (and every request finished) when all have completed, else false (none finished). */
    public static boolean testAll(final Request[] requests)
    {
        return testAllStatus(requests) != null;
    }

    /** Like {@link #testAll} but returns the statuses, or null when not all have completed. */
    public static Status[] testAllStatus(final Request[] requests)
    {
        for (final Request r : requests)
        {
            if (active(r) && !r.poll())
            {
                return null;
            }
        }
        return waitAllStatus(requests);
    }

    /** Makes progress; the index of a completed request (now finished), else {@link MPI#UNDEFINED}. */
    public static int testAny(final Request[] requests)
    {
        final Status s = testAnyStatus(requests);
        return s == null ? MPI.UNDEFINED : s.getIndex();
    }

    /**
     * Like {@link #testAny} but returns the status (with its index), or null when none has
     * completed; an empty status with index {@link MPI#UNDEFINED} when none is active.
     */
    public static Status testAnyStatus(final Request[] requests)
    {
        final int[] act = activeIndices(requests);
        if (act.length == 0)
        {
            return Status.empty();
        }
        for (final int i : act)
        {
            if (requests[i].poll())
            {
                return requests[i].finish().withIndex(i);
            }
        }
        return null;
    }

    /** Makes progress; the indices of the completed requests (now finished), or null when none is active. */
    public static int[] testSome(final Request[] requests)
    {
        final Status[] s = testSomeStatus(requests);
        return s == null ? null : indices(s);
    }

    /** Like {@link #testSome} but returns the statuses (with their indices). */
    public static Status[] testSomeStatus(final Request[] requests)
    {
        final int[] act = activeIndices(requests);
        if (act.length == 0)
        {
            return null;
        }
        for (final int i : act)
        {
            requests[i].poll();
        }
        return collect(requests, act, true);
    }

    private static Status[] collect(final Request[] requests, final int[] act, final boolean polled)
    {
        int n = 0;
        final boolean[] done = new boolean[act.length];
        for (int k = 0; k < act.length; k++)
        {
            done[k] = requests[act[k]].isDoneNoProgress();
            n += done[k] ? 1 : 0;
        }
        final Status[] out = new Status[n];
        int j = 0;
        MPIException first = null;
        for (int k = 0; k < act.length; k++)
        {
            if (done[k])
            {
                try
                {
                    out[j] = requests[act[k]].finish().withIndex(act[k]);
                }
                catch (final MPIException e)
                {
                    out[j] = new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, e.getErrorClass(), false, 0).withIndex(act[k]);
                    first = first == null ? e : first;
                }
                j++;
            }
        }
        if (first != null)
        {
            throw first;
        }
        return out;
    }

    private static int[] indices(final Status[] s)
    {
        final int[] out = new int[s.length];
        for (int i = 0; i < s.length; i++)
        {
            out[i] = s[i].getIndex();
        }
        return out;
    }

    private static boolean active(final Request r)
    {
        return r != null && r.isActive();
    }

    private static int[] activeIndices(final Request[] requests)
    {
        int n = 0;
        for (final Request r : requests)
        {
            n += active(r) ? 1 : 0;
        }
        final int[] out = new int[n];
        int j = 0;
        for (int i = 0; i < requests.length; i++)
        {
            if (active(requests[i]))
            {
                out[j++] = i;
            }
        }
        return out;
    }

    private static io.rankwire.Request[] rwOf(final Request[] requests, final int[] act)
    {
        final io.rankwire.Request[] out = new io.rankwire.Request[act.length];
        for (int k = 0; k < act.length; k++)
        {
            out[k] = requests[act[k]].rw;
        }
        return out;
    }
}
