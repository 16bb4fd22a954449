package io.rankwire.launch;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import io.rankwire.bootstrap.JobVariables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class RwrunOptionsTest
{
    private static final String MAIN = ExchangeMain.class.getName();

    static Stream<Arguments> badOptions()
    {
        return Stream.of(
            Arguments.of(new String[] {"-np", "0", MAIN}, "invalid value for -np: '0' (expected: 1..1024)"),
            Arguments.of(new String[] {"-np", "many", MAIN}, "'many' is not an int"),
            Arguments.of(new String[] {MAIN}, "Missing required option: '--np=N'"),
            Arguments.of(new String[] {"-np", "2", "--transport", "udp", MAIN},
                "invalid value for --transport: 'udp' " +
                    "(expected: a transport found on the class path: auto, relay, shm, sim, tcp)"),
            Arguments.of(new String[] {"-np", "2", "--timeout", "3x", MAIN}, "invalid value for --timeout: '3x'"),
            Arguments.of(new String[] {"-np", "2", "--timeout", "0s", MAIN}, "invalid value for --timeout: '0s'"),
            Arguments.of(new String[] {"-np", "2", "--bind", "192.0.2.77", MAIN},
                "invalid value for --bind: '192.0.2.77'"),
            Arguments.of(new String[] {"-np", "2", "-x", "1BAD=2", MAIN}, "invalid value for -x: '1BAD=2'"),
            Arguments.of(new String[] {"-np", "2", "-x", "RANKWIRE_RANK=3", MAIN},
                "invalid value for -x: 'RANKWIRE_RANK=3' (RANKWIRE_* variables are set by the launcher"),
            Arguments.of(new String[] {"-np", "2", "-x", "RW_SURELY_UNSET_VARIABLE", MAIN},
                "'RW_SURELY_UNSET_VARIABLE' is not set in the launcher's environment"),
            Arguments.of(new String[] {"-np", "2", "-cp", "/no/such/dir", MAIN},
                "invalid value for -cp: entry '/no/such/dir' does not exist"),
            Arguments.of(new String[] {"-np", "2"}, "missing the main class"),
            Arguments.of(new String[] {"-np", "2", "com.example.NoSuchMain"},
                "main class 'com.example.NoSuchMain' not found on the class path"),
            Arguments.of(new String[] {"-np", "2", "not a class"}, "invalid main class: 'not a class'"),
            Arguments.of(new String[] {"-np", "2", "--frobnicate", MAIN}, "Unknown option: '--frobnicate'"),
            Arguments.of(new String[] {"-np", "2", "-H", "a:2", "--hostfile", "hosts", MAIN},
                "-H and --hostfile given together"),
            Arguments.of(new String[] {"-np", "5", "-H", "127.0.0.1:2,localhost:2", MAIN},
                "invalid value for -np: '5' (expected: at most 4"),
            Arguments.of(new String[] {"-np", "2", "-H", "127.0.0.1:0", MAIN}, "slots '0' (expected: 1..1024)"),
            Arguments.of(new String[] {"-np", "2", "--hostfile", "/no/such/hostfile", MAIN},
                "invalid value for --hostfile: cannot read '/no/such/hostfile'"),
            Arguments.of(new String[] {"-np", "2", "--launcher", "slurm", MAIN},
                "--launcher slurm needs a Slurm allocation"),
            Arguments.of(new String[] {"-np", "2", "--launcher", "pbs", MAIN}, "invalid value for --launcher: 'pbs'"),
            Arguments.of(new String[] {"-np", "2", "--transport", "sim", "-H", "127.0.0.1:2", MAIN},
                "--launcher ssh (or -H/--hostfile) needs a transport with one JVM per rank, e.g. --transport tcp " +
                    "(sim runs every rank in one local JVM)"),
            Arguments.of(new String[] {"-np", "2", "--transport", "sim", "--launcher", "slurm", MAIN},
                "--launcher slurm (or -H/--hostfile) needs a transport with one JVM per rank"));
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void shouldRejectBadOptionWithExitCode2NamingTheValue(final String[] options, final String message)
    {
        final String[] args = Stream.concat(Stream.of("-cp", LaunchFixture.testClasses()), Stream.of(options))
            .toArray(String[]::new);
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(Map.of(), args);
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertTrue(r.err.startsWith("rwrun: ") && r.err.contains(message), r::toString);
        assertTrue(r.err.contains("Try 'rwrun --help'"), r::toString);
        assertEquals("", r.out);
    }

    @Test
    void shouldRejectBadTransportFromEnvironment()
    {
        final Map<String, String> env = new TreeMap<>();
        env.put(JobVariables.TRANSPORT, "carrier-pigeon");
        final LaunchFixture.Result r =
            LaunchFixture.rwrunRaw(env, "-np", "2", "-cp", LaunchFixture.testClasses(), MAIN);
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("invalid value for RANKWIRE_TRANSPORT: 'carrier-pigeon' " +
            "(expected: a transport found on the class path: auto, relay, shm, sim, tcp)"), r::toString);
    }

    @Test
    void shouldRejectAWildcardEntryThatIsNotADirectory()
    {
        final String notADirectory = LaunchFixture.testClasses() + "/io/rankwire/launch/ExchangeMain.class/*";
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(Map.of(), "-np", "2", "-cp", LaunchFixture.testClasses(),
            "-cp", notADirectory, MAIN);
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("invalid value for -cp: cannot list class path entry '" + notADirectory + "'"),
            r::toString);
    }

    @Test
    void shouldPrintHelpWithExamples()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(Map.of(), "--help");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.out.contains("Usage: rwrun") && r.out.contains("--transport=NAME") &&
            r.out.contains("Examples:") && r.out.contains("rwrun -np 4 -cp app.jar"), r::toString);
    }

    @Test
    void shouldParseDurations()
    {
        assertEquals(java.time.Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(java.time.Duration.ofSeconds(30), Durations.parse("30s"));
        assertEquals(java.time.Duration.ofMinutes(5), Durations.parse("5m"));
        assertEquals(java.time.Duration.ofHours(2), Durations.parse("2H"));
        assertEquals(java.time.Duration.ofSeconds(90), Durations.parse("PT1M30S"));
        assertEquals("90s", Durations.format(java.time.Duration.ofSeconds(90)));
        assertEquals("1500ms", Durations.format(java.time.Duration.ofMillis(1500)));
    }

    @Test
    void shouldDescribeExitBySignal()
    {
        assertEquals("exit code 3", ExitStatus.describe(3));
        assertEquals("exit code 137 (killed by signal 9, SIGKILL)", ExitStatus.describe(137));
        assertEquals("exit code 143 (killed by signal 15, SIGTERM)", ExitStatus.describe(143));
    }
}
