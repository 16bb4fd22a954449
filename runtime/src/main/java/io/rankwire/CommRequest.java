package io.rankwire;

/**
 * A nonblocking communicator creation in flight ({@link Comm#idup()}, {@link Intercomm#idup()},
 * MPI_COMM_IDUP): completes once the members have agreed on the new communicator's context, and
 * then {@link #comm()} gives the new communicator. Like a nonblocking collective it has no thread:
 * it moves on whenever the engine makes progress (any thread's wait, test or call, or the progress
 * thread), and {@link #test()} and the waits of {@link Request} drive it themselves. It cannot be
 * cancelled ({@link #cancel()} does nothing). A member that fails during the agreement fails the
 * request: waiting throws {@link RankwireException}. The status carries no source, tag or count.
 *
 * @param <C> the kind of communicator made ({@link Comm} or {@link Intercomm})
 */
public interface CommRequest<C> extends Request
{
    /**
     * The new communicator, once the request completed (the same object on every call).
     *
     * @throws IllegalStateException when the request has not completed
     * @throws RankwireException when the creation failed
     */
    C comm();
}
