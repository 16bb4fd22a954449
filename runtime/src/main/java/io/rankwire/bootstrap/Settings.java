package io.rankwire.bootstrap;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The {@code rankwire.*} settings a launcher hands its ranks, encoded in
 * {@link JobVariables#SETTINGS} as one {@code key=value} per line.
 */
public final class Settings
{
    private Settings()
    {
    }

    /** Whether {@code key} names a setting ({@code rankwire.} followed by something). */
    public static boolean isSettingKey(final String key)
    {
        return key.startsWith(JobVariables.SETTING_PREFIX) &&
            key.length() > JobVariables.SETTING_PREFIX.length() && key.indexOf('=') < 0 &&
            key.indexOf('\n') < 0;
    }

    /** The {@code rankwire.*} entries of {@code properties}. */
    public static Map<String, String> fromProperties(final Properties properties)
    {
        final Map<String, String> settings = new TreeMap<>();
        for (final String name : properties.stringPropertyNames())
        {
            if (isSettingKey(name))
            {
                settings.put(name, properties.getProperty(name));
            }
        }
        return settings;
    }

    /** One {@code key=value} per line. */
    static String encode(final Map<String, String> settings)
    {
        final StringBuilder text = new StringBuilder();
        for (final Map.Entry<String, String> e : new TreeMap<>(settings).entrySet())
        {
            if (!isSettingKey(e.getKey()))
            {
                throw new IllegalArgumentException("setting : '" + e.getKey() + "' (expected: rankwire.<name>)");
            }
            if (e.getValue().indexOf('\n') >= 0)
            {
                throw new IllegalArgumentException(
                    "setting " + e.getKey() + " : value has a line break (expected: one line)");
            }
            text.append(e.getKey()).append('=').append(e.getValue()).append('\n');
        }
        return text.toString();
    }

    /** The inverse of {@link #encode}; blank lines are skipped. */
    static Map<String, String> decode(final String text)
    {
        final Map<String, String> settings = new TreeMap<>();
        for (final String line : text.split("\n"))
        {
            if (line.isBlank())
            {
                continue;
            }
            final int eq = line.indexOf('=');
            if (eq < 0 || !isSettingKey(line.substring(0, eq)))
            {
                throw new IllegalStateException(
                    JobVariables.SETTINGS + " : line '" + line + "' (expected: rankwire.<name>=<value>)");
            }
            settings.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return settings;
    }
}
