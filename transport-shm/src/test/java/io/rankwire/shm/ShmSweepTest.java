package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep of dead jobs' directories: only this user's, only when none of their owners runs
 * (an owner of another pid namespace is never judged), an owner-less one only when old, never a
 * link, never the directory spared; and a rank's owner file, made on entering and removed on
 * leaving.
 */
class ShmSweepTest
{
    @TempDir
    Path base;

    private Path jobDir(final String job) throws Exception
    {
        return Files.createDirectory(base.resolve(ShmDirectories.userPrefix() + job),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /** The owner file of a process that has ended. */
    private static String deadOwner(final int rank) throws Exception
    {
        final Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        final long start = p.info().startInstant().map(Instant::toEpochMilli).orElse(1L);
        return JobOwners.PREFIX + rank + "-" + JobOwners.pidNamespace() + "-" + p.pid() + "-" + start + "-0-0";
    }

    @Test
    void shouldRemoveADirectoryWhoseOwnersHaveAllEndedAndSayWhatItRemoved() throws Exception
    {
        final Path dead = jobDir("dead");
        Files.createFile(dead.resolve(deadOwner(0)));
        Files.createFile(dead.resolve(deadOwner(1)));
        Files.write(dead.resolve("rank-1"), new byte[3 << 20]);
        final List<String> removed = DeadJobSweep.sweep(base, null);
        assertEquals(List.of(dead + " (3.0 MiB, every process of its job has ended)"), removed);
        assertFalse(Files.exists(dead));
    }

    @Test
    void shouldKeepADirectoryWithAnOwnerThatRuns() throws Exception
    {
        final Path live = jobDir("live");
        Files.createFile(live.resolve(deadOwner(0)));
        Files.createFile(live.resolve(JobOwners.name(1)));
        assertEquals(List.of(), DeadJobSweep.sweep(base, null));
        assertTrue(Files.exists(live.resolve(JobOwners.name(1))));
    }

    @Test
    void shouldKeepADirectoryWhoseDeadOwnerHasALauncherThatRuns() throws Exception
    {
        final Path launched = jobDir("launched");
        final ProcessHandle me = ProcessHandle.current();
        final String owner = deadOwner(0);
        Files.createFile(launched.resolve(owner.substring(0, owner.length() - "-0-0".length()) + "-" + me.pid() + "-" +
            me.info().startInstant().map(Instant::toEpochMilli).orElse(0L)));
        assertEquals(List.of(), DeadJobSweep.sweep(base, null));
        assertTrue(Files.exists(launched));
    }

    @Test
    void shouldNeverJudgeAnOwnerOfAnotherPidNamespace() throws Exception
    {
        final Path elsewhere = jobDir("elsewhere");
        Files.createFile(elsewhere.resolve(JobOwners.PREFIX + "0-" + (JobOwners.pidNamespace() + 1) + "-999999-1-0-0"));
        Files.createFile(elsewhere.resolve(JobOwners.PREFIX + "1-not-a-number"));
        assertEquals(List.of(), DeadJobSweep.sweep(base, null));
        assertTrue(Files.exists(elsewhere));
    }

    @Test
    void shouldRemoveADirectoryWithoutOwnersOnlyOnceItIsOld() throws Exception
    {
        final Path fresh = jobDir("fresh");
        final Path old = jobDir("old");
        Files.write(old.resolve("rank-0"), new byte[10]);
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - DeadJobSweep.UNOWNED_MILLIS - 60_000));
        assertEquals(List.of(old + " (0 KiB, no owner and unchanged for 10 minutes)"), DeadJobSweep.sweep(base, null));
        assertTrue(Files.exists(fresh));
        assertFalse(Files.exists(old));
    }

    @Test
    void shouldLeaveOtherUsersLinksAndTheSparedDirectoryAlone() throws Exception
    {
        final Path other = Files.createDirectory(base.resolve("rankwire-someone" + "else-job"));
        Files.createFile(other.resolve(deadOwner(0)));
        final Path target = Files.createDirectory(base.resolve("target"));
        Files.createFile(target.resolve(deadOwner(0)));
        final Path link = Files.createSymbolicLink(base.resolve(ShmDirectories.userPrefix() + "link"), target);
        final Path spared = jobDir("spared");
        Files.createFile(spared.resolve(deadOwner(0)));
        assertEquals(List.of(), DeadJobSweep.sweep(base, spared));
        assertTrue(Files.exists(other) && Files.exists(link, LinkOption.NOFOLLOW_LINKS) && Files.exists(target) &&
            Files.exists(spared));
    }

    @Test
    void shouldCreateTheOwnerFileOnEnteringAndRemoveItWithTheDirectoryOnLeaving() throws Exception
    {
        final Path dir = base.resolve(ShmDirectories.userPrefix() + "entered");
        final Path owner = ShmDirectories.enter(dir, 3);
        assertEquals(dir.resolve(JobOwners.name(3)), owner);
        assertTrue(owner.getFileName().toString().matches("owner-3-\\d+-" + ProcessHandle.current().pid() + "-\\d+-\\d+-\\d+"),
            owner.toString());
        assertEquals(JobOwners.State.ALIVE, JobOwners.state(dir));
        ShmDirectories.leave(owner);
        assertFalse(Files.exists(dir));
    }
}
