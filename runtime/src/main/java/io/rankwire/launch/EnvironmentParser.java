package io.rankwire.launch;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/** Reads a {@link JobEnvironment} from the variables {@code rwrun} (or a batch system) sets. */
final class EnvironmentParser
{
    /** How long a rank waits to connect to the bootstrap service. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private EnvironmentParser()
    {
    }

    /**
     * The environment described by {@code env}, with {@code rankwire.*} entries of
     * {@code properties} overriding the launcher's settings. Without {@value JobEnvironment#RANK}:
     * in a task of a Slurm step, the rank is the task's ({@code SLURM_PROCID}) and the job is
     * {@code rwrun}'s when {@value JobEnvironment#BOOTSTRAP} is set, else the step's own
     * ({@link SlurmRendezvous}); anywhere else the result is empty.
     */
    static Optional<JobEnvironment> parse(final Map<String, String> env, final Properties properties)
    {
        String rankText = env.get(JobEnvironment.RANK);
        if (rankText == null)
        {
            if (!SlurmEnvironment.inStep(env))
            {
                return Optional.empty();
            }
            if (env.get(JobEnvironment.BOOTSTRAP) == null)
            {
                return Optional.of(SlurmRendezvous.join(env, properties, CONNECT_TIMEOUT));
            }
            // rwrun started the ranks through srun: the rank is the task's
            rankText = env.get(SlurmEnvironment.PROCID);
        }
        final int size = parseInt(JobEnvironment.SIZE, required(env, JobEnvironment.SIZE), 1, Integer.MAX_VALUE);
        final int rank = parseInt(JobEnvironment.RANK, rankText, 0, size - 1);
        final String jobId = required(env, JobEnvironment.JOB_ID);
        final byte[] secret = parseSecret(required(env, JobEnvironment.SECRET));
        final InetSocketAddress address = parseAddress(required(env, JobEnvironment.BOOTSTRAP));
        final String transport = env.getOrDefault(JobEnvironment.TRANSPORT, JobEnvironment.DEFAULT_TRANSPORT);

        final Map<String, String> settings =
            new TreeMap<>(Settings.decode(env.getOrDefault(JobEnvironment.SETTINGS, "")));
        final String bind = env.get(JobEnvironment.BIND);
        if (bind != null && !bind.isEmpty())
        {
            settings.put(JobEnvironment.BIND_SETTING, bind);
        }
        settings.putAll(Settings.fromProperties(properties));

        return Optional.of(new JobEnvironment(rank, size, jobId, secret, transport, settings,
            job -> BootstrapClient.connect(address, job.secretView(), job.rank(), job.size(), CONNECT_TIMEOUT)));
    }

    /** {@code host:port} or {@code [v6-address]:port}, unresolved. */
    static InetSocketAddress parseAddress(final String text)
    {
        try
        {
            return BootstrapAddress.parse(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalStateException(JobEnvironment.BOOTSTRAP + " : " + e.getMessage(), e);
        }
    }

    private static byte[] parseSecret(final String text)
    {
        try
        {
            return Hex.decode(JobEnvironment.SECRET, text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static String required(final Map<String, String> env, final String name)
    {
        final String value = env.get(name);
        if (value == null || value.isEmpty())
        {
            throw new IllegalStateException(
                JobEnvironment.RANK + " is set but " + name + " is not (a launcher sets both)");
        }
        return value;
    }

    private static int parseInt(final String name, final String text, final int min, final int max)
    {
        try
        {
            final int value = Integer.parseInt(text.trim());
            if (value >= min && value <= max)
            {
                return value;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below
        }
        throw new IllegalStateException(
            name + " : '" + text + "' (expected: an integer " + min + ".." +
            (max == Integer.MAX_VALUE ? "" : max) + ")");
    }
}
