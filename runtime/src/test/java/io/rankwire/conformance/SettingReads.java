package io.rankwire.conformance;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import io.rankwire.settings.Setting;

/**
 * What a settings parser reads, found by running it over an empty map that records every key
 * asked for: a module's tests compare it with the settings it declares, so that no key is read
 * without a descriptor (it would be refused as unknown) and none is declared that nothing reads.
 */
public final class SettingReads
{
    private SettingReads()
    {
    }

    /** The keys {@code parser} looks up when given no settings at all, sorted. */
    public static Set<String> keysRead(final Consumer<Map<String, String>> parser)
    {
        final Recording map = new Recording();
        parser.accept(map);
        return Collections.unmodifiableSet(map.asked);
    }

    /** The keys of {@code settings}, sorted. */
    public static Set<String> keysOf(final List<Setting<?>> settings)
    {
        final Set<String> keys = new TreeSet<>();
        settings.forEach(s -> keys.add(s.key()));
        return keys;
    }

    /** An empty map that remembers what was looked up. */
    private static final class Recording extends AbstractMap<String, String>
    {
        private final Set<String> asked = new TreeSet<>();

        @Override
        public String get(final Object key)
        {
            asked.add(String.valueOf(key));
            return null;
        }

        @Override
        public String getOrDefault(final Object key, final String defaultValue)
        {
            asked.add(String.valueOf(key));
            return defaultValue;
        }

        @Override
        public boolean containsKey(final Object key)
        {
            asked.add(String.valueOf(key));
            return false;
        }

        @Override
        public Set<Entry<String, String>> entrySet()
        {
            return Collections.emptySet();
        }
    }
}
