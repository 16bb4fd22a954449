package io.rankwire.bootstrap;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class SlurmRendezvousTest
{
    @TempDir
    Path dir;

    private Map<String, String> task(final int rank, final String step)
    {
        final Map<String, String> env = SlurmEnvironmentTest.stepTask(rank);
        env.put("SLURM_STEP_ID", step);
        env.put("SLURM_STEP_NUM_TASKS", "2");
        env.put(SlurmRendezvous.DIR, dir.toString());
        return env;
    }

    @Test
    void shouldLetTheTasksOfAStepMeetThroughRankZerosFile() throws Exception
    {
        final CompletableFuture<JobEnvironment> late =
            CompletableFuture.supplyAsync(() -> EnvironmentParser.parse(task(1, "5"), new Properties()).orElseThrow());
        final JobEnvironment first = EnvironmentParser.parse(task(0, "5"), new Properties()).orElseThrow();
        final JobEnvironment second = late.get();

        assertEquals(0, first.rank());
        assertEquals(1, second.rank());
        assertEquals(2, second.size());
        assertEquals("slurm-77.5", first.jobId());
        assertEquals(first.jobId(), second.jobId());
        assertArrayEquals(first.secret(), second.secret());
        assertEquals(32, first.secret().length);
        assertEquals("127.0.0.1", second.settings().get(JobVariables.TCP_BIND_SETTING));

        final Path file = SlurmRendezvous.directory(task(0, "5")).resolve(SlurmRendezvous.FILE);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));

        first.bootstrap().put("addr", "zero".getBytes(StandardCharsets.UTF_8));
        assertEquals("zero", new String(second.bootstrap().get(0, "addr", Duration.ofSeconds(10)), StandardCharsets.UTF_8));
    }

    @Test
    void shouldReadTheRankFromSlurmWhenRwrunStartedTheStep()
    {
        final Map<String, String> env = task(1, "6");
        env.put(JobVariables.SIZE, "2");
        env.put(JobVariables.JOB_ID, "rw-1-abc");
        env.put(JobVariables.SECRET, "00ff10ab0102030405060708090a0b0c");
        env.put(JobVariables.BOOTSTRAP, "127.0.0.1:4000");
        final JobEnvironment job = EnvironmentParser.parse(env, new Properties()).orElseThrow();
        assertEquals(1, job.rank());
        assertEquals("rw-1-abc", job.jobId());
        assertTrue(Files.notExists(SlurmRendezvous.directory(env)));
    }

    @Test
    void shouldRefuseARendezvousFileOthersCanRead() throws Exception
    {
        final Path step = SlurmRendezvous.directory(task(1, "7"));
        Files.createDirectories(step, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        final Path file = Files.writeString(step.resolve(SlurmRendezvous.FILE), "127.0.0.1:4000\n00ff\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> SlurmRendezvous.join(task(1, "7"), new Properties(), Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("mode rw-r--r-- (expected: owner"), e.getMessage());
    }

    @Test
    void shouldGiveUpWaitingForRankZeroNamingTheFile()
    {
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> SlurmRendezvous.join(task(1, "8"), new Properties(), Duration.ofMillis(200)));
        assertTrue(e.getMessage().startsWith("timed out after 200ms waiting for rank 0"), e.getMessage());
        assertTrue(e.getMessage().contains(SlurmRendezvous.directory(task(1, "8")).toString()), e.getMessage());
    }
}
