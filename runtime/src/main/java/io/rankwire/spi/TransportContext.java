package io.rankwire.spi;

import java.util.Map;
import java.util.Objects;

/**
 * What the runtime hands a transport when it opens it: this rank's place in the job, the job's
 * identity and secret (for handshakes), the bootstrap, settings, and a way to wake the rank's
 * progress engine when completions arrive from another thread.
 */
public final class TransportContext
{
    private final int rank;
    private final int size;
    private final String jobId;
    private final byte[] secret;
    private final Bootstrap bootstrap;
    private final Map<String, String> settings;
    private final Runnable signal;

    /**
     * @param rank      this rank, {@code 0..size-1}
     * @param size      ranks in the job
     * @param jobId     the job's id (handshakes refuse other jobs)
     * @param secret    the per-job secret (never sent in clear)
     * @param bootstrap the job's key-value exchange
     * @param settings  transport settings ({@code rankwire.*} keys), never null
     * @param signal    called by I/O threads after publishing completions; may be a no-op
     */
    public TransportContext(
        final int rank,
        final int size,
        final String jobId,
        final byte[] secret,
        final Bootstrap bootstrap,
        final Map<String, String> settings,
        final Runnable signal)
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        this.rank = rank;
        this.size = size;
        this.jobId = Objects.requireNonNull(jobId, "jobId");
        this.secret = Objects.requireNonNull(secret, "secret").clone();
        this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
        this.settings = Map.copyOf(settings);
        this.signal = Objects.requireNonNull(signal, "signal");
    }

    public int rank()
    {
        return rank;
    }

    public int size()
    {
        return size;
    }

    public String jobId()
    {
        return jobId;
    }

    /** A copy of the job's secret. */
    public byte[] secret()
    {
        return secret.clone();
    }

    public Bootstrap bootstrap()
    {
        return bootstrap;
    }

    public Map<String, String> settings()
    {
        return settings;
    }

    /** A setting, or {@code defaultValue} when absent. */
    public String setting(final String key, final String defaultValue)
    {
        return settings.getOrDefault(key, defaultValue);
    }

    /** Wakes the rank's progress engine; called by transport I/O threads. */
    public void signal()
    {
        signal.run();
    }
}
