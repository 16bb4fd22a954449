package io.rankwire.coll;

import java.util.Map;
import java.util.Set;

import io.rankwire.spi.SettingKeys;

/**
 * The collectives' settings as a settings check sees them: the keys the collectives read
 * ({@code rankwire.coll.*} and {@code rankwire.job.hosts}) and a check of their values that
 * parses them exactly as a communicator's collectives will.
 */
public final class CollSettingsCheck
{
    private CollSettingsCheck()
    {
    }

    /** Every key the collectives read, sorted. */
    public static Set<String> keys()
    {
        return SettingKeys.readBy(CollSettings::new);
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
