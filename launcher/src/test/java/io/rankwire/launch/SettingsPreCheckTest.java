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
        assertRefused("rwrun: bad setting from -x: rankwire.idle : 'spinn' (expected: spin, yield or backoff)",
            "-np", "2", "-x", "rankwire.idle=spinn", ExchangeMain.class.getName());
        assertRefused("rwrun: bad setting from -x: rankwire.sim.mode : later (expected: inline|scheduled)",
            "-np", "2", "--transport", "sim", "-x", "rankwire.sim.mode=later", ExchangeMain.class.getName());
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
