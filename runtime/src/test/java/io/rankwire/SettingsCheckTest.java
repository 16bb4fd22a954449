package io.rankwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.rankwire.settings.Setting;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;
import org.junit.jupiter.api.Test;

class SettingsCheckTest
{
    private static final Setting<Integer> WIRE_PORT = Setting.integer("rankwire.wire.port", 0, 0, 65535, "port");
    private static final Setting<Integer> WIRE_LOW = Setting.integer("rankwire.wire.low", 0, 0, 100, "at most high");
    private static final Setting<Integer> WIRE_HIGH = Setting.integer("rankwire.wire.high", 100, 0, 100, "at least low");
    private static final Setting<String> WIRE_MODE = Setting.oneOf("rankwire.wire.mode", "a", "mode", "a", "b");

    /** A transport that reads {@code rankwire.wire.port} (0..65535), {@code .mode}, and {@code .low} at most {@code .high}. */
    private static final TransportProvider WIRE = new TransportProvider()
    {
        @Override
        public String name()
        {
            return "wire";
        }

        @Override
        public Transport open(final TransportContext context)
        {
            throw new UnsupportedOperationException("settings only");
        }

        @Override
        public List<Setting<?>> settings()
        {
            return List.of(WIRE_PORT, WIRE_LOW, WIRE_HIGH, WIRE_MODE);
        }

        @Override
        public void validateSettings(final Map<String, String> settings)
        {
            final int high = WIRE_HIGH.read(settings);
            if (WIRE_LOW.read(settings) > high)
            {
                throw WIRE_LOW.refuse(settings.get(WIRE_LOW.key()), "0.." + high + ", at most rankwire.wire.high");
            }
        }
    };

    /** A transport that lists no keys: its settings cannot be checked. */
    private static final TransportProvider OPAQUE = new TransportProvider()
    {
        @Override
        public String name()
        {
            return "opaque";
        }

        @Override
        public Transport open(final TransportContext context)
        {
            throw new UnsupportedOperationException("settings only");
        }
    };

    private static final SettingsCheck CHECK = SettingsCheck.of(List.of(WIRE, OPAQUE));

    private static String refusal(final Map<String, String> settings)
    {
        return assertThrows(IllegalArgumentException.class, () -> CHECK.check(settings)).getMessage();
    }

    @Test
    void shouldKnowEveryRuntimeCollectiveAndTransportKey() throws Exception
    {
        final Set<String> known = CHECK.knownKeys();
        for (final Field f : RankwireConfig.class.getFields())
        {
            if (Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("_PROP"))
            {
                assertTrue(known.contains((String)f.get(null)), () -> f.getName() + " missing from " + known);
            }
        }
        assertTrue(known.containsAll(Set.of("rankwire.bind", "rankwire.hostId", "rankwire.job.hosts", "rankwire.coll.bcast.algorithm",
            "rankwire.coll.allToAll.largeBytes", "rankwire.wire.port", "rankwire.wire.mode")), known::toString);
        assertEquals(Set.of("opaque", "wire"), CHECK.transports());
    }

    @Test
    void shouldAcceptKnownKeysWithGoodValuesAndIgnoreOthers()
    {
        final Map<String, String> settings = new TreeMap<>(Map.of(
            "rankwire.eagerLimit", "16384", "rankwire.idle", "spin", "rankwire.threads", "funneled",
            "rankwire.coll.bcast.algorithm", "pipeline", "rankwire.job.hosts", "2", "rankwire.wire.port", "80",
            "rankwire.opaque.anything", "x", "rankwire.test.rounds", "7", "java.home", "/x", "RANKWIRE_X", "y"));
        CHECK.check(settings);
    }

    @Test
    void shouldRefuseUnknownKeySuggestingTheNearest()
    {
        assertEquals("rankwire.eager.limit : unknown setting (did you mean rankwire.eagerLimit?)",
            refusal(Map.of("rankwire.eager.limit", "16384")));
        assertEquals("rankwire.bootstrapTimout : unknown setting (did you mean rankwire.bootstrapTimeout?)",
            refusal(Map.of("rankwire.bootstrapTimout", "1000")));
        assertEquals("rankwire.wire.prot : unknown setting (did you mean rankwire.wire.port?)",
            refusal(Map.of("rankwire.wire.prot", "1")));
        assertEquals("rankwire.coll.bcast.algo : unknown setting (did you mean rankwire.coll.bcast.algorithm?)",
            refusal(Map.of("rankwire.coll.bcast.algo", "binomial")));
    }

    @Test
    void shouldRefuseKeyNobodyReads()
    {
        assertEquals("rankwire.zzz : unknown setting (expected: a key rwrun --settings lists, docs/SETTINGS.md; " +
            "transports found: opaque, wire)", refusal(Map.of("rankwire.zzz", "1")));
        assertEquals("rankwire.ucx.rails : unknown setting (no transport 'ucx' on the class path to read it; " +
            "transports found: opaque, wire)", refusal(Map.of("rankwire.ucx.rails", "2")));
        assertEquals("rankwire.idle.spinMicrosecondsAndMore : unknown setting (expected: a key rwrun --settings lists, " +
            "docs/SETTINGS.md; transports found: opaque, wire)", refusal(Map.of("rankwire.idle.spinMicrosecondsAndMore", "1")));
    }

    @Test
    void shouldRefuseBadValuesNamingKeyValueAndExpectation()
    {
        assertEquals("rankwire.idle : spinn (expected: spin, yield or backoff)", refusal(Map.of("rankwire.idle", "spinn")));
        assertEquals("rankwire.credits : 0 (expected: 1..1048576)", refusal(Map.of("rankwire.credits", "0")));
        assertEquals("rankwire.timeout : soon (expected: a duration 0ms..8760h, a bare number in ms)",
            refusal(Map.of("rankwire.timeout", "soon")));
        assertEquals("rankwire.progressThread : yes (expected: true or false)",
            refusal(Map.of("rankwire.progressThread", "yes")));
        assertEquals("rankwire.coll.reduce.algorithm : fast (expected: auto, binomial or rabenseifner)",
            refusal(Map.of("rankwire.coll.reduce.algorithm", "fast")));
        assertEquals("rankwire.wire.port : 70000 (expected: 0..65535)", refusal(Map.of("rankwire.wire.port", "70000")));
        assertEquals("rankwire.logLevel : loud (expected: error, warning, info, debug, trace or off)",
            refusal(Map.of("rankwire.logLevel", "loud")));
        assertEquals("rankwire.jmx : '' (expected: true or false)", refusal(Map.of("rankwire.jmx", "")));
        assertTrue(refusal(Map.of("rankwire.threads", "funneled", "rankwire.progressThread", "true"))
            .startsWith("rankwire.threads : funneled with rankwire.progressThread : true"));
    }

    @Test
    void shouldKeepMinusOneAsTheEagerLimitsAutoAndRefuseWhatCannotWork()
    {
        CHECK.check(Map.of("rankwire.eagerLimit", "-1"));
        CHECK.check(Map.of("rankwire.eagerLimit", "auto"));
        CHECK.check(Map.of("rankwire.eagerLimit", "0"));
        CHECK.check(Map.of("rankwire.eagerLimit", "1g"));
        assertEquals("rankwire.eagerLimit : -2 (expected: auto or a byte size 0..1G)",
            refusal(Map.of("rankwire.eagerLimit", "-2")));
        assertEquals("rankwire.eagerLimit : 2g (expected: auto or a byte size 0..1G)",
            refusal(Map.of("rankwire.eagerLimit", "2g")));
        assertEquals("rankwire.eagerLimit : lots (expected: auto or a byte size 0..1G)",
            refusal(Map.of("rankwire.eagerLimit", "lots")));
        assertEquals("rankwire.idle.spinMicros : -5 (expected: auto or a duration 0us..1s, a bare number in us)",
            refusal(Map.of("rankwire.idle.spinMicros", "-5")));
    }

    @Test
    void shouldTakeByteSizesAndDurationsWithUnits()
    {
        CHECK.check(Map.of("rankwire.unexpectedBytes", "32M", "rankwire.sendBufferBytes", "1g", "rankwire.offloadMinBytes",
            "64k", "rankwire.timeout", "30s", "rankwire.bootstrapTimeout", "2m", "rankwire.creditWaitMicros", "1ms"));
        assertEquals("rankwire.unexpectedBytes : 32Q (expected: a byte size >= 0)",
            refusal(Map.of("rankwire.unexpectedBytes", "32Q")));
        assertEquals("rankwire.creditWaitMicros : 1500ns (expected: a duration 0us..1s, a bare number in us)",
            refusal(Map.of("rankwire.creditWaitMicros", "1500ns")));
        assertEquals("rankwire.bootstrapTimeout : 0 (expected: a duration 1ms..24h, a bare number in ms)",
            refusal(Map.of("rankwire.bootstrapTimeout", "0")));
    }

    @Test
    void shouldRefuseAnAddressThatIsNone()
    {
        CHECK.check(Map.of("rankwire.bind", "10.0.0.2"));
        CHECK.check(Map.of("rankwire.bind", "node-1.example.org"));
        CHECK.check(Map.of("rankwire.bind", "::1"));
        assertEquals("rankwire.bind : 999.1.1.1 (expected: a host name or an IP address)",
            refusal(Map.of("rankwire.bind", "999.1.1.1")));
        assertEquals("rankwire.bind : 10.0.0 (expected: a host name or an IP address)",
            refusal(Map.of("rankwire.bind", "10.0.0")));
    }

    @Test
    void shouldRefuseABadHostIdAloneAndAgainstTheJobsSize()
    {
        CHECK.check(Map.of("rankwire.hostId", "@2"), 4);
        CHECK.check(Map.of("rankwire.hostId", "a,a,b,b"), 4);
        CHECK.check(Map.of("rankwire.hostId", "a,b,c"));
        assertTrue(refusal(Map.of("rankwire.hostId", "@0")).startsWith("rankwire.hostId : @0 (expected: one host name"));
        assertTrue(refusal(Map.of("rankwire.hostId", "a b")).startsWith("rankwire.hostId : a b (expected: one host name"));
        assertEquals("rankwire.hostId : a,b,c (expected: one host name, 2 comma-separated names (one per rank), or @K " +
            "(hosts of K consecutive ranks, K >= 1))",
            assertThrows(IllegalArgumentException.class, () -> CHECK.check(Map.of("rankwire.hostId", "a,b,c"), 2)).getMessage());
    }

    @Test
    void shouldLetATransportCheckWhatOneSettingOwesAnother()
    {
        CHECK.check(Map.of("rankwire.wire.low", "20", "rankwire.wire.high", "30"));
        assertEquals("rankwire.wire.low : 40 (expected: 0..30, at most rankwire.wire.high)",
            refusal(Map.of("rankwire.wire.low", "40", "rankwire.wire.high", "30")));
    }

    @Test
    void shouldListEverySettingOnceByItsReader()
    {
        final Map<String, List<Setting<?>>> all = CHECK.settingsByReader();
        assertEquals(List.of(SettingsCheck.RUNTIME, SettingsCheck.COLLECTIVES, "transport wire"), List.copyOf(all.keySet()));
        assertEquals(List.of("rankwire.wire.port", "rankwire.wire.low", "rankwire.wire.high", "rankwire.wire.mode"),
            all.get("transport wire").stream().map(Setting::key).toList());
        assertTrue(all.get(SettingsCheck.RUNTIME).stream().anyMatch(s -> s.key().equals("rankwire.eagerLimit")));
        assertTrue(CHECK.setting("rankwire.credits").isPresent());
        assertTrue(CHECK.setting("rankwire.wire.nothing").isEmpty());
    }

    @Test
    void shouldReportUnknownKeysBeforeBadValues()
    {
        assertEquals("rankwire.sendBuferBytes : unknown setting (did you mean rankwire.sendBufferBytes?)",
            refusal(Map.of("rankwire.idle", "spinn", "rankwire.sendBuferBytes", "1")));
    }

    @Test
    void shouldMeasureEditDistance()
    {
        assertEquals(0, Nearest.distance("port", "port"));
        assertEquals(2, Nearest.distance("prot", "port"));
        assertEquals(3, Nearest.distance("kitten", "sitting"));
        assertEquals(4, Nearest.distance("", "idle"));
        assertEquals(null, Nearest.of("rankwire.q", List.of("rankwire.idle", "rankwire.bind")));
    }
}
