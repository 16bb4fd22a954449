package io.rankwire.launch.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.launch.Rwrun;

/** The scenarios of {@link ScenariosMain} with three ranks as separate JVMs started by {@code rwrun}. */
class ProcessScenariosTest
{
    @Test
    @Timeout(180)
    void shouldPassEveryScenarioWithRanksInSeparateProcesses() throws Exception
    {
        runScenarios();
    }

    /** The same with TLS on every connection ({@code rankwire.tcp.tls}; the same data path, through TLS). */
    @Test
    @Timeout(180)
    void shouldPassEveryScenarioWithRanksInSeparateProcessesOverTls() throws Exception
    {
        runScenarios("-x", "rankwire.tcp.tls=true");
    }

    private static void runScenarios(final String... options) throws Exception
    {
        final String tests = Path.of(ScenariosMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        final String rankwire = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !Path.of(e).toAbsolutePath().toString().equals(tests))
            .collect(Collectors.joining(File.pathSeparator));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            final List<String> args = new ArrayList<>(List.of(
                "-np", "3", "--transport", "tcp", "--timeout", "150s",
                "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx160m"));
            args.addAll(List.of(options));
            args.addAll(List.of("-cp", tests, ScenariosMain.class.getName()));
            code = Rwrun.execute(args.toArray(new String[0]), o, e, System.getenv(), rankwire);
        }
        final String stdout = out.toString(StandardCharsets.UTF_8);
        final String diagnostics = "stdout:\n" + stdout + "stderr:\n" + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, diagnostics);
        assertFalse(stdout.contains(" FAIL"), diagnostics);
        for (final String name : ScenariosMain.SCENARIOS.keySet())
        {
            for (int rank = 0; rank < 3; rank++)
            {
                assertTrue(stdout.contains("scenario " + name + " rank " + rank + " PASS"), name + " rank " + rank + "\n" + diagnostics);
            }
        }
    }
}
