package io.rankwire.launch.tcp;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

/**
 * {@code rwrun -np 3 --transport tcp} of a program whose rank 2 throws while ranks 0 and 1 wait
 * for it: the job exits non-zero naming rank 2 long before the closing rendezvous could time out
 * (it is set to 10 minutes here; without the FINALIZE notice the launcher's 50 s timeout would end
 * the job with exit code 124 and nothing naming rank 2).
 */
class RwrunFailingRankTest
{
    /** The launcher's own limit, so no rank outlives a failed run; the job must end long before. */
    private static final String TIMEOUT = "50s";

    @Test
    @Timeout(90)
    void shouldEndTheJobNamingRankTwoWithoutWaitingForTheClosingTimeout() throws Exception
    {
        final String tests = Path.of(FailingRankMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
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
                "-np", "3", "--transport", "tcp", "--timeout", TIMEOUT,
                "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx128m",
                "-J-Drankwire.bootstrapTimeout=600000",
                "-cp", tests, FailingRankMain.class.getName()}, o, e, System.getenv(), rankwire);
        }
        final String stderr = err.toString(StandardCharsets.UTF_8);
        final String diagnostics = "stdout:\n" + out.toString(StandardCharsets.UTF_8) + "stderr:\n" + stderr;
        assertNotEquals(0, code, diagnostics);
        assertNotEquals(124, code, diagnostics);
        assertTrue(stderr.contains("rank 2 gives up"), diagnostics);
        assertTrue(stderr.contains("rank 2 has finalized") || stderr.contains("rank 2 failed"), diagnostics);
    }
}
