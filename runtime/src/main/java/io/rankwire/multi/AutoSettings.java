package io.rankwire.multi;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The {@code auto} transport's settings, checked: a bad value names the key, the value and the range. */
final class AutoSettings
{
    static final String COMPOSITE = "rankwire.auto.composite";
    static final String SLICE_MICROS = "rankwire.auto.waitSliceMicros";
    static final String TIMEOUT_MS = "rankwire.auto.timeoutMs";

    /** Open a composite even when one transport would serve every peer. */
    final boolean always;
    final long sliceNanos;
    final Duration timeout;

    AutoSettings(final Map<String, String> settings)
    {
        final String composite = settings.getOrDefault(COMPOSITE, "needed");
        if (!composite.equals("needed") && !composite.equals("always"))
        {
            throw new IllegalArgumentException(COMPOSITE + " : '" + composite + "' (expected: needed or always)");
        }
        this.always = composite.equals("always");
        this.sliceNanos = TimeUnit.MICROSECONDS.toNanos(number(settings, SLICE_MICROS, 0, 0, 1_000_000));
        this.timeout = Duration.ofMillis(number(settings, TIMEOUT_MS, 60_000, 1, 3_600_000));
    }

    private static long number(final Map<String, String> settings, final String key, final long dflt, final long min, final long max)
    {
        final String value = settings.get(key);
        if (value == null)
        {
            return dflt;
        }
        try
        {
            final long v = Long.parseLong(value.trim());
            if (v >= min && v <= max)
            {
                return v;
            }
        }
        catch (final NumberFormatException e)
        {
            // reported below
        }
        throw new IllegalArgumentException(key + " : '" + value + "' (expected: " + min + ".." + max + ")");
    }
}
