package io.rankwire.spi;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import io.rankwire.settings.Setting;

/**
 * What the runtime hands a transport when it opens it: this rank's place in the job, the job's
 * identity and secret (for handshakes), the bootstrap, settings, and a way to wake the rank's
 * progress engine when completions arrive from another thread.
 */
public final class TransportContext
{
    /**
     * Fewest bytes a job secret of a job of more than one rank may have: 128 bits. The secret keys
     * the HMACs of the handshakes (bootstrap and transports); a shorter one can be guessed, and an
     * empty one keys the HMAC with a fixed pad, so anyone who knows the job id would pass.
     */
    public static final int MIN_SECRET_BYTES = 16;

    /**
     * The runtime's setting a transport that waits on its own follows too: how long a blocked
     * caller polls before it yields and parks, in microseconds; {@code auto} (or -1) leaves it to
     * the transport ({@link Transport#idleSpinMicros()}).
     */
    public static final Setting<Long> IDLE_SPIN_MICROS = Setting.duration("rankwire.idle.spinMicros",
        TimeUnit.MICROSECONDS, -1, 0, 1_000_000,
        "with rankwire.idle=backoff: how long a blocked caller keeps polling before it yields and parks " +
            "(at least 64 polls; the window adapts below it)")
        .withSpecial(-1L, "auto", "-1");

    private final int rank;
    private final int size;
    private final String jobId;
    private final byte[] secret;
    private final Bootstrap bootstrap;
    private final Map<String, String> settings;
    private final Runnable signal;
    /** Per world rank: whether this transport serves it; null: every rank. */
    private final boolean[] served;

    /**
     * @param rank      this rank, {@code 0..size-1}
     * @param size      ranks in the job
     * @param jobId     the job's id (handshakes refuse other jobs)
     * @param secret    the per-job secret (never sent in clear)
     * @param bootstrap the job's key-value exchange
     * @param settings  transport settings ({@code rankwire.*} keys), never null
     * @param signal    called by I/O threads after publishing completions; may be a no-op
     * @throws IllegalArgumentException for a bad rank or size, or a secret shorter than
     *                                  {@link #MIN_SECRET_BYTES} in a job of more than one rank
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
        checkSecret("secret", Objects.requireNonNull(secret, "secret"), size);
        this.secret = secret.clone();
        this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
        this.settings = Map.copyOf(settings);
        this.signal = Objects.requireNonNull(signal, "signal");
        this.served = null;
    }

    private TransportContext(final TransportContext base, final boolean[] served)
    {
        this.rank = base.rank;
        this.size = base.size;
        this.jobId = base.jobId;
        this.secret = base.secret;
        this.bootstrap = base.bootstrap;
        this.settings = base.settings;
        this.signal = base.signal;
        this.served = served;
    }

    /**
     * The same context for a transport that serves only {@code peers} (world ranks, in any order,
     * each once), as when one engine reaches some peers through one transport and the rest through
     * another. Such a transport connects to, accepts and carries messages for those ranks only.
     *
     * @throws IllegalArgumentException naming a rank outside {@code 0..size-1} or given twice
     */
    public TransportContext forPeers(final int[] peers)
    {
        final boolean[] set = new boolean[size];
        for (final int p : peers)
        {
            if (p < 0 || p >= size || set[p])
            {
                throw new IllegalArgumentException("peer : " + p + " (expected: a rank in 0.." + (size - 1) +
                    ", each once)");
            }
            set[p] = true;
        }
        return new TransportContext(this, set);
    }

    /** Whether the transport opened with this context carries messages to and from world rank {@code peer}. */
    public boolean serves(final int peer)
    {
        return peer >= 0 && peer < size && (served == null || served[peer]);
    }

    /** The world ranks this transport serves, ascending (every rank unless {@link #forPeers} said otherwise). */
    public int[] peers()
    {
        int n = 0;
        final int[] all = new int[size];
        for (int p = 0; p < size; p++)
        {
            if (serves(p))
            {
                all[n++] = p;
            }
        }
        return java.util.Arrays.copyOf(all, n);
    }

    /**
     * Refuses a secret too short to authenticate anyone in a job of {@code size} ranks: fewer than
     * {@link #MIN_SECRET_BYTES} bytes when {@code size > 1} (a one-rank job has no peer to
     * authenticate).
     *
     * @param name how the message names the secret (a setting, a variable)
     * @throws IllegalArgumentException naming the secret's length and the limit
     */
    public static void checkSecret(final String name, final byte[] secret, final int size)
    {
        if (size > 1 && secret.length < MIN_SECRET_BYTES)
        {
            throw new IllegalArgumentException(name + " : " + secret.length + " bytes (expected: >= " +
                MIN_SECRET_BYTES + " bytes for a job of " + size + " ranks)");
        }
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
