package io.rankwire.spi;

import java.time.Duration;

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
     * @throws io.rankwire.RankwireException if it does not appear in time
     */
    byte[] get(int rank, String key, Duration timeout);

    /** Waits until every rank has reached the same barrier, up to {@code timeout}. */
    void barrier(Duration timeout);
}
