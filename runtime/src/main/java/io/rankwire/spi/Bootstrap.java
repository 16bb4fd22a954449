package io.rankwire.spi;

import java.time.Duration;
import java.util.function.IntConsumer;

/**
 * The job's out-of-band key-value exchange, used once at start-up (addresses, capabilities) and
 * never on a data path. Provided by the launcher's bootstrap service for multi-process jobs and
 * by an in-memory table for ranks run as threads.
 */
public interface Bootstrap
{
    /** This rank in the job. */
    int rank();

    /** The number of ranks in the job. */
    int size();

    /** Publishes {@code value} under {@code key} for this rank. */
    void put(String key, byte[] value);

    /**
     * The value {@code rank} published under {@code key}, waiting for it up to {@code timeout}.
     *
     * @throws BootstrapException if it does not appear in time
     */
    byte[] get(int rank, String key, Duration timeout);

    /** Waits until every rank has reached the same barrier, up to {@code timeout}. */
    void barrier(Duration timeout);

    /**
     * Announces that this rank runs the runtime ({@code Rankwire.init}) until {@link #leave()}.
     * If the rank ends before it leaves (its process exits, or loses the bootstrap), the job
     * treats that as the rank's failure: every other joined rank's {@code departed} is called
     * with its rank, later barriers fail at once, and a launcher fails the job. Ranks that
     * departed before this call are reported at once. The default (a bootstrap that cannot tell)
     * does nothing.
     *
     * @param departed called, from a thread of the bootstrap, with each other rank that ended
     *                 without leaving; it must not block
     */
    default void join(final IntConsumer departed)
    {
    }

    /**
     * Like {@link #join(IntConsumer)}; besides, {@code aborted} is called with each other rank
     * that aborts the job ({@link #abort}) and its error code, and with those that aborted before
     * this call. The default ignores {@code aborted} (a bootstrap that cannot tell).
     *
     * @param aborted called from a thread of the bootstrap; it must not block for long
     */
    default void join(final IntConsumer departed, final Aborted aborted)
    {
        join(departed);
    }

    /** Announces that this rank closes in order ({@code Rankwire.close}); best effort, never throws. */
    default void leave()
    {
    }

    /**
     * Announces that this rank aborts the whole job with {@code errorCode} ({@code Rankwire.abort},
     * {@code MPI_Abort}) and is about to end: its end is then no departure but the abort, the
     * other members hear of it ({@link #join(IntConsumer, Aborted)}), waits for this rank fail,
     * and a launcher ends the job with that exit code. Returns once the job's service has taken
     * note. Best effort, never throws; the default (a bootstrap that cannot tell) does nothing.
     */
    default void abort(final int errorCode)
    {
    }

    /** Hears that another rank aborted the job. */
    @FunctionalInterface
    interface Aborted
    {
        /** {@code rank} aborted the job with {@code errorCode}. */
        void aborted(int rank, int errorCode);
    }
}
