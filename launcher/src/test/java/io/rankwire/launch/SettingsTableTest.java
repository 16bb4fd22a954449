package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.rankwire.SettingsCheck;
import io.rankwire.settings.Setting;
import org.junit.jupiter.api.Test;

/**
 * docs/SETTINGS.md lists every setting once, as the descriptors of every module declare it (the
 * launcher's tests have all transports on the class path): a setting added, removed or changed
 * without the table fails here, and {@code launcher/target/SETTINGS.md} then holds the page as it
 * should be.
 */
class SettingsTableTest
{
    static final String BEGIN = "<!-- settings table: made from the settings' descriptors, checked by SettingsTableTest -->";
    static final String END = "<!-- end of settings table -->";
    private static final Path PAGE = Path.of("..", "docs", "SETTINGS.md");

    private static Map<String, List<Setting<?>>> rankwireSettings()
    {
        return SettingsCheck.onClassPath().settingsByReader();
    }

    /** The table as the descriptors say it. */
    static String table(final Map<String, List<Setting<?>>> byReader)
    {
        final StringBuilder t = new StringBuilder();
        t.append("| key | default | range | meaning | read by |\n");
        t.append("|---|---|---|---|---|\n");
        byReader.forEach((reader, settings) ->
        {
            for (final Setting<?> s : settings)
            {
                t.append("| `").append(s.key()).append("` | ").append(value(s.defaultText())).append(" | ")
                    .append(cell(s.expected())).append(" | ").append(cell(s.meaning())).append(" | ").append(reader)
                    .append(" |\n");
            }
        });
        return t.toString();
    }

    private static String value(final String text)
    {
        return text.isEmpty() ? "" : text.indexOf(' ') < 0 ? "`" + text + "`" : cell(text);
    }

    private static String cell(final String text)
    {
        return text.replace("|", "\\|");
    }

    @Test
    void shouldListEverySettingOnceAsItsDescriptorSaysIt() throws IOException
    {
        final String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        final int begin = page.indexOf(BEGIN);
        final int end = page.indexOf(END);
        assertTrue(begin >= 0 && end > begin, PAGE + " has no table between " + BEGIN + " and " + END);
        final String expected = table(rankwireSettings());
        final String actual = page.substring(begin + BEGIN.length(), end).strip() + "\n";
        if (!expected.equals(actual))
        {
            final Path fixed = Path.of("target", "SETTINGS.md");
            Files.createDirectories(fixed.getParent());
            Files.writeString(fixed, page.substring(0, begin + BEGIN.length()) + "\n" + expected + page.substring(end),
                StandardCharsets.UTF_8);
            fail("docs/SETTINGS.md does not list the settings as their descriptors declare them; the page as it " +
                "should be is in launcher/" + fixed + " (copy it over docs/SETTINGS.md)\n--- expected\n" + expected +
                "--- found\n" + actual);
        }
    }

    @Test
    void shouldDeclareEachKeyOnceWithADefaultInItsRange()
    {
        final Set<String> keys = new HashSet<>();
        for (final Map.Entry<String, List<Setting<?>>> reader : rankwireSettings().entrySet())
        {
            for (final Setting<?> s : reader.getValue())
            {
                assertTrue(keys.add(s.key()), () -> s.key() + " declared twice");
                assertFalse(s.meaning().isBlank(), s.key());
                assertFalse(s.defaultText().isBlank(), s.key());
                assertFalse(s.expected().isBlank(), s.key());
                checkDefault(s);
            }
        }
        assertTrue(keys.size() >= 70, keys::toString);
    }

    /** A default given as a value is one the setting takes, and reads back from its own text. */
    private static <T> void checkDefault(final Setting<T> s)
    {
        final T dflt = s.defaultValue();
        if (dflt != null && !(dflt instanceof String && ((String)dflt).isEmpty()))
        {
            assertEquals(dflt, s.check(dflt), s.key());
            assertEquals(dflt, s.parse(s.format(dflt)), s.key());
            assertEquals(s.format(dflt), s.defaultText(), s.key());
        }
    }

    @Test
    void shouldFindTheTableOnEveryPageThatUsedToListDefaults() throws IOException
    {
        for (final String page : List.of("RUNTIME.md", "TCP.md", "SHM.md", "SIM.md", "COLLECTIVES.md", "LAUNCHER.md"))
        {
            final String text = Files.readString(PAGE.resolveSibling(page), StandardCharsets.UTF_8);
            assertTrue(text.contains("SETTINGS.md"), () -> page + " does not point to docs/SETTINGS.md");
        }
    }
}
