package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher finds transports on the class path and decides by what each says about itself
 * ({@code ranksShareOneJvm}), never by its name: transports it has never heard of run as one
 * JVM per rank, or all in one JVM when they say so.
 */
@Timeout(120)
class TransportChoiceTest
{
    private static final Pattern LINE =
        Pattern.compile("\\[(\\d)] rank (\\d) of 2 over (\\S+) got (\\d+) from \\d pid=(\\d+)");

    @TempDir
    Path dir;

    /** A class path entry that registers {@link SharedRelayTransportProvider}, which nothing else does. */
    private Path sharedRelayRegistration() throws IOException
    {
        final Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve("io.rankwire.spi.TransportProvider"),
            SharedRelayTransportProvider.class.getName() + "\n");
        return dir;
    }

    /** Rank to pid of the two ranks' lines, checking what they exchanged over {@code transport}. */
    private static Map<String, String> pids(final LaunchFixture.Result r, final String transport)
    {
        final List<Matcher> lines = r.outLines().stream().map(LINE::matcher).filter(Matcher::matches)
            .collect(Collectors.toList());
        assertEquals(2, lines.size(), r::toString);
        for (final Matcher m : lines)
        {
            assertEquals(m.group(1), m.group(2), r::toString);
            assertEquals(transport, m.group(3), r::toString);
            assertEquals(m.group(1).equals("0") ? "8" : "7", m.group(4), r::toString);
        }
        return lines.stream().collect(Collectors.toMap(m -> m.group(1), m -> m.group(5)));
    }

    @Test
    void shouldRunATransportItNeverHeardOfAsOneJvmPerRank()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--transport", "relay",
            TransportMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertEquals(2, Set.copyOf(pids(r, "relay").values()).size(), "ranks shared a JVM\n" + r);
    }

    @Test
    void shouldRunAllRanksInOneJvmWhenTheTransportSaysSo() throws IOException
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-cp", sharedRelayRegistration().toString(),
            "-np", "2", "--transport", "shared-relay", TransportMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertEquals(1, Set.copyOf(pids(r, "shared-relay").values()).size(), "ranks ran in separate JVMs\n" + r);
        assertFalse(r.err.contains("rwrun:"), r::toString);
    }

    @Test
    void shouldRefuseToSpreadRanksThatShareOneJvmOverHosts() throws IOException
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-cp", sharedRelayRegistration().toString(),
            "-np", "2", "--transport", "shared-relay", "-H", "127.0.0.1:2", TransportMain.class.getName());
        assertEquals(Rwrun.USAGE_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("needs a transport with one JVM per rank, e.g. --transport tcp " +
            "(shared-relay runs every rank in one local JVM)"), r::toString);
    }

    @Test
    void shouldFindProvidersOnTheApplicationsClassPathAndNameThemAll() throws IOException
    {
        final List<String> rankwire = ClassPaths.split(LaunchFixture.rankwireClassPath());
        final Transports plain = Transports.find(rankwire, List.of());
        assertEquals(Set.of("auto", "relay", "shm", "sim", "tcp"), plain.names());
        assertEquals(new Transports.Choice("auto", false), plain.choose("auto", "--transport"));
        assertEquals(new Transports.Choice("sim", true), plain.choose("sim", "--transport"));
        assertEquals(new Transports.Choice("tcp", false), plain.choose("tcp", "--transport"));
        assertEquals("invalid value for --transport: 'shared-relay' (expected: a transport found on the class " +
            "path: auto, relay, shm, sim, tcp)", assertThrows(IllegalArgumentException.class,
            () -> plain.choose("shared-relay", "--transport")).getMessage());

        final Transports withApp = Transports.find(rankwire, List.of(sharedRelayRegistration().toString()));
        assertEquals(new Transports.Choice("shared-relay", true), withApp.choose("shared-relay", "--transport"));
    }
}
