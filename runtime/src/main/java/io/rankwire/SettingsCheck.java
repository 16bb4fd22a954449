package io.rankwire;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.rankwire.bootstrap.JobVariables;
import io.rankwire.coll.CollSettingsCheck;
import io.rankwire.spi.TransportProvider;

/**
 * Checks {@code rankwire.*} settings before anything starts: every key must be one somebody
 * reads, and every value must parse as its owner will parse it. {@link Rankwire#init} runs it
 * on a rank's settings (system properties, the launcher's {@code RANKWIRE_SETTINGS}, settings
 * given to {@link RankwireConfig#set}); {@code rwrun} runs it on {@code -x}, {@code -D} and
 * {@code -J-D} settings before any rank starts.
 *
 * <p>The keys known are the runtime's ({@link RankwireConfig}'s, and {@code rankwire.bind}),
 * the collectives' ({@code rankwire.coll.*}, {@code rankwire.job.hosts}) and each transport's
 * {@link TransportProvider#settingKeys()}, for the transports given (those found on the class
 * path). An unknown key is refused with the nearest known key, if one is close; a key under
 * {@code rankwire.<name>.} where no transport of that name is found is refused too (nothing on
 * the class path would read it); keys of a transport that lists none are passed unchecked. Keys
 * under {@value #UNCHECKED_PREFIX} are never checked: they belong to tests and benchmarks.
 */
public final class SettingsCheck
{
    /** Keys under this prefix are not Rankwire's settings and are never checked. */
    public static final String UNCHECKED_PREFIX = "rankwire.test.";

    private final Set<String> runtimeKeys;
    private final Set<String> collKeys;
    private final Map<String, TransportProvider> providers = new TreeMap<>();
    private final Map<String, Set<String>> transportKeys = new TreeMap<>();

    private SettingsCheck(final Iterable<TransportProvider> found)
    {
        runtimeKeys = runtimeKeys();
        collKeys = CollSettingsCheck.keys();
        for (final TransportProvider p : found)
        {
            if (providers.putIfAbsent(p.name(), p) == null)
            {
                transportKeys.put(p.name(), new TreeSet<>(p.settingKeys()));
            }
        }
    }

    /** A check knowing the settings of {@code providers}' transports. */
    public static SettingsCheck of(final Iterable<TransportProvider> providers)
    {
        return new SettingsCheck(providers);
    }

    /** A check knowing the transports {@link ServiceLoader} finds (the thread's context class loader). */
    public static SettingsCheck onClassPath()
    {
        return onClassPath(Thread.currentThread().getContextClassLoader());
    }

    /**
     * A check knowing the transports {@link ServiceLoader} finds through {@code loader}; a
     * provider that fails to load is left out (nothing could read its settings).
     */
    public static SettingsCheck onClassPath(final ClassLoader loader)
    {
        final List<TransportProvider> found = new ArrayList<>();
        final Iterator<TransportProvider> it = ServiceLoader.load(TransportProvider.class, loader).iterator();
        for (int errors = 0; errors < 64; )
        {
            try
            {
                if (!it.hasNext())
                {
                    break;
                }
                found.add(it.next());
            }
            catch (final ServiceConfigurationError | LinkageError e)
            {
                errors++;
            }
        }
        return new SettingsCheck(found);
    }

    /** Every key this check knows (transports that list none contribute nothing), sorted. */
    public Set<String> knownKeys()
    {
        final Set<String> all = new TreeSet<>(runtimeKeys);
        all.addAll(collKeys);
        transportKeys.values().forEach(all::addAll);
        return Collections.unmodifiableSet(all);
    }

    /** The names of the transports whose settings this check knows, sorted. */
    public Set<String> transports()
    {
        return Collections.unmodifiableSet(providers.keySet());
    }

    /**
     * Checks the {@code rankwire.*} entries of {@code settings} (other entries are ignored): keys
     * first, in order, then values, the runtime's, the collectives' and each transport's that has
     * a key among them.
     *
     * @throws IllegalArgumentException for the first problem, on one line starting with the key:
     *                                  {@code rankwire.eager.limit : unknown setting (did you mean
     *                                  rankwire.eagerLimit?)}, {@code rankwire.idle : 'spinn'
     *                                  (expected: spin, yield or backoff)}
     */
    public void check(final Map<String, String> settings)
    {
        final Map<String, String> ours = new TreeMap<>();
        settings.forEach((key, value) ->
        {
            if (key.startsWith(JobVariables.SETTING_PREFIX) && !key.startsWith(UNCHECKED_PREFIX))
            {
                ours.put(key, value);
            }
        });
        for (final String key : ours.keySet())
        {
            checkKey(key);
        }
        validateRuntime(ours);
        CollSettingsCheck.validate(ours);
        for (final Map.Entry<String, TransportProvider> p : providers.entrySet())
        {
            final String prefix = JobVariables.SETTING_PREFIX + p.getKey() + ".";
            if (ours.keySet().stream().anyMatch(k -> k.startsWith(prefix)))
            {
                p.getValue().validateSettings(ours);
            }
        }
    }

    private void checkKey(final String key)
    {
        if (runtimeKeys.contains(key) || collKeys.contains(key))
        {
            return;
        }
        final String rest = key.substring(JobVariables.SETTING_PREFIX.length());
        final int dot = rest.indexOf('.');
        final String namespace = dot < 0 ? null : rest.substring(0, dot);
        final Set<String> ofTransport = namespace == null ? null : transportKeys.get(namespace);
        if (ofTransport != null && (ofTransport.isEmpty() || ofTransport.contains(key)))
        {
            return;
        }
        final String nearest = Nearest.of(key, knownKeys());
        if (nearest != null)
        {
            throw new IllegalArgumentException(key + " : unknown setting (did you mean " + nearest + "?)");
        }
        if (namespace != null && ofTransport == null && !namespace.equals("coll") && !namespace.equals("job"))
        {
            throw new IllegalArgumentException(key + " : unknown setting (no transport '" + namespace +
                "' on the class path to read it; transports found: " + String.join(", ", providers.keySet()) + ")");
        }
        throw new IllegalArgumentException(key + " : unknown setting (expected: a key of docs/RUNTIME.md " +
            "\"Settings\", rankwire.coll.*, or of a transport found: " + String.join(", ", providers.keySet()) + ")");
    }

    private static void validateRuntime(final Map<String, String> settings)
    {
        final Properties props = new Properties();
        settings.forEach(props::setProperty);
        final RankwireConfig c = new RankwireConfig(props);
        final String progress = settings.get(RankwireConfig.PROGRESS_THREAD_PROP);
        if (progress != null && !progress.trim().toLowerCase(Locale.ROOT).matches("true|false"))
        {
            throw new IllegalArgumentException(
                RankwireConfig.PROGRESS_THREAD_PROP + " : '" + progress + "' (expected: true or false)");
        }
        c.conclude();
        RankObservers.validate(settings);
    }

    /** The keys {@link RankwireConfig} reads, the launcher's {@code rankwire.bind}, and {@link RankObservers}'. */
    private static Set<String> runtimeKeys()
    {
        final Set<String> keys = new TreeSet<>();
        new RankwireConfig(new Properties()
        {
            private static final long serialVersionUID = 1L;

            @Override
            public String getProperty(final String key)
            {
                keys.add(key);
                return null;
            }

            @Override
            public String getProperty(final String key, final String defaultValue)
            {
                keys.add(key);
                return defaultValue;
            }
        });
        keys.add(JobVariables.BIND_SETTING);
        keys.add(io.rankwire.spi.HostIdentity.SETTING);
        keys.addAll(RankObservers.keys());
        return keys;
    }
}
