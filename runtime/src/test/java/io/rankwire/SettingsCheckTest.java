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

import io.rankwire.spi.SettingKeys;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;
import org.junit.jupiter.api.Test;

class SettingsCheckTest
{
    /** A transport that reads {@code rankwire.wire.port} (0..65535) and {@code rankwire.wire.mode}. */
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
        public Set<String> settingKeys()
        {
            return SettingKeys.readBy(WireSettings::new);
        }

        @Override
        public void validateSettings(final Map<String, String> settings)
        {
            new WireSettings(settings);
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

    private static final class WireSettings
    {
        WireSettings(final Map<String, String> s)
        {
            final int port = Integer.parseInt(s.getOrDefault("rankwire.wire.port", "0"));
            if (port < 0 || port > 65535)
            {
                throw new IllegalArgumentException("rankwire.wire.port : " + port + " (expected: 0..65535)");
            }
            s.get("rankwire.wire.mode");
        }
    }

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
        assertEquals("rankwire.zzz : unknown setting (expected: a key of docs/RUNTIME.md \"Settings\", " +
            "rankwire.coll.*, or of a transport found: opaque, wire)", refusal(Map.of("rankwire.zzz", "1")));
        assertEquals("rankwire.ucx.rails : unknown setting (no transport 'ucx' on the class path to read it; " +
            "transports found: opaque, wire)", refusal(Map.of("rankwire.ucx.rails", "2")));
    }

    @Test
    void shouldRefuseBadValuesNamingKeyValueAndExpectation()
    {
        assertEquals("rankwire.idle : 'spinn' (expected: spin, yield or backoff)",
            refusal(Map.of("rankwire.idle", "spinn")));
        assertEquals("rankwire.credits : 0 (expected: 1..1048576)", refusal(Map.of("rankwire.credits", "0")));
        assertEquals("rankwire.timeout : 'soon' (expected: an integer)", refusal(Map.of("rankwire.timeout", "soon")));
        assertEquals("rankwire.progressThread : 'yes' (expected: true or false)",
            refusal(Map.of("rankwire.progressThread", "yes")));
        assertTrue(refusal(Map.of("rankwire.coll.reduce.algorithm", "fast"))
            .startsWith("rankwire.coll.reduce.algorithm : fast (expected: one of [auto, binomial, rabenseifner])"));
        assertEquals("rankwire.wire.port : 70000 (expected: 0..65535)", refusal(Map.of("rankwire.wire.port", "70000")));
        assertTrue(refusal(Map.of("rankwire.threads", "funneled", "rankwire.progressThread", "true"))
            .startsWith("rankwire.threads : funneled with rankwire.progressThread : true"));
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
