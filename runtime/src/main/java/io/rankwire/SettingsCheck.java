package io.rankwire;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.rankwire.bootstrap.JobVariables;
import io.rankwire.coll.CollSettingsCheck;
import io.rankwire.settings.Setting;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.TransportProvider;

/**
 * The registry of every {@code rankwire.*} setting, and the check of a job's settings before
 * anything starts: every key must be one somebody reads, and every value must parse as its owner
 * will parse it. {@link Rankwire#init} runs it on a rank's settings (system properties, the
 * launcher's {@code RANKWIRE_SETTINGS}, settings given to {@link RankwireConfig#set});
 * {@code rwrun} runs it on {@code -x}, {@code -D} and {@code -J-D} settings before any rank
 * starts, and lists what it knows with {@code rwrun --settings}.
 *
 * <p>The settings known are each module's {@link Setting} descriptors: the runtime's (those
 * {@link RankwireConfig} reads, the bootstrap's, {@code rankwire.hostId} and those of "Observing a
 * rank"), the collectives' ({@code rankwire.coll.*}, {@code rankwire.job.hosts}) and each
 * transport's {@link TransportProvider#settings()}, for the transports given (those found on the
 * class path). An unknown key is refused with the nearest known key, if one is close; a key under
 * {@code rankwire.<name>.} where nothing named {@code name} is found is refused too (nothing on
 * the class path would read it); keys of a transport that lists none are passed unchecked. Keys
 * under {@value #UNCHECKED_PREFIX} are never checked: they belong to tests and benchmarks.
 */
public final class SettingsCheck
{
    /** Keys under this prefix are not Rankwire's settings and are never checked. */
    public static final String UNCHECKED_PREFIX = "rankwire.test.";
    /** The reader of the runtime's own settings, as {@link #settingsByReader()} names it. */
    public static final String RUNTIME = "runtime";
    /** The reader of the collectives' settings, as {@link #settingsByReader()} names it. */
    public static final String COLLECTIVES = "runtime (collectives)";
    /** How {@link #settingsByReader()} names a transport's settings: this, then the transport's name. */
    public static final String TRANSPORT = "transport ";

    private final Map<String, List<Setting<?>>> byReader = new LinkedHashMap<>();
    private final Map<String, Setting<?>> byKey = new TreeMap<>();
    private final Map<String, TransportProvider> providers = new TreeMap<>();

    private SettingsCheck(final Iterable<TransportProvider> found)
    {
        for (final TransportProvider p : found)
        {
            providers.putIfAbsent(p.name(), p);
        }
        add(RUNTIME, RuntimeSettings.ALL);
        add(COLLECTIVES, CollSettingsCheck.settings());
        providers.forEach((name, p) -> add(TRANSPORT + name, p.settings()));
    }

    private void add(final String reader, final List<Setting<?>> settings)
    {
        final List<Setting<?>> listed = new ArrayList<>();
        for (final Setting<?> s : settings)
        {
            if (byKey.putIfAbsent(s.key(), s) == null && !s.isRemoved())
            {
                listed.add(s);
            }
        }
        if (!listed.isEmpty())
        {
            byReader.put(reader, Collections.unmodifiableList(listed));
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

    /**
     * Every setting this check knows, by who reads it: {@value #RUNTIME}, {@value #COLLECTIVES},
     * then {@value #TRANSPORT}{@code <name>} for each transport that lists any, by name; each list
     * in its owner's order. Removed settings are left out.
     */
    public Map<String, List<Setting<?>>> settingsByReader()
    {
        return Collections.unmodifiableMap(byReader);
    }

    /** The setting of {@code key}, if a reader this check knows declares it. */
    public Optional<Setting<?>> setting(final String key)
    {
        return Optional.ofNullable(byKey.get(key));
    }

    /** Every key this check knows (transports that list none contribute nothing), sorted; removed ones left out. */
    public Set<String> knownKeys()
    {
        final Set<String> all = new TreeSet<>();
        byReader.values().forEach(list -> list.forEach(s -> all.add(s.key())));
        return Collections.unmodifiableSet(all);
    }

    /** The names of the transports whose settings this check knows, sorted. */
    public Set<String> transports()
    {
        return Collections.unmodifiableSet(providers.keySet());
    }

    /** {@link #check(Map, int)} for a job whose size is not known yet. */
    public void check(final Map<String, String> settings)
    {
        check(settings, 0);
    }

    /**
     * Checks the {@code rankwire.*} entries of {@code settings} (other entries are ignored): keys
     * first, in order, then each value against its descriptor, then what one setting's range owes
     * to another's (the runtime's, the collectives' and each transport's that has a key among
     * them), and, with {@code size} above 0, what depends on the job's size.
     *
     * @param size the job's ranks; 0 when not known
     * @throws IllegalArgumentException for the first problem, on one line starting with the key:
     *                                  {@code rankwire.eager.limit : unknown setting (did you mean
     *                                  rankwire.eagerLimit?)}, {@code rankwire.idle : spinn
     *                                  (expected: spin, yield or backoff)}
     */
    public void check(final Map<String, String> settings, final int size)
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
        ours.forEach((key, value) ->
        {
            final Setting<?> s = byKey.get(key);
            if (s != null)
            {
                s.parse(value);
            }
        });
        validateRuntime(ours, size);
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
        if (byKey.containsKey(key))
        {
            return;
        }
        final String rest = key.substring(JobVariables.SETTING_PREFIX.length());
        final int dot = rest.indexOf('.');
        final String namespace = dot < 0 ? null : rest.substring(0, dot);
        final TransportProvider transport = namespace == null ? null : providers.get(namespace);
        if (transport != null && transport.settings().isEmpty())
        {
            return;
        }
        final Set<String> known = knownKeys();
        final String nearest = Nearest.of(key, known);
        if (nearest != null)
        {
            throw new IllegalArgumentException(key + " : unknown setting (did you mean " + nearest + "?)");
        }
        final String transports = String.join(", ", providers.keySet());
        if (namespace != null && transport == null &&
            known.stream().noneMatch(k -> k.startsWith(JobVariables.SETTING_PREFIX + namespace + ".")))
        {
            throw new IllegalArgumentException(key + " : unknown setting (no transport '" + namespace +
                "' on the class path to read it; transports found: " + transports + ")");
        }
        throw new IllegalArgumentException(key + " : unknown setting (expected: a key rwrun --settings lists, " +
            "docs/SETTINGS.md; transports found: " + transports + ")");
    }

    /** What the runtime's settings owe to each other, and {@code rankwire.hostId} to the job's size. */
    private static void validateRuntime(final Map<String, String> settings, final int size)
    {
        final Properties props = new Properties();
        settings.forEach(props::setProperty);
        new RankwireConfig(props).conclude();
        final String hostId = HostIdentity.HOST_ID.read(settings);
        if (hostId != null && size > 0)
        {
            HostIdentity.check(hostId, size);
        }
    }
}
