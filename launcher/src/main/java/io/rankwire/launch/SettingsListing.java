package io.rankwire.launch;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.rankwire.SettingsCheck;
import io.rankwire.settings.Setting;

/**
 * The listing of {@code rwrun --settings}, as {@code ompi_info --all} lists MCA parameters: every
 * setting a rank of the job would read, grouped by who reads it, with the value the job would
 * get now and where it comes from, its default, what a value may be, and what it does:
 *
 * <pre>
 * runtime
 *   rankwire.credits = 8  [-x]
 *       default: 64; expected: 1..1048576
 *       eager messages per (sender, receiver) before credits must come back
 * </pre>
 *
 * Settings given that no reader declares follow under "other settings given".
 */
final class SettingsListing
{
    private static final String INDENT = "  ";
    private static final String DETAIL = "      ";

    private SettingsListing()
    {
    }

    /**
     * @param values  the job's settings as given
     * @param sources where each of {@code values} comes from ({@code -x}, {@code -J-D}, ...)
     */
    static void print(
        final PrintStream out, final SettingsCheck check, final Map<String, String> values, final Map<String, String> sources)
    {
        out.println("Settings of a job's ranks (docs/SETTINGS.md): the value this job would get [from where], " +
            "the default, what a value may be, what it does.");
        final Map<String, String> others = new TreeMap<>(values);
        for (final Map.Entry<String, List<Setting<?>>> reader : check.settingsByReader().entrySet())
        {
            out.println();
            out.println(reader.getKey());
            for (final Setting<?> s : reader.getValue())
            {
                final String value = others.remove(s.key());
                out.println(INDENT + s.key() + " = " + (value != null ? shown(value) + "  [" + sources.get(s.key()) + "]" :
                    s.defaultText() + "  [default]"));
                out.println(DETAIL + "default: " + s.defaultText() + "; expected: " + s.expected());
                out.println(DETAIL + s.meaning());
            }
        }
        if (!others.isEmpty())
        {
            out.println();
            out.println("other settings given");
            others.forEach((key, value) -> out.println(INDENT + key + " = " + shown(value) + "  [" + sources.get(key) + "]" +
                (key.startsWith(SettingsCheck.UNCHECKED_PREFIX) ? " (never checked)" : "")));
        }
    }

    private static String shown(final String value)
    {
        return value.isEmpty() ? "''" : value;
    }
}
