package io.rankwire.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import io.rankwire.SettingsCheck;
import io.rankwire.bootstrap.Settings;

/**
 * Checks a job's {@code rankwire.*} settings once, in the launcher, before any rank starts, with
 * the same {@link SettingsCheck} every rank's {@code Rankwire.init} runs, over the transports
 * found on the class path the ranks will have; or lists them ({@code rwrun --settings}). The
 * settings come from {@code -x}, from the launcher JVM's own {@code -D} system properties, and
 * from {@code -J-Drankwire.*} options for the ranks' JVMs. A failure is one line naming where the
 * setting came from, its key, its value and what is expected.
 */
final class SettingsPreCheck
{
    private static final String JVM_PROPERTY = "-D";
    /** Where a setting of the launcher JVM's own system properties comes from. */
    static final String FROM_LAUNCHER_JVM = "-D (rwrun's JVM)";

    /** A bad setting; {@code rwrun} prints its message alone, without the usage hint. */
    static final class BadSetting extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        BadSetting(final String message, final Throwable cause)
        {
            super(message, cause);
        }
    }

    private SettingsPreCheck()
    {
    }

    /**
     * @param size              the job's ranks
     * @param settings          the job's settings (launcher properties and {@code -x} ones)
     * @param exports           the {@code -x} values as given, to tell where a setting came from
     * @param jvmOptions        the ranks' JVM options ({@code -J})
     * @throws BadSetting naming the source, key, value and what is expected
     */
    static void check(
        final int size,
        final Map<String, String> settings,
        final List<String> exports,
        final List<String> jvmOptions,
        final List<String> rankwireClassPath,
        final List<String> userClassPath)
    {
        final Map<String, String> sources = sources(settings, exports);
        final Map<String, String> all = withJvmOptions(settings, jvmOptions, sources);
        withCheck(rankwireClassPath, userClassPath, all, sources, check -> check.check(all, size));
    }

    /**
     * Prints every setting the ranks would read ({@link SettingsListing}), with the value this job
     * would give it and where that comes from, then checks the values as {@link #check} does.
     *
     * @param given where each of {@code settings} comes from when not from {@code -x} or rwrun's
     *              own system properties ({@code --transport}, {@code -v})
     * @throws BadSetting naming the source, key, value and what is expected, after the listing
     */
    static void list(
        final PrintStream out,
        final Map<String, String> settings,
        final Map<String, String> given,
        final List<String> exports,
        final List<String> jvmOptions,
        final List<String> rankwireClassPath,
        final List<String> userClassPath)
    {
        final Map<String, String> sources = sources(settings, exports);
        sources.putAll(given);
        final Map<String, String> all = withJvmOptions(settings, jvmOptions, sources);
        withCheck(rankwireClassPath, userClassPath, all, sources, check ->
        {
            SettingsListing.print(out, check, all, sources);
            check.check(all);
        });
    }

    private static Map<String, String> sources(final Map<String, String> settings, final List<String> exports)
    {
        final Map<String, String> sources = new LinkedHashMap<>();
        for (final String key : settings.keySet())
        {
            sources.put(key, fromExports(key, exports) ? "-x" : FROM_LAUNCHER_JVM);
        }
        return sources;
    }

    /** {@code settings} with the ranks' {@code -J-Drankwire.*} options on top, their sources noted. */
    private static Map<String, String> withJvmOptions(
        final Map<String, String> settings, final List<String> jvmOptions, final Map<String, String> sources)
    {
        final Map<String, String> all = new TreeMap<>(settings);
        for (final String option : jvmOptions)
        {
            if (option.startsWith(JVM_PROPERTY))
            {
                final String property = option.substring(JVM_PROPERTY.length());
                final int eq = property.indexOf('=');
                final String key = eq < 0 ? property : property.substring(0, eq);
                if (Settings.isSettingKey(key))
                {
                    all.put(key, eq < 0 ? "" : property.substring(eq + 1));
                    sources.put(key, "-J-D");
                }
            }
        }
        return all;
    }

    /** Runs {@code use} with the check of the ranks' class path; its failure names where the setting came from. */
    private static void withCheck(
        final List<String> rankwireClassPath,
        final List<String> userClassPath,
        final Map<String, String> all,
        final Map<String, String> sources,
        final Consumer<SettingsCheck> use)
    {
        try (URLClassLoader loader = ranksLoader(rankwireClassPath, userClassPath))
        {
            use.accept(SettingsCheck.onClassPath(loader));
        }
        catch (final IllegalArgumentException e)
        {
            final String message = String.valueOf(e.getMessage());
            final int sep = message.indexOf(" : ");
            final String source = sep < 0 ? null : sources.get(message.substring(0, sep));
            throw new BadSetting("bad setting" + (source == null ? "" : " from " + source) + ": " + message, e);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean fromExports(final String key, final List<String> exports)
    {
        return exports.stream().anyMatch(x -> x.equals(key) || x.startsWith(key + "="));
    }

    /** The launcher's own class loader, plus the ranks' class path entries it lacks. */
    private static URLClassLoader ranksLoader(final List<String> rankwireClassPath, final List<String> userClassPath)
    {
        final Set<String> own = ClassPaths.split(System.getProperty("java.class.path")).stream()
            .map(SettingsPreCheck::absolute).collect(Collectors.toSet());
        final List<String> extra = new ArrayList<>();
        for (final String entry : rankwireClassPath)
        {
            if (!own.contains(absolute(entry)))
            {
                extra.add(entry);
            }
        }
        for (final String entry : userClassPath)
        {
            if (!own.contains(absolute(entry)))
            {
                extra.add(entry);
            }
        }
        return new URLClassLoader("rwrun-settings", ClassPaths.urls(extra), SettingsPreCheck.class.getClassLoader());
    }

    private static String absolute(final String entry)
    {
        try
        {
            return Path.of(entry).toAbsolutePath().normalize().toString();
        }
        catch (final RuntimeException e)
        {
            return entry;
        }
    }
}
