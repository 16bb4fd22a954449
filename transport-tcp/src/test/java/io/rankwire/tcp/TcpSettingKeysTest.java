package io.rankwire.tcp;

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
class TcpSettingKeysTest
{
    private final TransportProvider provider = new TcpTransportProvider();

    @Test
    void shouldDeclareTheKeysItsSettingsRead()
    {
        assertEquals(SettingReads.keysOf(provider.settings()), SettingReads.keysRead(TcpSettings::new));
        assertEquals(new TreeSet<>(Set.of("rankwire.tcp.bind", "rankwire.tcp.port", "rankwire.tcp.advertise", "rankwire.tcp.eagerLimit", "rankwire.tcp.maxFrame", "rankwire.tcp.readChunk", "rankwire.tcp.connect", "rankwire.tcp.ioThreads", "rankwire.tcp.busyPoll", "rankwire.tcp.tls", "rankwire.tcp.engineIo", "rankwire.tcp.inboundQueue", "rankwire.tcp.sendQueue", "rankwire.tcp.sendQueueBytes", "rankwire.tcp.connectTimeoutMs", "rankwire.tcp.helloTimeoutMs", "rankwire.tcp.pendingHandshakes", "rankwire.tcp.wireUpTimeoutMs", "rankwire.tcp.keepAliveIdleMs", "rankwire.tcp.keepAliveIntervalMs", "rankwire.tcp.keepAliveProbes")), SettingReads.keysOf(provider.settings()));
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
        provider.validateSettings(Map.of("rankwire.tcp.port", "4000", "rankwire.tcp.tls", "TRUE"));
        assertEquals("rankwire.tcp.port : 70000 (expected: 0..65535)", refusal(Map.of("rankwire.tcp.port", "70000")));
        assertEquals("rankwire.tcp.connect : sometimes (expected: lazy or eager)",
            refusal(Map.of("rankwire.tcp.connect", "sometimes")));
        assertEquals("rankwire.tcp.tls : yes (expected: true or false)",
            refusal(Map.of("rankwire.tcp.tls", "yes")));
        assertEquals("rankwire.tcp.bind : 999.1.1.1 (expected: a host name or an IP address)",
            refusal(Map.of("rankwire.tcp.bind", "999.1.1.1")));
        assertEquals("rankwire.tcp.eagerLimit : 2m (expected: a byte size 0..1048687, rankwire.tcp.maxFrame - 17)",
            refusal(Map.of("rankwire.tcp.eagerLimit", "2m")));
        assertEquals("rankwire.tcp.sendQueueBytes : 1m (expected: a byte size 2097152..2147483647, at least " +
            "rankwire.tcp.maxFrame)", refusal(Map.of("rankwire.tcp.maxFrame", "2m", "rankwire.tcp.sendQueueBytes", "1m")));
        assertEquals("rankwire.tcp.helloTimeoutMs : 20s (expected: a duration 1ms..10s, at most " +
            "rankwire.tcp.connectTimeoutMs)", refusal(Map.of("rankwire.tcp.connectTimeoutMs", "10s",
            "rankwire.tcp.helloTimeoutMs", "20s")));
    }

    @Test
    void shouldBeCheckedThroughTheClassPath()
    {
        assertEquals("rankwire.tcp.prot : unknown setting (did you mean rankwire.tcp.port?)",
            checked(Map.of("rankwire.tcp.prot", "1")));
        assertEquals("rankwire.tcp.ioThreads : 0 (expected: 1..64)", checked(Map.of("rankwire.tcp.ioThreads", "0")));
        assertEquals("rankwire.tcp.engineIo : true (expected: not set; the setting is gone: engine-thread I/O is the " +
            "only data path, TLS included)", checked(Map.of("rankwire.tcp.engineIo", "true")));
    }
}
