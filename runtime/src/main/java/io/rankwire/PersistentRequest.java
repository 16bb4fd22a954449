package io.rankwire;

/**
 * A persistent request (MPI 4.0 section 3.9): a send or receive bound once to its buffer,
 * peer, tag and communicator by {@code Comm.sendInit}, {@code ssendInit} or {@code recvInit},
 * then run any number of times. Each {@link #start()} begins one round; the round is completed
 * by {@link #await()}, {@link #await(MutableStatus)}, a {@link #test()} that returns true, or
 * any of {@link Request}'s wait and test families, after which the request is inactive and may
 * be started again. The buffer must not be touched while a round is active, and its content is
 * read (sends) or written (receives) again by every round.
 *
 * <p>A round allocates nothing: the request, its buffer wrapper and staging are reused, and
 * {@link #await()} returns the previous round's {@link Status} object when the outcome is the
 * same (statuses are immutable, so sharing one is safe); {@link #await(MutableStatus)} never
 * allocates.
 *
 * <p>Before the first start, and between rounds, the request is inactive: {@code await} and
 * {@code test} return at once (with the last round's status, or an empty one). Starting an
 * active request throws {@link IllegalStateException} naming the state, as does any use but
 * {@link #close()} after {@link #close()}. {@link #cancel()} withdraws a started receive that was
 * not yet matched (the round completes cancelled and the request may be started again).
 * Closing an active request, like {@code MPI_Request_free}, lets the round complete in the
 * background.
 */
public interface PersistentRequest extends Request, AutoCloseable
{
    /**
     * Starts one round. Never blocks beyond taking the rank's engine lock.
     *
     * @throws IllegalStateException when the request is active (started and not completed) or closed
     */
    void start();

    /** True from {@link #start()} until the round was completed by a wait or a successful test. */
    boolean isActive();

    /** True once {@link #close()} was called. */
    boolean isClosed();

    /** Frees the request: later starts, waits and tests throw. Idempotent; never blocks. */
    @Override
    void close();

    /**
     * Starts every request in order, after checking that none is active or closed (so either all
     * start or, on a bad entry, none does).
     *
     * @throws IllegalStateException naming the first request that is active or closed
     */
    static void startAll(final PersistentRequest... requests)
    {
        for (int i = 0; i < requests.length; i++)
        {
            final PersistentRequest r = requests[i];
            if (r == null)
            {
                throw new IllegalArgumentException("requests[" + i + "] : null (expected: a persistent request)");
            }
            if (r.isActive() || r.isClosed())
            {
                throw new IllegalStateException("requests[" + i + "] : " + (r.isClosed() ? "closed" : "active") +
                    " (expected: an inactive persistent request)");
            }
        }
        for (final PersistentRequest r : requests)
        {
            r.start();
        }
    }
}
