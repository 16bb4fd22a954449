package io.rankwire.launch;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.rankwire.SettingsCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Settings are checked once by rwrun, before any rank starts, with one line and exit 2 on a problem. */
@Timeout(90)
class SettingsPreCheckTest
{
    private static void assertRefused(final String expectedLine, final String... args)
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun(args);
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertEquals(expectedLine + System.lineSeparator(), r.err, r::toString);
        assertEquals("", r.out, r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldRefuseUnknownSettingWithNearestKey()
    {
        assertRefused("rwrun: bad setting from -x: rankwire.eager.limit : unknown setting (did you mean rankwire.eagerLimit?)",
            "-np", "2", "-x", "rankwire.eager.limit=16384", ExchangeMain.class.getName());
    }

    @Test
    void shouldRefuseBadValueInOneLine()
    {
        assertRefused("rwrun: bad setting from -x: rankwire.idle : spinn (expected: spin, yield or backoff)",
            "-np", "2", "-x", "rankwire.idle=spinn", ExchangeMain.class.getName());
        assertRefused("rwrun: bad setting from -x: rankwire.sim.mode : later (expected: inline or scheduled)",
            "-np", "2", "--transport", "sim", "-x", "rankwire.sim.mode=later", ExchangeMain.class.getName());
    }

    @Test
    void shouldRefuseValuesThatCannotWorkBeforeAnyRankStarts()
    {
        final String main = ExchangeMain.class.getName();
        assertRefused("rwrun: bad setting from -x: rankwire.eagerLimit : -5 (expected: auto or a byte size 0..1G)",
            "-np", "2", "-x", "rankwire.eagerLimit=-5", main);
        assertRefused("rwrun: bad setting from -x: rankwire.bind : 999.1.1.1 (expected: a host name or an IP address)",
            "-np", "2", "-x", "rankwire.bind=999.1.1.1", main);
        assertRefused("rwrun: bad setting from -x: rankwire.hostId : a,b,c (expected: one host name, 2 comma-separated " +
            "names (one per rank), or @K (hosts of K consecutive ranks, K >= 1))", "-np", "2", "-x", "rankwire.hostId=a,b,c", main);
        assertRefused("rwrun: bad setting from -x: rankwire.unexpectedBytes : 32X (expected: a byte size >= 0)",
            "-np", "2", "-x", "rankwire.unexpectedBytes=32X", main);
        assertRefused("rwrun: bad setting from -J-D: rankwire.tcp.keepAliveIdleMs : 2d (expected: a duration 0ms..24h, " +
            "a bare number in ms)", "-np", "2", "-J-Drankwire.tcp.keepAliveIdleMs=2d", main);
    }

    @Test
    void shouldRunWithTheEagerLimitsAutoAndUnits()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "-x", "rankwire.eagerLimit=-1",
            "-x", "rankwire.unexpectedBytes=16M", "-x", "rankwire.tcp.keepAliveIdleMs=30s", ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
    }

    @Test
    void shouldCheckRankJvmSystemProperties()
    {
        assertRefused("rwrun: bad setting from -J-D: rankwire.tcp.prot : unknown setting (did you mean rankwire.tcp.port?)",
            "-np", "2", "-J-Drankwire.tcp.prot=5000", ExchangeMain.class.getName());
    }

    @Test
    void shouldRunWithGoodSettingsFromEverySource()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "-x", "rankwire.tcp.connect=eager",
            "-J-Drankwire.idle=yield", ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
    }

    @Test
    void helpExamplesShouldUseRealSettings()
    {
        final LaunchFixture.Result help = LaunchFixture.rwrunRaw(System.getenv(), "--help");
        assertEquals(0, help.code, help::toString);
        final Matcher m = Pattern.compile("(rankwire\\.[A-Za-z.]+)=(\\S+)").matcher(help.out);
        final Map<String, String> examples = new TreeMap<>();
        while (m.find())
        {
            examples.put(m.group(1), m.group(2));
        }
        assertFalse(examples.isEmpty(), help.out);
        SettingsCheck.onClassPath().check(examples);
    }
}
