package io.rankwire;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;


/**
 * A nonblocking operation in flight ({@code isend}, {@code irecv}, {@code issend},
 * {@code Message.irecv}). Requests are thread safe: any thread may test, await or cancel them.
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
        return StatusCopy.await(this, status);
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

    /** Blocks until all requests complete; returns their statuses in order. */
    static Status[] waitAll(final Request... requests)
    {
        return Waits.waitAll(requests);
    }

    /**
     * Blocks until all requests complete, writing request i's outcome into {@code statuses[i]}:
     * the allocation-free form of {@link #waitAll(Request...)} (pass arrays you reuse).
     *
     * @throws IllegalArgumentException when {@code statuses} is shorter than {@code requests} or holds null
     */
    static void waitAll(final MutableStatus[] statuses, final Request... requests)
    {
        StatusCopy.checkStatuses(statuses, requests.length);
        for (int i = 0; i < requests.length; i++)
        {
            StatusCopy.await(requests[i], statuses[i]);
        }
    }

    /**
     * Blocks until one request completes, writes its outcome into {@code status} and returns its
     * index: the allocation-free form of {@link #waitAny(Request...)}.
     */
    static int waitAny(final MutableStatus status, final Request... requests)
    {
        final int i = Waits.waitAnyDone(requests);
        if (i >= 0)
        {
            StatusCopy.await(requests[i], status);
        }
        return i;
    }

    /**
     * Blocks until one request completes; returns its index. Inactive persistent requests are
     * skipped, as MPI skips inactive handles: -1 when every request is one.
     */
    static int waitAny(final Request... requests)
    {
        return Waits.waitAny(requests);
    }

    /**
     * Blocks until at least one request completes; returns the indices of all completed ones
     * (inactive persistent requests skipped; empty when every request is one).
     */
    static int[] waitSome(final Request... requests)
    {
        return Waits.waitSome(requests);
    }

    /**
     * Makes progress once; true when all requests have completed (then persistent ones become
     * inactive; inactive ones count as complete). Never blocks.
     */
    static boolean testAll(final Request... requests)
    {
        return Waits.testAll(requests);
    }

    /**
     * Makes progress once; the index of a completed request (completing it: a persistent one
     * becomes inactive), or -1. Inactive persistent requests are skipped. Never blocks.
     */
    static int testAny(final Request... requests)
    {
        return Waits.testAny(requests);
    }
}
