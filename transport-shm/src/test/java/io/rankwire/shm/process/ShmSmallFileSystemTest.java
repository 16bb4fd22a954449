package io.rankwire.shm.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs whose shm directory is a tmpfs of 64 MiB, Docker's default {@code /dev/shm}: each runs in a
 * child JVM ({@link SmallShmMain}) inside a user and mount namespace of its own
 * ({@code unshare -rm}), where the tmpfs is mounted over a temporary directory, so no privilege
 * and nothing outside the test is needed. Skipped where {@code unshare} cannot make such a
 * namespace (a kernel without unprivileged user namespaces).
 */
class ShmSmallFileSystemTest
{
    private static final String SIZE = "64m";

    @TempDir
    Path mountPoint;

    @BeforeAll
    static void needsAUserNamespaceWithATmpfs() throws Exception
    {
        final Path probe = java.nio.file.Files.createTempDirectory("rw-unshare");
        try
        {
            final Process p = new ProcessBuilder("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs \"$0\"",
                probe.toString()).redirectErrorStream(true).start();
            final String why = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "unshare -rm cannot mount a tmpfs here: " + why);
        }
        catch (final IOException e)
        {
            assumeTrue(false, "no unshare: " + e.getMessage());
        }
        finally
        {
            java.nio.file.Files.deleteIfExists(probe);
        }
    }

    /** What the child printed and how it ended. */
    private record Run(int code, String out)
    {
        List<String> lines(final String part)
        {
            return out.lines().filter(l -> l.contains(part)).toList();
        }

        /** The peers the ranks reached over {@code transport}, as the child printed them. */
        List<String> peersOver(final String transport)
        {
            return out.lines().filter(l -> l.startsWith("SMALLSHM rank ") && l.endsWith(" over " + transport)).toList();
        }
    }

    private Run run(final String transport, final int ranks, final String... settings) throws Exception
    {
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of("unshare", "-rm", "sh", "-c",
            "mount -t tmpfs -o size=" + SIZE + " tmpfs \"$0\" && exec \"$@\"", mountPoint.toString(),
            java, "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx600m",
            "-cp", System.getProperty("java.class.path"), SmallShmMain.class.getName(), mountPoint.toString(), transport,
            Integer.toString(ranks), "2"));
        command.addAll(Arrays.asList(settings));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "the job ends");
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(200)
    void shouldRunEightRanksWithTheDefaultsWithoutAFaultMidRun() throws Exception
    {
        final Run r = run("shm", 8);
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("SMALLSHM ok"), r.out);
        assertFalse(r.out.contains("InternalError"), r.out);
        assertEquals(56, r.peersOver("shm").size(), r.out);
    }

    @Test
    @Timeout(200)
    void shouldRefuseAJobThatDoesNotFitNamingTheDirectoryItsSpaceTheNeedAndTheSettings() throws Exception
    {
        final Run r = run("shm", 8, "rankwire.shm.slots=64");
        assertEquals(3, r.code, r.out);
        final String failed = r.lines("SMALLSHM failed").get(0);
        assertTrue(failed.contains("rankwire-shm: " + mountPoint + " has ") && failed.contains(" free of 64.0 MiB (expected: "),
            failed);
        assertTrue(failed.contains(" for the 8 ranks of this host, ") && failed.contains("rankwire.shm.slots") &&
            failed.contains("rankwire.shm.ringBytes"), failed);
        assertFalse(r.out.contains("InternalError"), r.out);
    }

    @Test
    @Timeout(200)
    void shouldFallBackToTcpUnderAutoWithOneWarning() throws Exception
    {
        final Run r = run("auto", 4, "rankwire.shm.slots=256");
        assertEquals(0, r.code, r.out);
        assertEquals(12, r.peersOver("tcp").size(), r.out);
        assertEquals(List.of(), r.peersOver("shm"), r.out);
        final List<String> warnings = r.lines("; this host's 4 ranks use tcp instead of shm");
        assertEquals(1, warnings.size(), r.out);
        assertTrue(warnings.get(0).contains("rankwire-shm: " + mountPoint + " has "), r.out);
    }

    @Test
    @Timeout(200)
    void shouldFallBackToTcpUnderAutoForAJobOfOneRankToo() throws Exception
    {
        final Run r = run("auto", 1, "rankwire.shm.ringBytes=64m");
        assertEquals(0, r.code, r.out);
        assertEquals(1, r.lines("; this host's 1 rank uses tcp instead of shm").size(), r.out);
    }
}
