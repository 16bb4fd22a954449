package io.rankwire.bootstrap;

import java.time.Duration;

/** Durations in messages, the way a user writes them. */
final class Durations
{
    private Durations()
    {
    }

    /** A short human form: {@code 30s}, {@code 1500ms}. */
    static String format(final Duration d)
    {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
