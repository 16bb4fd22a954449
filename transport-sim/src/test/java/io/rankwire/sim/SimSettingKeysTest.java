package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.rankwire.SettingsCheck;
import io.rankwire.conformance.SettingReads;
import io.rankwire.spi.TransportProvider;
import org.junit.jupiter.api.Test;

/** The settings the provider declares are the ones its settings parser reads; bad values are refused before opening. */
class SimSettingKeysTest
{
    private final TransportProvider provider = new SimTransportProvider();

    @Test
    void shouldDeclareTheKeysItsSettingsRead()
    {
        assertEquals(new TreeSet<>(Set.of("rankwire.sim.mode", "rankwire.sim.seed", "rankwire.sim.maxNumTags", "rankwire.sim.maxOps", "rankwire.sim.maxRndvHdrSize", "rankwire.sim.maxSge", "rankwire.sim.rndvOffload", "rankwire.sim.eagerLimit", "rankwire.sim.maxMessageSize", "rankwire.sim.srqCapacity", "rankwire.sim.cqCapacity", "rankwire.sim.cqeInlineBytes", "rankwire.sim.latencyNanos", "rankwire.sim.jitterNanos", "rankwire.sim.opDelayNanos", "rankwire.sim.readNanos", "rankwire.sim.eventsPerPoll")), SettingReads.keysOf(provider.settings()));
        assertEquals(SettingReads.keysOf(provider.settings()), SettingReads.keysRead(SimConfig::from));
    }

    private String refusal(final Map<String, String> settings)
    {
        return assertThrows(IllegalArgumentException.class, () -> provider.validateSettings(settings)).getMessage();
    }

    private static String checked(final Map<String, String> settings)
    {
        return assertThrows(IllegalArgumentException.class,
            () -> SettingsCheck.onClassPath().check(settings)).getMessage();
    }

    @Test
    void shouldRefuseBadValues()
    {
        provider.validateSettings(Map.of("rankwire.sim.mode", "scheduled"));
        assertEquals("rankwire.sim.mode : later (expected: inline or scheduled)", refusal(Map.of("rankwire.sim.mode", "later")));
        assertEquals("rankwire.sim.rndvOffload : maybe (expected: true or false)",
            refusal(Map.of("rankwire.sim.rndvOffload", "maybe")));
        assertEquals("rankwire.sim.maxRndvHdrSize : 100 (expected: 32..72, at most rankwire.sim.maxMessageSize)",
            refusal(Map.of("rankwire.sim.maxRndvHdrSize", "100", "rankwire.sim.eagerLimit", "8")));
        assertEquals("rankwire.sim.latencyNanos : 1500ps (expected: a duration 0ns..1h, a bare number in ns)",
            refusal(Map.of("rankwire.sim.latencyNanos", "1500ps")));
    }

    @Test
    void shouldBeCheckedThroughTheClassPath()
    {
        assertEquals("rankwire.sim.maxNumTag : unknown setting (did you mean rankwire.sim.maxNumTags?)",
            checked(Map.of("rankwire.sim.maxNumTag", "4")));
    }
}
