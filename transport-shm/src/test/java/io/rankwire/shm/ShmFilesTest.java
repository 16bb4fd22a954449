package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.conformance.ArrayBuffers;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.TransportContext;

/** The job directory: owner-only files, unlinked once every rank mapped them, nothing left behind. */
class ShmFilesTest
{
    @TempDir
    Path base;

    private static List<Path> list(final Path dir) throws Exception
    {
        try (Stream<Path> s = Files.list(dir))
        {
            return s.toList();
        }
    }

    @Test
    @Timeout(60)
    void shouldLeaveNothingInTheDirectoryOnceEveryRankIsWiredUp() throws Exception
    {
        LocalJob.run(4, "shm", new RankwireConfig().set(ShmSettings.DIR, base.toString()), rw ->
        {
            final Comm world = rw.world();
            world.barrier();
            assertEquals(List.of(), list(base), "files of the job after wire-up");
            final int[] v = {world.rank()};
            world.allReduce(ArrayBuffers.whole(v), ArrayBuffers.whole(v), io.rankwire.Op.SUM);
            assertEquals(6, v[0]);
        });
        assertEquals(List.of(), list(base));
    }

    @Test
    @Timeout(60)
    void shouldCreateOwnerOnlyFilesAndRemoveThemWhenAPeerNeverComes() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final String jobId = "files-" + System.nanoTime();
        final Map<String, String> settings = Map.of(ShmSettings.DIR, base.toString(), "rankwire.shm.wireUpTimeoutMs", "3000");
        final ShmTransport rank0 = (ShmTransport)new ShmTransportProvider().open(
            new TransportContext(0, 2, jobId, new byte[16], bootstrap.forRank(0), settings, () -> { }));
        final CompletableFuture<Void> wiring = CompletableFuture.runAsync(rank0::wireUp);
        bootstrap.forRank(1).put(Wiring.HOST_KEY, bootstrap.forRank(0).get(0, Wiring.HOST_KEY, Duration.ofSeconds(30)));
        final Path plainJobDir = ShmDirectories.jobDirectory(base, jobId, System.getProperty("user.name"));
        final Path jobDir = ShmDirectories.hostDirectory(plainJobDir, HostIdentity.real());
        bootstrap.forRank(0).get(0, Wiring.READY_KEY, Duration.ofSeconds(30));
        assertEquals(List.of(jobDir), list(base), "one directory, named after the job and this host's identity");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(jobDir, LinkOption.NOFOLLOW_LINKS)));
        for (final String name : List.of("rank-0", "heap-0"))
        {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(jobDir.resolve(name))), name);
        }
        assertTrue(Files.exists(jobDir.resolve("bell-0"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(wiring.isDone(), "rank 0 waits for rank 1");
        assertThrows(Exception.class, () -> wiring.get(30, TimeUnit.SECONDS));
        assertEquals(List.of(), list(base), "a rank that gives up removes what it made");
        rank0.close();
    }

    @Test
    void shouldGiveEveryHostOfAJobItsOwnDirectory()
    {
        final Path jobDir = ShmDirectories.jobDirectory(Path.of("/dev/shm"), "job-1", "alice");
        final Path h1 = ShmDirectories.hostDirectory(jobDir, "ci1h1/0b6e/mnt:[4026532301]/net:[4026532233]");
        final Path h4 = ShmDirectories.hostDirectory(jobDir, "ci1h4/0b6e/mnt:[4026532466]/net:[4026532398]");
        assertTrue(h1.getFileName().toString().matches("rankwire-alice-job-1\\.h[0-9a-f]{8}"), h1.toString());
        assertEquals(jobDir.getParent(), h1.getParent());
        assertFalse(h1.equals(h4), "hosts sharing /dev/shm (namespaces of one machine) must not share a directory");
        assertEquals(h1, ShmDirectories.hostDirectory(jobDir, "ci1h1/0b6e/mnt:[4026532301]/net:[4026532233]"));
    }

    @Test
    void shouldRemoveTheDirectoriesOfEveryHostOfAJob() throws Exception
    {
        final Path jobDir = ShmDirectories.jobDirectory(base, "many-hosts", System.getProperty("user.name"));
        final Path kept = Files.createDirectory(base.resolve(jobDir.getFileName() + ".hnot-hex"));
        for (final String host : List.of("a", "b"))
        {
            final Path dir = ShmDirectories.hostDirectory(jobDir, host);
            ShmDirectories.enter(dir, 0);
            Files.write(dir.resolve("rank-0"), new byte[10]);
        }
        ShmDirectories.removeJob(base.toString(), "many-hosts");
        assertEquals(List.of(kept), list(base), "only the job's host directories are removed");
    }

    @Test
    @Timeout(60)
    void shouldRefuseAJobDirectoryOthersCouldWriteTo() throws Exception
    {
        final Path jobDir = ShmDirectories.jobDirectory(base, "open-dir", System.getProperty("user.name"));
        Files.createDirectory(jobDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(jobDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> ShmDirectories.enter(jobDir, 0));
        assertTrue(e.getMessage().contains("mode rwxrwxrwx") && e.getMessage().contains("expected: a directory of"), e.getMessage());
        final Path link = ShmDirectories.jobDirectory(base, "linked", System.getProperty("user.name"));
        Files.createSymbolicLink(link, Files.createDirectory(base.resolve("elsewhere")));
        assertThrows(IllegalStateException.class, () -> ShmDirectories.enter(link, 0));
    }

    @Test
    void shouldNameJobDirectoriesFromTheUserAndTheJobId()
    {
        final Path b = Path.of("/dev/shm");
        assertEquals(Path.of("/dev/shm/rankwire-alice-job-1"), ShmDirectories.jobDirectory(b, "job-1", "alice"));
        final Path odd = ShmDirectories.jobDirectory(b, "a/../b c", "bob smith");
        assertEquals(b, odd.getParent());
        assertTrue(odd.getFileName().toString().matches("rankwire-bob_smith-a_.._b_c-[0-9a-f]{16}"), odd.toString());
        final String longId = "x".repeat(200);
        final String name = ShmDirectories.jobDirectory(b, longId, "u").getFileName().toString();
        assertTrue(name.length() < 60 && name.startsWith("rankwire-u-xxxxxxxxxxxxxxxxxxxxxxx-"), name);
        assertTrue(!ShmDirectories.jobDirectory(b, longId, "u").equals(ShmDirectories.jobDirectory(b, longId + "y", "u")));
        assertEquals(Path.of("/dev/shm"), ShmDirectories.jobDirectory((String)null, "j").getParent());
        assertThrows(IllegalArgumentException.class, () -> ShmDirectories.jobDirectory(b, "", "u"));
    }

    @Test
    void shouldRemoveAJobDirectoryWithWhateverIsLeftInIt() throws Exception
    {
        final Path jobDir = ShmDirectories.jobDirectory(base, "leftover", "u");
        ShmDirectories.enter(jobDir.getParent().resolve(jobDir.getFileName()), 0);
        Files.write(jobDir.resolve("rank-0"), new byte[10]);
        Files.createSymbolicLink(jobDir.resolve("link"), base);
        ShmDirectories.remove(jobDir);
        assertFalse(Files.exists(jobDir, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(base), "a link's target is left alone");
        ShmDirectories.remove(jobDir);
    }
}
