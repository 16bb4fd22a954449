package io.rankwire.coll;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;

/**
 * The collectives' settings as a settings check sees them: their descriptors
 * ({@code rankwire.coll.*} and {@code rankwire.job.hosts}) and a check of their values that
 * parses them exactly as a communicator's collectives will.
 */
public final class CollSettingsCheck
{
    private CollSettingsCheck()
    {
    }

    /** Every setting the collectives read ({@code rankwire.coll.*}, {@code rankwire.job.hosts}). */
    public static List<Setting<?>> settings()
    {
        return CollSettings.ALL;
    }

    /**
     * Checks the collectives' values among {@code settings}.
     *
     * @throws IllegalArgumentException naming the first bad key, its value and what is expected
     */
    public static void validate(final Map<String, String> settings)
    {
        new CollSettings(settings);
    }
}
