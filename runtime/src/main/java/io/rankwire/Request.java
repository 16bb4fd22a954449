package io.rankwire;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;


/**
 * A nonblocking operation in flight ({@code isend}, {@code irecv}, {@code issend},
 * {@code Message.irecv}, the {@code i*} collectives, and {@link PersistentRequest}s between
 * {@code start} and completion), with the wait and test families over several requests.
 * Requests are thread safe: any thread may test, await or cancel them.
 *
 * <p>Blocking: {@link #await()}, {@link #await(Duration)}, {@link #waitAll}, {@link #waitAny}
 * and {@link #waitSome} block until completion, driving the rank's progress engine while they
 * wait (spin, then yield, then park, as configured by {@code rankwire.idle}). {@link #test()},
 * {@link #testAll}, {@link #testAny}, {@link #cancel()} and {@link #toFuture()} never block;
 * {@code test} calls make progress once.
 *
 * <p>A request that completed with a communication failure ({@link Status#PEER_FAILED},
 * {@link Status#CLOSED}, {@link Status#REMOTE_ACCESS}, {@link Status#TRANSPORT_ERROR}) makes
 * {@link #await()} throw {@link RankwireException}; a truncated receive completes normally with
 * {@link Status#TRUNCATED} in its status.
 */
public interface Request
{
    /** Blocks until the request completes and returns its status. */
    Status await();

    /**
     * Blocks until the request completes, like {@link #await()}, and writes the outcome into
     * {@code status} instead of returning a {@link Status}: the allocation-free form. A
     * communication failure throws {@link RankwireException} as {@link #await()} does.
     *
     * @return {@code status}
     */
    default MutableStatus await(final MutableStatus status)
    {
        checkStatus(status, "status");
        if (this instanceof Operation)
        {
            final Operation op = (Operation)this;
            op.join();
            status.set(op.resultSource(), op.resultTag(), op.resultBytes(), op.resultError(), op.resultCancelled());
            return status;
        }
        final Status s = await();
        status.set(s.source(), s.tag(), s.bytes(), s.error(), s.cancelled());
        return status;
    }

    /**
     * Blocks until the request completes or {@code timeout} passes.
     *
     * @return the status, or empty when the timeout passed first (the request stays active)
     */
    Optional<Status> await(Duration timeout);

    /** Makes progress once and returns true when the request has completed. Never blocks. */
    boolean test();

    /** True when the request has completed; does not make progress. */
    boolean isDone();

    /** The status of a completed request. @throws IllegalStateException if not completed */
    Status status();

    /**
     * Asks to cancel the request. A receive not yet matched completes with
     * {@link Status#cancelled()}; a receive already matched completes normally. Sends cannot be
     * cancelled (as in MPI 4, where send cancellation is deprecated): they complete normally.
     * Never blocks; await the request to learn the outcome.
     */
    void cancel();

    /**
     * A future completed with the status when the request completes. The future completes
     * from whichever thread makes progress: some thread must be inside the runtime (or the
     * progress thread must be enabled with {@code rankwire.progressThread=true}).
     */
    CompletableFuture<Status> toFuture();

    /**
     * False only for a {@link PersistentRequest} between rounds (never started, or completed and
     * waited on): the wait and test families skip such a request, as MPI skips inactive handles.
     */
    default boolean isActive()
    {
        return true;
    }

    // ---------------------------------------------------------------------------------------
    // Several requests at once. A null array element is refused naming its index.
    // ---------------------------------------------------------------------------------------

    /** Blocks until all requests complete; returns their statuses in order. */
    static Status[] waitAll(final Request... requests)
    {
        checkRequests(requests, false);
        final Status[] statuses = new Status[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            statuses[i] = requests[i].await();
        }
        return statuses;
    }

    /**
     * Blocks until all requests complete, writing request i's outcome into {@code statuses[i]}:
     * the allocation-free form of {@link #waitAll(Request...)} (pass arrays you reuse).
     *
     * @throws IllegalArgumentException when {@code statuses} is shorter than {@code requests} or holds null
     */
    static void waitAll(final MutableStatus[] statuses, final Request... requests)
    {
        checkRequests(requests, false);
        if (statuses == null || statuses.length < requests.length)
        {
            throw new IllegalArgumentException("statuses.length : " + (statuses == null ? "null" : String.valueOf(statuses.length)) +
                " (expected: >= " + requests.length + ", one per request)");
        }
        for (int i = 0; i < requests.length; i++)
        {
            if (statuses[i] == null)
            {
                throw new IllegalArgumentException("statuses[" + i + "] : null (expected: a MutableStatus)");
            }
        }
        for (int i = 0; i < requests.length; i++)
        {
            requests[i].await(statuses[i]);
        }
    }

    /**
     * Blocks until one request completes, writes its outcome into {@code status} and returns its
     * index: the allocation-free form of {@link #waitAny(Request...)}.
     */
    static int waitAny(final MutableStatus status, final Request... requests)
    {
        checkStatus(status, "status");
        final int i = waitAnyDone(requests);
        if (i >= 0)
        {
            requests[i].await(status);
        }
        return i;
    }

    /**
     * Blocks until one request completes; returns its index. Inactive persistent requests are
     * skipped, as MPI skips inactive handles: -1 when every request is one.
     */
    static int waitAny(final Request... requests)
    {
        final int i = waitAnyDone(requests);
        if (i >= 0)
        {
            requests[i].await();
        }
        return i;
    }

    /**
     * Blocks until at least one request completes; returns the indices of all completed ones
     * (inactive persistent requests skipped; empty when every request is one).
     */
    static int[] waitSome(final Request... requests)
    {
        checkRequests(requests, true);
        if (allInactive(requests))
        {
            return new int[0];
        }
        final IdleStrategy idler = idlerOf(requests);
        final int[] done = new int[requests.length];
        idler.reset();
        while (true)
        {
            progress(requests);
            int n = 0;
            for (int i = 0; i < requests.length; i++)
            {
                if (requests[i].isActive() && requests[i].isDone())
                {
                    requests[i].await();
                    done[n++] = i;
                }
            }
            if (n > 0)
            {
                return Arrays.copyOf(done, n);
            }
            idler.idle();
        }
    }

    /**
     * Makes progress once; true when all requests have completed (then persistent ones become
     * inactive; inactive ones count as complete). Never blocks.
     */
    static boolean testAll(final Request... requests)
    {
        checkRequests(requests, false);
        progress(requests);
        for (final Request r : requests)
        {
            if (!r.isDone())
            {
                return false;
            }
        }
        for (final Request r : requests)
        {
            r.test();
        }
        return true;
    }

    /**
     * Makes progress once; the index of a completed request (completing it: a persistent one
     * becomes inactive), or -1. Inactive persistent requests are skipped. Never blocks.
     */
    static int testAny(final Request... requests)
    {
        checkRequests(requests, false);
        final int i = firstDone(requests);
        if (i >= 0)
        {
            requests[i].test();
        }
        return i;
    }

    private static int waitAnyDone(final Request... requests)
    {
        checkRequests(requests, true);
        if (allInactive(requests))
        {
            return -1;
        }
        final IdleStrategy idler = idlerOf(requests);
        idler.reset();
        while (true)
        {
            final int i = firstDone(requests);
            if (i >= 0)
            {
                return i;
            }
            idler.idle();
        }
    }

    private static int firstDone(final Request... requests)
    {
        progress(requests);
        for (int i = 0; i < requests.length; i++)
        {
            if (requests[i].isActive() && requests[i].isDone())
            {
                return i;
            }
        }
        return -1;
    }

    private static boolean allInactive(final Request... requests)
    {
        for (final Request r : requests)
        {
            if (r.isActive())
            {
                return false;
            }
        }
        return true;
    }

    /** Makes progress once on the engine of every request (once per engine in a row), or on the request's own schedule. */
    private static void progress(final Request... requests)
    {
        Engine last = null;
        for (final Request r : requests)
        {
            if (r instanceof Progressing)
            {
                ((Progressing)r).progress();   // drives its engine, which advances it
                continue;
            }
            if (!(r instanceof Operation))
            {
                continue;
            }
            final Engine e = ((Operation)r).engine();
            if (e != last)
            {
                e.progressOnce();
                last = e;
            }
        }
    }

    private static IdleStrategy idlerOf(final Request... requests)
    {
        for (final Request r : requests)
        {
            if (r instanceof Operation)
            {
                return ((Operation)r).engine().idler();
            }
            if (r instanceof Progressing)
            {
                return ((Progressing)r).idler();
            }
        }
        return new BackoffIdleStrategy();
    }

    private static void checkRequests(final Request[] requests, final boolean atLeastOne)
    {
        if (requests == null)
        {
            throw new IllegalArgumentException("requests : null (expected: an array of requests)");
        }
        if (atLeastOne && requests.length == 0)
        {
            throw new IllegalArgumentException("requests : 0 (expected: at least one request)");
        }
        for (int i = 0; i < requests.length; i++)
        {
            if (requests[i] == null)
            {
                throw new IllegalArgumentException("requests[" + i + "] : null (expected: a request)");
            }
        }
    }

    private static void checkStatus(final MutableStatus status, final String name)
    {
        if (status == null)
        {
            throw new IllegalArgumentException(name + " : null (expected: a MutableStatus)");
        }
    }
}
