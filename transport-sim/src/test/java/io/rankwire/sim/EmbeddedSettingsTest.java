package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code Rankwire.init} in an application's own JVM refuses unknown settings and bad values before it opens anything. */
@Timeout(60)
class EmbeddedSettingsTest
{
    @Test
    void initShouldRefuseUnknownSettingNamingTheNearestKey()
    {
        final RankwireConfig config = new RankwireConfig().transport("sim").set("rankwire.eager.limit", "4096");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rankwire.init(config));
        assertEquals("rankwire.eager.limit : unknown setting (did you mean rankwire.eagerLimit?)", e.getMessage());
        // nothing was claimed: the same rank starts once the setting is right
        try (Rankwire rw = Rankwire.init(new RankwireConfig().transport("sim").set("rankwire.eagerLimit", "4096")))
        {
            assertEquals(1, rw.size());
        }
    }

    @Test
    void initShouldRefuseBadTransportValue()
    {
        final RankwireConfig config = new RankwireConfig().transport("sim").set("rankwire.sim.mode", "later");
        assertEquals("rankwire.sim.mode : later (expected: inline or scheduled)",
            assertThrows(IllegalArgumentException.class, () -> Rankwire.init(config)).getMessage());
    }

    private static String[] run(final String... properties) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:TieredStopAtLevel=1",
            "-cp", System.getProperty("java.class.path"), "-Drankwire.transport=sim"));
        command.addAll(List.of(properties));
        command.add(InitMain.class.getName());
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("RANKWIRE_"));
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new String[] {Integer.toString(p.exitValue()), out, err};
    }

    @Test
    void systemPropertiesShouldBeCheckedInARealJvm() throws Exception
    {
        final String[] ok = run("-Drankwire.eagerLimit=2048");
        assertEquals("0", ok[0], ok[1] + ok[2]);
        assertEquals("started 2048", ok[1].strip(), ok[1] + ok[2]);
        final String[] unknown = run("-Drankwire.eagerlimit=2048");
        assertEquals("1", unknown[0], unknown[1] + unknown[2]);
        assertTrue(unknown[2].contains("java.lang.IllegalArgumentException: rankwire.eagerlimit : unknown setting " +
            "(did you mean rankwire.eagerLimit?)"), unknown[2]);
        final String[] bad = run("-Drankwire.idle=spinn");
        assertEquals("1", bad[0], bad[1] + bad[2]);
        assertTrue(bad[2].contains("java.lang.IllegalArgumentException: rankwire.idle : spinn " +
            "(expected: spin, yield or backoff)"), bad[2]);
    }
}
