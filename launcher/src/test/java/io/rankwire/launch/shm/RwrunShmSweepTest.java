package io.rankwire.launch.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.launch.Rwrun;

/**
 * A job killed during wire-up, {@code rwrun} and its ranks together with SIGKILL (no shutdown
 * hook, no launcher left to clean up), leaves its shm directory behind; the next job's start
 * removes it, and so does {@code rwrun --clean}, which leaves a running job's directory alone.
 * Real processes: {@code rwrun} in a JVM of its own, one JVM per rank.
 */
@Timeout(180)
class RwrunShmSweepTest
{
    private Path shmDir;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void makeShmDir() throws IOException
    {
        shmDir = Files.createTempDirectory(Path.of("/tmp"), "rw");
    }

    @AfterEach
    void removeShmDir() throws IOException
    {
        started.forEach(RwrunShmSweepTest::killAll);
        try (Stream<Path> s = Files.walk(shmDir))
        {
            for (final Path p : s.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(p);
            }
        }
    }

    private List<Path> jobDirs() throws IOException
    {
        try (Stream<Path> s = Files.list(shmDir))
        {
            return s.sorted().toList();
        }
    }

    /**
     * Starts {@code rwrun} in a JVM of its own with a 2-rank job that holds in wire-up; returns
     * once rank 1's files exist and {@code shmDir} holds {@code dirs} job directories, each with them.
     */
    private Process holdInWireUp(final int dirs) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", RwrunShmTest.rankwireClassPath(),
            Rwrun.class.getName(), "-np", "2", "--transport", "shm", "-x", "rankwire.shm.dir=" + shmDir,
            "-x", "rankwire.shm.wireUpTimeoutMs=600000", "-x", "rankwire.bootstrapTimeout=600000",
            "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx64m",
            "-cp", RwrunShmTest.testClasses(), ShmKillMain.class.getName(), "hold", shmDir.toString()));
        final Process rwrun = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(rwrun);
        final BufferedReader out = new BufferedReader(new InputStreamReader(rwrun.getInputStream(), StandardCharsets.UTF_8));
        final StringBuilder seen = new StringBuilder();
        for (String line = out.readLine(); ; line = out.readLine())
        {
            assertTrue(line != null, () -> "rwrun ended before rank 1 made its files:\n" + seen);
            seen.append(line).append('\n');
            if (line.contains("segment present; holding"))
            {
                break;
            }
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (List<Path> now = jobDirs(); now.size() != dirs || !now.stream().allMatch(d -> Files.exists(d.resolve("rank-1")));
            now = jobDirs())
        {
            final List<Path> shown = now;
            assertTrue(System.nanoTime() < deadline, () -> "job directories " + shown + "\n" + seen);
            Thread.sleep(20);
        }
        return rwrun;
    }

    /** SIGKILL to {@code rwrun} and every process under it, all at once, and waits for them to end. */
    private static void killAll(final Process rwrun)
    {
        final List<ProcessHandle> all = new ArrayList<>(rwrun.descendants().toList());
        all.add(rwrun.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
        for (final ProcessHandle p : all)
        {
            try
            {
                p.onExit().get(30, TimeUnit.SECONDS);
            }
            catch (final Exception e)
            {
                throw new AssertionError("process " + p.pid() + " did not end", e);
            }
        }
    }

    @Test
    void shouldRemoveAJobKilledDuringWireUpAtTheNextJobsStart() throws Exception
    {
        final Process killed = holdInWireUp(1);
        final List<Path> left = jobDirs();
        assertEquals(1, left.size(), left.toString());
        killAll(killed);
        assertTrue(Files.exists(left.get(0).resolve("rank-1")), "the killed job's files are still there: nobody removed them");

        final RwrunShmTest.Result next = RwrunShmTest.rwrun("-np", "2", "--transport", "shm", "-x", "rankwire.shm.dir=" + shmDir,
            "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx128m", "-cp", RwrunShmTest.testClasses(),
            ShmKillMain.class.getName(), "done");
        assertEquals(0, next.code(), next.toString());
        assertTrue(next.out().contains("rank 0 reaches rank 1 over shm"), next.toString());
        assertEquals(List.of(), jobDirs(), next.toString());
    }

    @Test
    void shouldCleanOnDemandWhatDeadJobsLeftAndSpareARunningJob() throws Exception
    {
        final Process killed = holdInWireUp(1);
        final Path dead = jobDirs().get(0);
        killAll(killed);
        final Process running = holdInWireUp(2);
        final List<Path> both = new ArrayList<>(jobDirs());
        both.remove(dead);
        assertEquals(1, both.size(), both.toString());
        final Path live = both.get(0);

        final RwrunShmTest.Result clean = RwrunShmTest.rwrun("--clean", "-x", "rankwire.shm.dir=" + shmDir);
        assertEquals(0, clean.code(), clean.toString());
        assertTrue(clean.out().contains("rwrun: removed " + dead + " ("), clean.toString());
        assertFalse(clean.out().contains(live.toString()), clean.toString());
        assertEquals(List.of(live), jobDirs(), "the running job's directory is kept");

        killAll(running);
        final RwrunShmTest.Result again = RwrunShmTest.rwrun("--clean", "-x", "rankwire.shm.dir=" + shmDir);
        assertTrue(again.out().contains("rwrun: removed " + live + " ("), again.toString());
        assertEquals(List.of(), jobDirs());
        final RwrunShmTest.Result nothing = RwrunShmTest.rwrun("--clean", "-x", "rankwire.shm.dir=" + shmDir);
        assertTrue(nothing.out().startsWith("rwrun: nothing to remove"), nothing.toString());
    }
}
