package io.rankwire.multi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.rankwire.settings.Setting;

/** The {@code auto} transport's settings, each declared once and read through its descriptor. */
final class AutoSettings
{
    static final Setting<String> COMPOSITE = Setting.oneOf("rankwire.auto.composite", "needed",
        "always: a composite even when one transport serves every peer (a tests' and measurements' knob)",
        "needed", "always");
    static final Setting<Long> SLICE_MICROS = Setting.duration("rankwire.auto.waitSliceMicros", TimeUnit.MICROSECONDS,
        0, 0, 1_000_000, "when several transports block in the kernel and not all joined the shared wait: 0 parks " +
            "and polls them all; above 0, waits in each in turn for at most this long");
    static final Setting<Long> TIMEOUT_MS = Setting.duration("rankwire.auto.timeoutMs", TimeUnit.MILLISECONDS,
        60_000, 1, 3_600_000, "limit for the exchange of host identities");

    /** Every setting of the {@code auto} transport, in the order docs/SETTINGS.md lists them. */
    static final List<Setting<?>> ALL = List.of(COMPOSITE, SLICE_MICROS, TIMEOUT_MS);

    /** Open a composite even when one transport would serve every peer. */
    final boolean always;
    final long sliceNanos;
    final Duration timeout;

    AutoSettings(final Map<String, String> settings)
    {
        this.always = COMPOSITE.read(settings).equals("always");
        this.sliceNanos = TimeUnit.MICROSECONDS.toNanos(SLICE_MICROS.read(settings));
        this.timeout = Duration.ofMillis(TIMEOUT_MS.read(settings));
    }
}
