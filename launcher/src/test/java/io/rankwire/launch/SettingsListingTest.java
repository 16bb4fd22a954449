package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.rankwire.SettingsCheck;
import io.rankwire.settings.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code rwrun --settings} lists every setting the ranks would read, with the value the job would get now. */
@Timeout(60)
class SettingsListingTest
{
    private static Map<String, String> environment(final String... keyValues)
    {
        final Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("RANKWIRE_TRANSPORT");
        for (int i = 0; i < keyValues.length; i += 2)
        {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return env;
    }

    private static LaunchFixture.Result settings(final Map<String, String> environment, final String... args)
    {
        final String[] all = new String[args.length + 3];
        all[0] = "--settings";
        all[1] = "-cp";
        all[2] = LaunchFixture.testClasses();
        System.arraycopy(args, 0, all, 3, args.length);
        return LaunchFixture.rwrunRaw(environment, all);
    }

    @Test
    void shouldListEveryDescriptorsKeyWithItsDefaultRangeAndMeaningAndExit0()
    {
        final LaunchFixture.Result r = settings(environment());
        assertEquals(0, r.code, r::toString);
        assertEquals("", r.err, r::toString);
        final Map<String, List<Setting<?>>> all = SettingsCheck.onClassPath().settingsByReader();
        assertTrue(all.keySet().containsAll(Set.of("runtime", "runtime (collectives)", "transport auto", "transport shm",
            "transport sim", "transport tcp")), all::toString);
        final List<String> lines = r.outLines();
        int keys = 0;
        for (final Map.Entry<String, List<Setting<?>>> reader : all.entrySet())
        {
            assertTrue(lines.contains(reader.getKey()), () -> reader.getKey() + " missing:\n" + r.out);
            for (final Setting<?> s : reader.getValue())
            {
                final int at = lines.indexOf("  " + s.key() + " = " + s.defaultText() + "  [default]");
                assertTrue(at >= 0 || s.key().equals("rankwire.transport"), () -> s.key() + " missing:\n" + r.out);
                if (at >= 0)
                {
                    assertEquals("      default: " + s.defaultText() + "; expected: " + s.expected(), lines.get(at + 1));
                    assertEquals("      " + s.meaning(), lines.get(at + 2));
                }
                keys++;
            }
        }
        assertTrue(keys >= 70, "only " + keys + " settings");
        assertTrue(lines.contains("  rankwire.transport = auto  [rwrun's default]"), r::toString);
        assertFalse(r.out.contains("rankwire.tcp.busyPoll"), "a removed setting is not listed");
    }

    @Test
    void shouldShowTheValueThisJobWouldGetAndWhereItComesFrom()
    {
        final LaunchFixture.Result r = settings(environment(), "--transport", "sim", "-x", "rankwire.credits=8",
            "-x", "rankwire.unexpectedBytes=16M", "-J-Drankwire.idle=spin", "-v", "--stats", "-x", "rankwire.test.knob=1");
        assertEquals(0, r.code, r::toString);
        final List<String> lines = r.outLines();
        assertTrue(lines.contains("  rankwire.transport = sim  [--transport]"), r::toString);
        assertTrue(lines.contains("  rankwire.credits = 8  [-x]"), r::toString);
        assertTrue(lines.contains("  rankwire.unexpectedBytes = 16M  [-x]"), r::toString);
        assertTrue(lines.contains("  rankwire.idle = spin  [-J-D]"), r::toString);
        assertTrue(lines.contains("  rankwire.logLevel = info  [-v]"), r::toString);
        assertTrue(lines.contains("  rankwire.reportStats = true  [--stats]"), r::toString);
        assertTrue(lines.contains("  rankwire.test.knob = 1  [-x] (never checked)"), r::toString);
        final LaunchFixture.Result fromEnv = settings(environment("RANKWIRE_TRANSPORT", "tcp"), "--bind", "127.0.0.1");
        assertEquals(0, fromEnv.code, fromEnv::toString);
        assertTrue(fromEnv.outLines().contains("  rankwire.transport = tcp  [$RANKWIRE_TRANSPORT]"), fromEnv::toString);
        assertTrue(fromEnv.outLines().contains("  rankwire.tcp.bind = 127.0.0.1  [--bind]"), fromEnv::toString);
    }

    @Test
    void shouldListThenRefuseABadOrUnknownSettingWithExit2()
    {
        final LaunchFixture.Result bad = settings(environment(), "-x", "rankwire.credits=0");
        assertEquals(Rwrun.USAGE_EXIT, bad.code, bad::toString);
        assertTrue(bad.outLines().contains("  rankwire.credits = 0  [-x]"), bad::toString);
        assertEquals("rwrun: bad setting from -x: rankwire.credits : 0 (expected: 1..1048576)" + System.lineSeparator(),
            bad.err, bad::toString);
        final LaunchFixture.Result unknown = settings(environment(), "-x", "rankwire.eager.limit=4k");
        assertEquals(Rwrun.USAGE_EXIT, unknown.code, unknown::toString);
        assertTrue(unknown.outLines().contains("  rankwire.eager.limit = 4k  [-x]"), unknown::toString);
        assertTrue(unknown.err.contains("rankwire.eager.limit : unknown setting (did you mean rankwire.eagerLimit?)"),
            unknown::toString);
    }

    @Test
    void shouldStillWantTheRankCountToRunAJob()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(environment(), "-cp", LaunchFixture.testClasses(),
            ExchangeMain.class.getName());
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("Missing required option: '--np=N'"), r::toString);
    }
}
