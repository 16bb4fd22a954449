package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Observing real rank JVMs started by {@code rwrun}: Rankwire's log (one line per event with the
 * rank, warnings only by default, INFO with {@code -v}), and {@code --stats}' table, over shared
 * memory and over the in-JVM simulator.
 */
@Timeout(120)
class ObserveLaunchTest
{
    private static final Pattern RANK_LOG = Pattern.compile("^\\[(\\d)] rankwire\\[rank (\\d)] (ERROR|WARNING|INFO|DEBUG|TRACE) \\w+: .+");

    private static List<String> rankwireLines(final String text)
    {
        return text.lines().filter(l -> l.matches("^\\[\\d] rankwire.*")).collect(Collectors.toList());
    }

    @Test
    void shouldLogWarningsOnlyOneLinePerEventWithTheRankByDefault()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", ObservedMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final List<String> lines = rankwireLines(r.err);
        assertEquals(List.of(
            "[0] rankwire[rank 0] WARNING launch: " + ObservedMain.WARNING,
            "[1] rankwire[rank 1] WARNING launch: " + ObservedMain.WARNING),
            lines.stream().sorted().collect(Collectors.toList()), r::toString);
        assertTrue(!r.err.contains("an info line") && !r.err.contains(" INFO "), r::toString);
    }

    @Test
    void shouldLogInfoWithVerbose()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-v", "-np", "2", ObservedMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final List<String> lines = rankwireLines(r.err);
        for (final String line : lines)
        {
            final var m = RANK_LOG.matcher(line);
            assertTrue(m.matches(), "one line per event with the rank: " + line);
            assertEquals(m.group(1), m.group(2), line);
        }
        for (int rank = 0; rank < 2; rank++)
        {
            final String prefix = "[" + rank + "] rankwire[rank " + rank + "] INFO ";
            assertTrue(lines.contains(prefix + "launch: an info line"), r::toString);
            final String started = prefix + "runtime: rank " + rank + " of 2 started: transport ";
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(started)), r::toString);
        }
    }

    @Test
    void shouldLogDebugWithTwoVerboseFlagsAndRefuseABadLevel()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-vv", "-np", "2", ObservedMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertTrue(rankwireLines(r.err).stream().anyMatch(l -> l.contains(" DEBUG runtime: rank 1 closing: RankStats{")),
            r::toString);

        final LaunchFixture.Result bad = LaunchFixture.rwrun("-x", "rankwire.logLevel=loud", "-np", "2",
            ObservedMain.class.getName());
        assertEquals(Rwrun.USAGE_EXIT, bad.code, bad::toString);
        assertTrue(bad.err.contains("rankwire.logLevel : loud (expected: error, warning, info, debug, trace or off)"),
            bad::toString);
    }

    @Test
    void shouldLeaveLoggingAloneWhenTheApplicationConfiguredIt(@TempDir final Path dir) throws Exception
    {
        final Path config = dir.resolve("logging.properties");
        Files.writeString(config, String.join("\n",
            "handlers=java.util.logging.ConsoleHandler",
            ".level=INFO",
            "java.util.logging.ConsoleHandler.level=ALL",
            "java.util.logging.SimpleFormatter.format=APP %4$s %3$s %5$s%n", ""));
        final LaunchFixture.Result r = LaunchFixture.rwrun("-J-Djava.util.logging.config.file=" + config,
            "-np", "2", ObservedMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertEquals(List.of(), rankwireLines(r.err), r::toString);
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(r.err.contains("[" + rank + "] APP WARNING " + ObservedMain.class.getName() + " " + ObservedMain.WARNING),
                r::toString);
            assertTrue(r.err.contains("[" + rank + "] APP INFO " + ObservedMain.class.getName() + " an info line"), r::toString);
        }
    }

    @Test
    void shouldPrintStatsOfAnInJvmJob()
    {
        // receives of any size go to the simulated NIC, so the table shows its hit rate
        final LaunchFixture.Result r = LaunchFixture.rwrun("--stats", "--transport", "sim", "-x", "rankwire.offloadMinBytes=0",
            "-np", "3", ObservedMain.class.getName());
        assertEquals(0, r.code, r::toString);
        StatsTableCheck.assertTable(r.err, 3, ObservedMain.MESSAGES, ObservedMain.BYTES, true, false);
    }
}
