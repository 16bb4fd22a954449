package io.rankwire.launch.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.launch.Rwrun;

/**
 * {@code rwrun} on a host whose shm directory is a 64 MiB tmpfs (Docker's default
 * {@code /dev/shm}) and a job that needs more: with {@code --transport shm} it exits 2 with one
 * line naming the directory, its space, the need and the settings, and starts no rank; with the
 * default {@code auto} the ranks fall back to tcp with one WARNING. {@code rwrun} runs in a user
 * and mount namespace of its own ({@code unshare -rm}) with the tmpfs mounted over a temporary
 * directory; skipped where {@code unshare} cannot make one.
 */
@Timeout(120)
class RwrunShmSpaceTest
{
    @TempDir
    Path mountPoint;

    @BeforeAll
    static void needsAUserNamespaceWithATmpfs() throws Exception
    {
        final Path probe = Files.createTempDirectory("rw-unshare");
        try
        {
            final Process p = new ProcessBuilder("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs \"$0\"",
                probe.toString()).redirectErrorStream(true).start();
            assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "unshare -rm cannot mount a tmpfs here");
        }
        catch (final IOException e)
        {
            assumeTrue(false, "no unshare: " + e.getMessage());
        }
        finally
        {
            Files.deleteIfExists(probe);
        }
    }

    private RwrunShmTest.Result rwrunOnSmallShm(final String... transport) throws Exception
    {
        final List<String> command = new java.util.ArrayList<>(List.of("unshare", "-rm", "sh", "-c",
            "mount -t tmpfs -o size=64m tmpfs \"$0\" && exec \"$@\"", mountPoint.toString(),
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", RwrunShmTest.rankwireClassPath(),
            Rwrun.class.getName()));
        command.addAll(List.of(transport));
        command.addAll(List.of("-np", "2", "-x", "rankwire.shm.dir=" + mountPoint, "-x", "rankwire.shm.ringBytes=16m",
            "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx128m", "-cp", RwrunShmTest.testClasses(),
            ShmKillMain.class.getName(), "done"));
        final Process p = new ProcessBuilder(command).start();
        final CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() ->
        {
            try
            {
                return p.getErrorStream().readAllBytes();
            }
            catch (final IOException e)
            {
                throw new IllegalStateException(e);
            }
        });
        final byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "rwrun ends");
        return new RwrunShmTest.Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
            new String(err.get(), StandardCharsets.UTF_8));
    }

    @Test
    void shouldExitTwoWithOneLineWhenTheJobDoesNotFitInShm() throws Exception
    {
        final RwrunShmTest.Result r = rwrunOnSmallShm("--transport", "shm");
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out(), r.toString());
        final List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.toString());
        assertTrue(lines.get(0).startsWith("rwrun: rankwire-shm: " + mountPoint + " has ") &&
            lines.get(0).contains(" free of 64.0 MiB (expected: ") && lines.get(0).contains("for the 2 ranks of this host") &&
            lines.get(0).contains("lower rankwire.shm.ringBytes"), r.toString());
    }

    @Test
    void shouldFallBackToTcpUnderAutoWithOneWarning() throws Exception
    {
        final RwrunShmTest.Result r = rwrunOnSmallShm();
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("rank 0 reaches rank 1 over tcp") && r.out().contains("rank 1 reaches rank 0 over tcp"),
            r.toString());
        assertEquals(1, r.err().lines().filter(l -> l.contains("; this host's 2 ranks use tcp instead of shm")).count(), r.toString());
    }
}
