package io.rankwire.launch;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

import io.rankwire.spi.Bootstrap;

/**
 * What a rank knows about its job: its rank, the job size, the job id and secret, the transport
 * name, the {@code rankwire.*} settings and the job's bootstrap.
 * <p>
 * {@link #current()} resolves, in order:
 * <ol>
 *     <li>the override installed on the calling thread by the in-JVM ({@code sim}) launcher; it is
 *     inherited by the threads a rank starts;</li>
 *     <li>the process environment set by {@code rwrun} (or a batch system):
 *     {@value #RANK}, {@value #SIZE}, {@value #JOB_ID}, {@value #SECRET} (hex),
 *     {@value #BOOTSTRAP} ({@code host:port}), and optionally {@value #TRANSPORT}
 *     (default {@code tcp}), {@value #SETTINGS} and {@value #BIND}.</li>
 * </ol>
 * It is empty when neither is present. The variables are described in {@code docs/LAUNCHER.md}.
 */
public final class JobEnvironment
{
    /** This rank, {@code 0..size-1}. */
    public static final String RANK = "RANKWIRE_RANK";
    /** The number of ranks in the job. */
    public static final String SIZE = "RANKWIRE_SIZE";
    /** The job's id; transports refuse peers of another job. */
    public static final String JOB_ID = "RANKWIRE_JOB_ID";
    /** The per-job secret, hex encoded; never sent over the wire in clear. */
    public static final String SECRET = "RANKWIRE_SECRET";
    /** The bootstrap service, {@code host:port} or {@code [v6-address]:port}. */
    public static final String BOOTSTRAP = "RANKWIRE_BOOTSTRAP";
    /** The transport name ({@code tcp} or {@code sim}); {@code tcp} when unset. */
    public static final String TRANSPORT = "RANKWIRE_TRANSPORT";
    /** {@code rankwire.*} settings, one {@code key=value} per line. */
    public static final String SETTINGS = "RANKWIRE_SETTINGS";
    /** The interface ranks should listen on; also given as the {@code rankwire.bind} setting. */
    public static final String BIND = "RANKWIRE_BIND";
    /** The setting key that carries {@link #BIND}. */
    public static final String BIND_SETTING = "rankwire.bind";
    /** The TCP transport's listen interface; {@code rwrun --bind} sets it unless given with {@code -x}. */
    public static final String TCP_BIND_SETTING = "rankwire.tcp.bind";
    /** The prefix of every setting key. */
    public static final String SETTING_PREFIX = "rankwire.";
    /** The transport used when none is named. */
    public static final String DEFAULT_TRANSPORT = "tcp";

    private static final InheritableThreadLocal<JobEnvironment> OVERRIDE = new InheritableThreadLocal<>();
    private static volatile Optional<JobEnvironment> fromProcess;

    private final int rank;
    private final int size;
    private final String jobId;
    private final byte[] secret;
    private final String transport;
    private final Map<String, String> settings;
    private final Function<JobEnvironment, Bootstrap> bootstrapFactory;
    private Bootstrap bootstrap;

    JobEnvironment(
        final int rank,
        final int size,
        final String jobId,
        final byte[] secret,
        final String transport,
        final Map<String, String> settings,
        final Function<JobEnvironment, Bootstrap> bootstrapFactory)
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
        this.transport = Objects.requireNonNull(transport, "transport");
        this.settings = Collections.unmodifiableMap(new TreeMap<>(settings));
        this.bootstrapFactory = Objects.requireNonNull(bootstrapFactory, "bootstrapFactory");
    }

    /**
     * The environment of the calling rank: the in-JVM launcher's override on this thread, else the
     * process environment, else empty.
     *
     * @throws IllegalStateException if {@value #RANK} is set but another required variable is
     *                               missing or malformed (the message names it)
     */
    public static Optional<JobEnvironment> current()
    {
        final JobEnvironment override = OVERRIDE.get();
        if (override != null)
        {
            return Optional.of(override);
        }
        Optional<JobEnvironment> env = fromProcess;
        if (env == null)
        {
            synchronized (JobEnvironment.class)
            {
                env = fromProcess;
                if (env == null)
                {
                    env = EnvironmentParser.parse(System.getenv(), System.getProperties());
                    fromProcess = env;
                }
            }
        }
        return env;
    }

    /**
     * An environment for a rank run as a thread of this JVM (by a test harness such as
     * {@code LocalJob}); install it with {@link #runAs}.
     *
     * @param settings  {@code rankwire.*} settings, never null
     * @param bootstrap the job's shared bootstrap view for this rank, e.g.
     *                  {@link InMemoryBootstrap#forRank}
     */
    public static JobEnvironment of(
        final int rank,
        final int size,
        final String jobId,
        final byte[] secret,
        final String transport,
        final Map<String, String> settings,
        final Bootstrap bootstrap)
    {
        Objects.requireNonNull(bootstrap, "bootstrap");
        return new JobEnvironment(rank, size, jobId, secret, transport, settings, job -> bootstrap);
    }

    /**
     * Runs {@code body} on the calling thread with {@code env} as its {@link #current()}
     * environment (threads started inside inherit it), then restores the previous one.
     */
    public static void runAs(final JobEnvironment env, final Runnable body)
    {
        final JobEnvironment previous = OVERRIDE.get();
        installOverride(env);
        try
        {
            body.run();
        }
        finally
        {
            if (previous == null)
            {
                OVERRIDE.remove();
            }
            else
            {
                OVERRIDE.set(previous);
            }
        }
    }

    /** Installs {@code env} on the calling thread and the threads it starts from now on. */
    static void installOverride(final JobEnvironment env)
    {
        OVERRIDE.set(Objects.requireNonNull(env, "env"));
    }

    /** The calling thread's override, or null. */
    static JobEnvironment override()
    {
        return OVERRIDE.get();
    }

    /** Removes the calling thread's override. */
    static void clearOverride()
    {
        OVERRIDE.remove();
    }

    /** This rank, {@code 0..size()-1}. */
    public int rank()
    {
        return rank;
    }

    /** The number of ranks in the job. */
    public int size()
    {
        return size;
    }

    /** The job's id. */
    public String jobId()
    {
        return jobId;
    }

    /** A copy of the per-job secret. */
    public byte[] secret()
    {
        return secret.clone();
    }

    /** The transport name, {@code tcp} unless the launcher said otherwise. */
    public String transport()
    {
        return transport;
    }

    /** The {@code rankwire.*} settings passed by the launcher, sorted by key; never null. */
    public Map<String, String> settings()
    {
        return settings;
    }

    /**
     * The job's bootstrap, created on first use: a {@link BootstrapClient} connected to the
     * launcher's service for a multi-process job, a view of the shared table for an in-JVM job.
     */
    public synchronized Bootstrap bootstrap()
    {
        if (bootstrap == null)
        {
            bootstrap = bootstrapFactory.apply(this);
        }
        return bootstrap;
    }

    byte[] secretView()
    {
        return secret;
    }

    @Override
    public String toString()
    {
        return "JobEnvironment{rank=" + rank + ", size=" + size + ", jobId=" + jobId +
            ", transport=" + transport + ", settings=" + settings + "}";
    }
}
