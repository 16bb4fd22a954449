package io.rankwire.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.JobVariables;
import io.rankwire.bootstrap.Settings;

/**
 * Checks {@code rwrun}'s option values; every failure is an {@link IllegalArgumentException}
 * whose message names the option, the bad value and what was expected.
 */
final class OptionChecks
{
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern CLASS_NAME = Pattern.compile(
        "(\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*\\.)*" +
        "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*");

    private OptionChecks()
    {
    }

    static void size(final int size)
    {
        if (size < 1 || size > Rwrun.MAX_RANKS)
        {
            throw new IllegalArgumentException(
                "invalid value for -np: '" + size + "' (expected: 1.." + Rwrun.MAX_RANKS + ")");
        }
    }

    /**
     * The job's transport: {@code --transport}, else {@value JobVariables#TRANSPORT}, else
     * {@value RankwireConfig#TRANSPORT_DEFAULT}; it must be one of {@code transports}.
     */
    static Transports.Choice transport(
        final String option, final Map<String, String> environment, final Transports transports)
    {
        final String fromEnv = environment.getOrDefault(JobVariables.TRANSPORT, "");
        if (option != null)
        {
            return transports.choose(option, "--transport");
        }
        return fromEnv.isEmpty() ? transports.choose(RankwireConfig.TRANSPORT_DEFAULT, "--transport (default)") :
            transports.choose(fromEnv, JobVariables.TRANSPORT);
    }

    static Duration timeout(final String text)
    {
        try
        {
            return Durations.parse(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("invalid value for --timeout: " + e.getMessage(), e);
        }
    }

    /**
     * {@code MPIEXEC_TIMEOUT}, Open MPI's time limit for the job in whole seconds; null when it is
     * unset, empty or 0.
     */
    static Duration mpiexecTimeout(final Map<String, String> environment)
    {
        final String text = environment.getOrDefault("MPIEXEC_TIMEOUT", "").trim();
        if (text.isEmpty())
        {
            return null;
        }
        if (!text.matches("[0-9]{1,9}"))
        {
            throw new IllegalArgumentException("invalid value for MPIEXEC_TIMEOUT: '" + text +
                "' (expected: a whole number of seconds, 0 for none)");
        }
        final long seconds = Long.parseLong(text);
        return seconds == 0 ? null : Duration.ofSeconds(seconds);
    }

    /** {@code --wdir}: an existing directory, made absolute; null when not given. */
    static Path workDir(final String dir)
    {
        if (dir == null)
        {
            return null;
        }
        final Path path = Path.of(dir.isEmpty() ? "." : dir).toAbsolutePath().normalize();
        if (!Files.isDirectory(path))
        {
            throw new IllegalArgumentException("invalid value for --wdir: '" + dir + "' (expected: an existing directory)");
        }
        return path;
    }

    /** A local address to listen on (a wildcard address listens everywhere). */
    static InetAddress bind(final String text)
    {
        final InetAddress address;
        try
        {
            address = InetAddress.getByName(text);
            if (address.isAnyLocalAddress() || address.isLoopbackAddress() ||
                NetworkInterface.getByInetAddress(address) != null)
            {
                return address;
            }
        }
        catch (final UnknownHostException | SocketException e)
        {
            throw new IllegalArgumentException("invalid value for --bind: '" + text + "' (" + e.getMessage() +
                "; expected: an address of this host)", e);
        }
        throw new IllegalArgumentException("invalid value for --bind: '" + text + "' (expected: an address of this " +
            "host, e.g. 127.0.0.1 or the address of one of its interfaces)");
    }

    /** Splits each {@code -cp} value into entries; each must exist ({@code dir/*} needs {@code dir}). */
    static List<String> classPath(final List<String> values)
    {
        final List<String> entries = new ArrayList<>();
        for (final String value : values)
        {
            for (final String entry : ClassPaths.split(value))
            {
                final boolean wildcard = entry.endsWith("*");
                final String file = wildcard ? entry.substring(0, entry.length() - 1) : entry;
                if (!Files.exists(Path.of(file.isEmpty() ? "." : file)))
                {
                    throw new IllegalArgumentException("invalid value for -cp: entry '" + entry + "' does not exist");
                }
                entries.add(entry);
            }
        }
        return entries;
    }

    /**
     * Sorts {@code -x} values into environment variables and {@code rankwire.*} settings; a bare
     * name takes its value from {@code environment}.
     */
    static void exports(
        final List<String> values,
        final Map<String, String> environment,
        final Map<String, String> env,
        final Map<String, String> settings)
    {
        for (final String x : values)
        {
            final int eq = x.indexOf('=');
            final String name = eq < 0 ? x : x.substring(0, eq);
            final String value = eq < 0 ? environment.get(name) : x.substring(eq + 1);
            if (Settings.isSettingKey(name))
            {
                if (value == null || value.indexOf('\n') >= 0)
                {
                    throw new IllegalArgumentException("invalid value for -x: '" + x +
                        "' (expected: rankwire.<setting>=VALUE on one line)");
                }
                settings.put(name, value);
                continue;
            }
            if (!ENV_NAME.matcher(name).matches())
            {
                throw new IllegalArgumentException("invalid value for -x: '" + x +
                    "' (expected: NAME[=VALUE] with NAME of letters, digits and '_', or rankwire.<setting>=VALUE)");
            }
            if (name.startsWith("RANKWIRE_"))
            {
                throw new IllegalArgumentException("invalid value for -x: '" + x + "' (RANKWIRE_* variables are set " +
                    "by the launcher; use --transport, or -x rankwire.<setting>=VALUE)");
            }
            if (value == null)
            {
                throw new IllegalArgumentException("invalid value for -x: '" + x +
                    "' is not set in the launcher's environment (expected: NAME=VALUE or an exported NAME)");
            }
            env.put(name, value);
        }
    }

    /** The main class must be a class name found on one of the class paths. */
    static void mainClass(final String name, final List<String> rankwireClassPath, final List<String> userClassPath)
    {
        if (name == null)
        {
            throw new IllegalArgumentException(
                "missing the main class (usage: rwrun -np N [OPTIONS] MainClass [args...])");
        }
        if (!CLASS_NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("invalid main class: '" + name +
                "' (expected: a fully qualified class name such as com.example.Main)");
        }
        final String resource = name.replace('.', '/') + ".class";
        if (!onPath(resource, userClassPath) && !onPath(resource, rankwireClassPath))
        {
            throw new IllegalArgumentException("main class '" + name + "' not found on the class path " +
                userClassPath + " (give it with -cp)");
        }
    }

    private static boolean onPath(final String resource, final List<String> path)
    {
        for (final String entry : path)
        {
            if (entry.endsWith("*"))
            {
                if (inJars(resource, Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 1))))
                {
                    return true;
                }
            }
            else if (contains(Path.of(entry), resource))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean inJars(final String resource, final Path dir)
    {
        try (Stream<Path> files = Files.list(dir))
        {
            return files.anyMatch(f -> f.toString().endsWith(".jar") && contains(f, resource));
        }
        catch (final IOException e)
        {
            return false;
        }
    }

    private static boolean contains(final Path entry, final String resource)
    {
        if (Files.isDirectory(entry))
        {
            return Files.isRegularFile(entry.resolve(resource));
        }
        try (ZipFile jar = new ZipFile(entry.toFile()))
        {
            return jar.getEntry(resource) != null;
        }
        catch (final IOException e)
        {
            return false;
        }
    }

    /** {@code auto} or {@code off}. */
    static String cds(final String mode)
    {
        if (!mode.equals("auto") && !mode.equals("off"))
        {
            throw new IllegalArgumentException("invalid value for --cds: '" + mode + "' (expected: auto or off)");
        }
        return mode;
    }
}
