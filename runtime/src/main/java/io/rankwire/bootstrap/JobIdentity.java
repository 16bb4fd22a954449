package io.rankwire.bootstrap;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

import io.rankwire.spi.TransportContext;

/**
 * Who a rank is: its rank in a job of {@code size} ranks, the job's id and secret, the transport,
 * where the job's bootstrap service listens, and the {@code rankwire.*} settings the launcher
 * hands every rank. A launcher writes it into each rank's environment; the rank reads it back:
 *
 * <pre>
 *   launcher                                               rank
 *   JobIdentity --toEnvironment()--> RANKWIRE_* variables --fromEnvironment()--> JobIdentity
 *                                    (process environment,
 *                                     never the arguments)
 * </pre>
 *
 * The secret is kept out of {@link #toString()}; {@link #secret()} returns a copy.
 *
 * @param rank      this rank, {@code 0..size-1}
 * @param size      the number of ranks, at least 1
 * @param jobId     the job's id; transports refuse peers of another job
 * @param secret    the per-job secret the bootstrap and transport handshakes prove possession of;
 *                  at least {@link TransportContext#MIN_SECRET_BYTES} bytes when {@code size > 1}
 * @param transport the name of the transport the ranks open
 * @param bootstrap the bootstrap service's address; null for a job whose ranks share one JVM and
 *                  one {@link InMemoryBootstrap}
 * @param settings  {@code rankwire.*} settings, including {@value JobVariables#BIND_SETTING} when
 *                  the launcher chose an interface
 */
public record JobIdentity(
    int rank,
    int size,
    String jobId,
    byte[] secret,
    String transport,
    InetSocketAddress bootstrap,
    Map<String, String> settings)
{
    /**
     * Checks and copies the components.
     *
     * @throws IllegalArgumentException naming the bad component and what was expected
     */
    public JobIdentity
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        requireText(jobId, "jobId");
        requireText(transport, "transport");
        if (Objects.requireNonNull(secret, "secret").length == 0)
        {
            throw new IllegalArgumentException("secret : 0 bytes (expected: >= 1)");
        }
        TransportContext.checkSecret("secret", secret, size);
        secret = secret.clone();
        for (final String key : Objects.requireNonNull(settings, "settings").keySet())
        {
            if (!Settings.isSettingKey(key))
            {
                throw new IllegalArgumentException("setting : '" + key + "' (expected: rankwire.<name>)");
            }
        }
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
    }

    /**
     * Reads the identity a launcher wrote with {@link #toEnvironment()}; {@code rankwire.*}
     * entries of {@code overrides} (the rank JVM's system properties) win over the launcher's
     * settings. {@value JobVariables#BOOTSTRAP} may be missing (null {@link #bootstrap()});
     * {@value JobVariables#TRANSPORT} defaults to {@code JobSettings.TRANSPORT}'s default.
     *
     * @throws IllegalStateException naming the variable that is missing or malformed
     */
    public static JobIdentity fromEnvironment(final Map<String, String> env, final Properties overrides)
    {
        final int size = parseInt(JobVariables.SIZE, required(env, JobVariables.SIZE), 1, Integer.MAX_VALUE);
        final String rankText = env.get(JobVariables.RANK);
        if (rankText == null || rankText.isEmpty())
        {
            throw new IllegalStateException(
                JobVariables.RANK + " : not set (expected: an integer 0.." + (size - 1) + ")");
        }
        final int rank = parseInt(JobVariables.RANK, rankText, 0, size - 1);
        final String jobId = required(env, JobVariables.JOB_ID);
        final byte[] secret = parseSecret(required(env, JobVariables.SECRET), size);
        final String address = env.get(JobVariables.BOOTSTRAP);
        final InetSocketAddress bootstrap = address == null || address.isEmpty() ?
            null : BootstrapAddress.parse(JobVariables.BOOTSTRAP, address);
        final String transport = env.getOrDefault(JobVariables.TRANSPORT, "");

        final Map<String, String> settings =
            new TreeMap<>(Settings.decode(env.getOrDefault(JobVariables.SETTINGS, "")));
        final String bind = env.get(JobVariables.BIND);
        if (bind != null && !bind.isEmpty())
        {
            settings.put(JobVariables.BIND_SETTING, bind);
        }
        settings.putAll(Settings.fromProperties(overrides));
        return new JobIdentity(rank, size, jobId, secret,
            transport.isEmpty() ? JobSettings.TRANSPORT.defaultValue() : transport, bootstrap, settings);
    }

    /** A copy of the per-job secret. */
    @Override
    public byte[] secret()
    {
        return secret.clone();
    }

    /** The secret itself, for this package's handshakes; never handed out. */
    byte[] secretView()
    {
        return secret;
    }

    /** The same job seen from rank {@code rank}. */
    public JobIdentity withRank(final int rank)
    {
        return new JobIdentity(rank, size, jobId, secret, transport, bootstrap, settings);
    }

    /**
     * This rank's variables: {@link #toTaskEnvironment()} plus {@value JobVariables#RANK}.
     *
     * @throws IllegalArgumentException if a setting's value has a line break
     */
    public Map<String, String> toEnvironment()
    {
        final Map<String, String> env = toTaskEnvironment();
        env.put(JobVariables.RANK, Integer.toString(rank));
        return env;
    }

    /**
     * The variables every rank of the job shares, without {@value JobVariables#RANK}: for tasks
     * that take their rank from a batch system ({@code srun}'s {@code SLURM_PROCID}), or a JVM
     * that hosts every rank. {@value JobVariables#BIND_SETTING} travels as
     * {@value JobVariables#BIND}, the other settings as {@value JobVariables#SETTINGS}.
     *
     * @throws IllegalArgumentException if a setting's value has a line break
     */
    public Map<String, String> toTaskEnvironment()
    {
        final Map<String, String> env = new TreeMap<>();
        env.put(JobVariables.SIZE, Integer.toString(size));
        env.put(JobVariables.JOB_ID, jobId);
        env.put(JobVariables.SECRET, HexFormat.of().formatHex(secret));
        env.put(JobVariables.TRANSPORT, transport);
        if (bootstrap != null)
        {
            env.put(JobVariables.BOOTSTRAP, BootstrapAddress.format(bootstrap));
        }
        final Map<String, String> rest = new TreeMap<>(settings);
        final String bind = rest.remove(JobVariables.BIND_SETTING);
        if (bind != null)
        {
            env.put(JobVariables.BIND, bind);
        }
        if (!rest.isEmpty())
        {
            env.put(JobVariables.SETTINGS, Settings.encode(rest));
        }
        return env;
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof JobIdentity other && rank == other.rank && size == other.size &&
            jobId.equals(other.jobId) && Arrays.equals(secret, other.secret) && transport.equals(other.transport) &&
            Objects.equals(bootstrap, other.bootstrap) && settings.equals(other.settings);
    }

    @Override
    public int hashCode()
    {
        return Objects.hash(rank, size, jobId, transport, bootstrap, settings);
    }

    /** Everything but the secret, of which only the length is shown. */
    @Override
    public String toString()
    {
        return "JobIdentity[rank=" + rank + ", size=" + size + ", jobId=" + jobId + ", transport=" + transport +
            ", bootstrap=" + (bootstrap == null ? "in-memory" : BootstrapAddress.format(bootstrap)) +
            ", settings=" + settings + ", secret=(" + secret.length + " bytes, hidden)]";
    }

    private static void requireText(final String value, final String name)
    {
        if (Objects.requireNonNull(value, name).isEmpty())
        {
            throw new IllegalArgumentException(name + " : '' (expected: not empty)");
        }
    }

    private static String required(final Map<String, String> env, final String name)
    {
        final String value = env.get(name);
        if (value == null || value.isEmpty())
        {
            throw new IllegalStateException(
                JobVariables.RANK + " is set but " + name + " is not (a launcher sets both)");
        }
        return value;
    }

    private static byte[] parseSecret(final String text, final int size)
    {
        try
        {
            final byte[] secret = secretFromHex(text);
            TransportContext.checkSecret(JobVariables.SECRET, secret, size);
            return secret;
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * The secret's bytes from its text in {@value JobVariables#SECRET}: hex, as
     * {@link #toTaskEnvironment()} writes it.
     *
     * @throws IllegalArgumentException naming the variable and the text's length (never the text)
     *                                  when it is not an even number of hex digits
     */
    static byte[] secretFromHex(final String text)
    {
        try
        {
            return HexFormat.of().parseHex(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(JobVariables.SECRET + " : not hex, " + text.length() +
                " characters (expected: an even number of hex digits 0-9a-f)");
        }
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
