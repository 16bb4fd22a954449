package io.rankwire.bootstrap;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The ranks this JVM runs: one open claim per (job id, rank). {@code Rankwire.init} claims its
 * rank before it opens anything (a transport, a socket, a shared file) and gives the claim back
 * when it closes, so a second {@code init} of a rank that is still open in this JVM is refused at
 * once, instead of racing the first for its peers' connections. Ranks of one job run as threads of
 * one JVM ({@code LocalJob}, in-JVM jobs) hold different claims; tests that run many jobs in one
 * JVM give each its own id. The claims live in this class's loader, which every rank of an in-JVM
 * job shares.
 */
public final class RankClaims
{
    private static final Set<Key> OPEN = ConcurrentHashMap.newKeySet();

    private RankClaims()
    {
    }

    /**
     * Claims {@code rank} of job {@code jobId} for the caller.
     *
     * @return the claim; {@link Claim#close()} gives it back
     * @throws IllegalStateException naming the job and the rank if they are claimed already
     */
    public static Claim claim(final String jobId, final int rank)
    {
        final Key key = new Key(Objects.requireNonNull(jobId, "jobId"), rank);
        if (!OPEN.add(key))
        {
            throw new IllegalStateException("rank " + rank + " of job '" + jobId + "' : already initialized in " +
                "this JVM and not closed (expected: one open Rankwire per rank of a job; close it before " +
                "initializing again, and give each job its own id)");
        }
        return new Claim(key);
    }

    /** One claimed rank; closing it (once, from any thread) gives it back. */
    public static final class Claim implements AutoCloseable
    {
        private final Key key;
        private final AtomicBoolean released = new AtomicBoolean();

        private Claim(final Key key)
        {
            this.key = key;
        }

        /** Gives the rank back; later calls do nothing. */
        @Override
        public void close()
        {
            if (released.compareAndSet(false, true))
            {
                OPEN.remove(key);
            }
        }
    }

    private record Key(String jobId, int rank)
    {
    }
}
