package io.rankwire.launch.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.launch.Rwrun;

/** {@code rwrun -np 2} starts two JVMs whose ranks find each other through {@code Rankwire.init(args)} over tcp. */
class RwrunPingPongTest
{
    @Test
    @Timeout(120)
    void shouldRunThePingPongProgramUnderTheLauncher() throws Exception
    {
        final String tests = Path.of(PingPongMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        final String rankwire = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !Path.of(e).toAbsolutePath().toString().equals(tests))
            .collect(Collectors.joining(File.pathSeparator));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = Rwrun.execute(new String[] {
                "-np", "2", "--transport", "tcp",
                "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx128m",
                "-cp", tests, PingPongMain.class.getName()}, o, e, System.getenv(), rankwire);
        }
        final String stdout = out.toString(StandardCharsets.UTF_8);
        final String diagnostics = "stdout:\n" + stdout + "stderr:\n" + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, diagnostics);
        assertTrue(stdout.contains("rank 0 of 2 exchanged 100000 bytes, last 99"), diagnostics);
        assertTrue(stdout.contains("rank 1 of 2 exchanged 100000 bytes, last 99"), diagnostics);
    }
}
