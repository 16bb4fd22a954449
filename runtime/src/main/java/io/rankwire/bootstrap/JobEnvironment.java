package io.rankwire.bootstrap;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import io.rankwire.spi.Bootstrap;

/**
 * What a rank knows about its job: its {@link JobIdentity} and the job's live bootstrap.
 * <p>
 * {@link #current()} resolves, in order:
 * <ol>
 *     <li>the environment installed on the calling thread with {@link #runAs} (by the launcher
 *     of an in-JVM job, or a test harness); it is inherited by the threads a rank starts;</li>
 *     <li>the process environment set by {@code rwrun} (or a batch system), read by
 *     {@link JobIdentity#fromEnvironment}: {@value JobVariables#RANK}, {@value JobVariables#SIZE},
 *     {@value JobVariables#JOB_ID}, {@value JobVariables#SECRET} (hex),
 *     {@value JobVariables#BOOTSTRAP} ({@code host:port}), and optionally
 *     {@value JobVariables#TRANSPORT}, {@value JobVariables#SETTINGS} and
 *     {@value JobVariables#BIND}; or, in a task of a Slurm step, Slurm's variables.</li>
 * </ol>
 * It is empty when neither is present. The variables are described in {@code docs/LAUNCHER.md}.
 */
public final class JobEnvironment
{
    private static final InheritableThreadLocal<JobEnvironment> OVERRIDE = new InheritableThreadLocal<>();
    private static volatile Optional<JobEnvironment> fromProcess;

    private final JobIdentity identity;
    private final Function<JobIdentity, Bootstrap> bootstrapFactory;
    private Bootstrap bootstrap;

    JobEnvironment(final JobIdentity identity, final Function<JobIdentity, Bootstrap> bootstrapFactory)
    {
        this.identity = Objects.requireNonNull(identity, "identity");
        this.bootstrapFactory = Objects.requireNonNull(bootstrapFactory, "bootstrapFactory");
    }

    /**
     * The environment of the calling rank: the environment installed on this thread, else the
     * process environment, else empty.
     *
     * @throws IllegalStateException if {@value JobVariables#RANK} is set but another required
     *                               variable is missing or malformed (the message names it)
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
     * The environment installed on the calling thread (or inherited from the thread that started
     * it) with {@link #runAs}, if any; unlike {@link #current()} it never reads the process
     * environment.
     */
    public static Optional<JobEnvironment> onThisThread()
    {
        return Optional.ofNullable(OVERRIDE.get());
    }

    /**
     * An environment for a rank run as a thread of this JVM (by an in-JVM launcher or a test
     * harness); install it with {@link #runAs}.
     *
     * @param bootstrap the job's shared bootstrap view for this rank, e.g.
     *                  {@link InMemoryBootstrap#forRank}
     */
    public static JobEnvironment of(final JobIdentity identity, final Bootstrap bootstrap)
    {
        Objects.requireNonNull(bootstrap, "bootstrap");
        return new JobEnvironment(identity, job -> bootstrap);
    }

    /**
     * Like {@link #of(JobIdentity, Bootstrap)}, for a job without a bootstrap service address.
     *
     * @param settings {@code rankwire.*} settings, never null
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
        return of(new JobIdentity(rank, size, jobId, secret, transport, null, settings), bootstrap);
    }

    /**
     * Runs {@code body} on the calling thread with {@code env} as its {@link #current()}
     * environment (threads started inside inherit it), then restores the previous one.
     */
    public static void runAs(final JobEnvironment env, final Runnable body)
    {
        Objects.requireNonNull(env, "env");
        final JobEnvironment previous = OVERRIDE.get();
        OVERRIDE.set(env);
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

    /** Who this rank is in which job. */
    public JobIdentity identity()
    {
        return identity;
    }

    /** This rank, {@code 0..size()-1}. */
    public int rank()
    {
        return identity.rank();
    }

    /** The number of ranks in the job. */
    public int size()
    {
        return identity.size();
    }

    /** The job's id. */
    public String jobId()
    {
        return identity.jobId();
    }

    /** A copy of the per-job secret. */
    public byte[] secret()
    {
        return identity.secret();
    }

    /** The transport name. */
    public String transport()
    {
        return identity.transport();
    }

    /** The {@code rankwire.*} settings passed by the launcher, sorted by key; never null. */
    public Map<String, String> settings()
    {
        return identity.settings();
    }

    /**
     * The job's bootstrap, created on first use: a {@link BootstrapClient} connected to the
     * job's service for a multi-process job, a view of the shared table for an in-JVM job.
     */
    public synchronized Bootstrap bootstrap()
    {
        if (bootstrap == null)
        {
            bootstrap = bootstrapFactory.apply(identity);
        }
        return bootstrap;
    }

    /** The identity without its secret. */
    @Override
    public String toString()
    {
        return "JobEnvironment{" + identity + "}";
    }
}
