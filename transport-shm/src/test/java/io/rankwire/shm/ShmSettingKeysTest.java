package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.rankwire.SettingsCheck;
import io.rankwire.conformance.SettingReads;
import io.rankwire.spi.TransportProvider;
import org.junit.jupiter.api.Test;

/** The keys the provider declares are the ones its settings parser reads (and its docs list); bad values are refused before opening. */
class ShmSettingKeysTest
{
    private final TransportProvider provider = new ShmTransportProvider();

    @Test
    void shouldDeclareTheKeysItsSettingsRead()
    {
        assertEquals(new TreeSet<>(Set.of("rankwire.shm.dir", "rankwire.shm.rings", "rankwire.shm.ringBytes", "rankwire.shm.eagerLimit", "rankwire.shm.slotBytes", "rankwire.shm.slots", "rankwire.shm.pushSlots", "rankwire.shm.push", "rankwire.shm.heapBytes", "rankwire.shm.regions", "rankwire.shm.spinMicros", "rankwire.shm.doorbell", "rankwire.shm.livenessMillis", "rankwire.shm.wireUpTimeoutMs")), SettingReads.keysOf(provider.settings()));
        assertEquals(SettingReads.keysOf(provider.settings()), SettingReads.keysRead(ShmSettings::new));
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
        provider.validateSettings(Map.of("rankwire.shm.rings", "shared"));
        assertEquals("rankwire.shm.ringBytes : 5000 (expected: a byte size 4K..1G, a power of two)",
            refusal(Map.of("rankwire.shm.ringBytes", "5000")));
        assertEquals("rankwire.shm.doorbell : bell (expected: socket or none)", refusal(Map.of("rankwire.shm.doorbell", "bell")));
        assertEquals("rankwire.shm.push : always (expected: on, auto or off)", refusal(Map.of("rankwire.shm.push", "always")));
        assertEquals("rankwire.shm.slotBytes : 100 (expected: a byte size 64..64M, a multiple of 64)",
            refusal(Map.of("rankwire.shm.slotBytes", "100")));
        assertEquals("rankwire.shm.eagerLimit : 64k (expected: a byte size 0..32752, rankwire.shm.ringBytes / 8 - 16)",
            refusal(Map.of("rankwire.shm.eagerLimit", "64k")));
        provider.validateSettings(Map.of("rankwire.shm.ringBytes", "1m", "rankwire.shm.heapBytes", "16M",
            "rankwire.shm.livenessMillis", "1s"));
    }

    @Test
    void shouldBeCheckedThroughTheClassPath()
    {
        assertEquals("rankwire.shm.slot : unknown setting (did you mean rankwire.shm.slots?)",
            checked(Map.of("rankwire.shm.slot", "4")));
        assertEquals("rankwire.shm.slots : 1 (expected: 2..1024)", checked(Map.of("rankwire.shm.slots", "1")));
    }
}
