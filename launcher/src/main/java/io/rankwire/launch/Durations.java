package io.rankwire.launch;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the launcher's durations: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, ISO-8601
 * {@code PT1M30S}, or a plain number of seconds ({@code 30}), as Open MPI's {@code --timeout} takes.
 */
final class Durations
{
    private static final Pattern SIMPLE = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

    private Durations()
    {
    }

    /** @throws IllegalArgumentException naming {@code text} if it is not a positive duration */
    static Duration parse(final String text)
    {
        final String t = text.trim().toLowerCase(Locale.ROOT);
        final Matcher m = SIMPLE.matcher(t);
        Duration d = null;
        if (m.matches())
        {
            final long n = Long.parseLong(m.group(1));
            switch (m.group(2) == null ? "s" : m.group(2))
            {
                case "ms":
                    d = Duration.ofMillis(n);
                    break;
                case "s":
                    d = Duration.ofSeconds(n);
                    break;
                case "m":
                    d = Duration.ofMinutes(n);
                    break;
                default:
                    d = Duration.ofHours(n);
                    break;
            }
        }
        else if (t.startsWith("pt"))
        {
            try
            {
                d = Duration.parse(t);
            }
            catch (final DateTimeParseException ignored)
            {
                // reported below
            }
        }
        if (d == null || d.isZero() || d.isNegative())
        {
            throw new IllegalArgumentException(
                "'" + text + "' (expected: a positive duration such as 30 (seconds), 500ms, 30s, 5m, 2h or PT1M30S)");
        }
        return d;
    }

    /** A short human form: {@code 30s}, {@code 1500ms}. */
    static String format(final Duration d)
    {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
