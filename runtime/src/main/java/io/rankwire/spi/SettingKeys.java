package io.rankwire.spi;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Finds the keys a settings parser reads by running it over an empty map that records every key
 * asked for. A transport answers {@link TransportProvider#settingKeys()} with
 * {@code SettingKeys.readBy(MySettings::new)}: the list cannot drift from the parser, since it
 * is the parser's own reads. A parser must read each of its keys unconditionally (a key read
 * only when another one is set would not be recorded).
 */
public final class SettingKeys
{
    private SettingKeys()
    {
    }

    /**
     * The keys {@code parser} looks up when given no settings at all.
     *
     * @param parser reads its settings from the map it is given (and accepts it empty: all defaults)
     * @return the keys it asked for, sorted, unmodifiable
     */
    public static Set<String> readBy(final Consumer<Map<String, String>> parser)
    {
        final Recording map = new Recording();
        parser.accept(map);
        return Collections.unmodifiableSet(map.asked);
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
