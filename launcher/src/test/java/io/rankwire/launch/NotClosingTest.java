package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rank that returns from {@code main} without closing Rankwire fails the job, on every way of
 * starting ranks: the launcher says so and exits {@link JobSupervisor#NOT_CLOSED_EXIT}, and the
 * other ranks' receive from it and their {@code close()} fail at once, naming it. The ranks'
 * bootstrap timeout is ten minutes, far beyond each test's limit, so a job that waited for it
 * fails on the limit.
 */
@Timeout(120)
class NotClosingTest
{
    @TempDir
    Path dir;

    private static LaunchFixture.Result run(final String... options)
    {
        final List<String> args = new ArrayList<>(List.of("-np", "3", "-x", "rankwire.bootstrapTimeout=600000"));
        args.addAll(List.of(options));
        args.add(NotClosingMain.class.getName());
        return LaunchFixture.rwrun(args.toArray(new String[0]));
    }

    private static void assertFailedNamingRankOne(final LaunchFixture.Result r)
    {
        assertEquals(JobSupervisor.NOT_CLOSED_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 1 exited without closing Rankwire (it ended before " +
            "Rankwire.close() finished)"), r::toString);
        assertTrue(r.out.contains("[1] rank 1 returns without closing"), r::toString);
        for (final int rank : new int[] {0, 2})
        {
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " recv failed: receive (16 bytes) failed: " +
                "PEER_FAILED (rank 1 failed)"), r::toString);
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " close failed: rank " + rank + ": close: ") &&
                r.out.contains("rank 1 ended without closing"), r::toString);
        }
        assertTrue(LaunchFixture.liveDescendants().isEmpty(), () -> LaunchFixture.liveDescendants().toString());
    }

    @Test
    void shouldFailATcpJobWhoseRankEndsWithoutClosing()
    {
        assertFailedNamingRankOne(run("--transport", "tcp"));
    }

    /** With eager connect the receive failed before too (the connection dropped), but close() waited out the bootstrap timeout. */
    @Test
    void shouldFailAnEagerlyConnectedTcpJobWhoseRankEndsWithoutClosing()
    {
        assertFailedNamingRankOne(run("--transport", "tcp", "-x", "rankwire.tcp.connect=eager"));
    }

    @Test
    void shouldFailAnInJvmJobWhoseRankEndsWithoutClosing()
    {
        final LaunchFixture.Result r = run("--transport", "sim");
        assertEquals(JobSupervisor.NOT_CLOSED_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 1 exited without closing Rankwire (its main returned before " +
            "Rankwire.close() finished)"), r::toString);
        for (final int rank : new int[] {0, 2})
        {
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " recv failed: receive (16 bytes) failed: " +
                "PEER_FAILED (rank 1 failed)"), r::toString);
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " close failed: ") &&
                r.out.contains("rank 1 ended without closing"), r::toString);
        }
    }

    @Test
    void shouldFailAnSshJobWhoseRankEndsWithoutClosing() throws IOException
    {
        final Path ssh = dir.resolve("fake-ssh");
        Files.writeString(ssh, "while [ $# -gt 1 ]; do shift; done\nexec sh -c \"$1\"\n");
        final LaunchFixture.Result r = run("--transport", "tcp", "-H", "127.0.0.1:3", "--ssh", "sh " + ssh);
        assertEquals(JobSupervisor.NOT_CLOSED_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 1 (127.0.0.1) exited without closing Rankwire"), r::toString);
        assertTrue(r.out.contains("[0] rank 0 recv failed: receive (16 bytes) failed: PEER_FAILED (rank 1 failed)"),
            r::toString);
    }

    @Test
    void shouldStillRunAJobWhoseRanksCloseOrNeverStartRankwire()
    {
        final LaunchFixture.Result closing = LaunchFixture.rwrun("-np", "2", "--transport", "tcp",
            io.rankwire.launch.tcp.PingPongMain.class.getName());
        assertEquals(0, closing.code, closing::toString);
        final LaunchFixture.Result plain = LaunchFixture.rwrun("-np", "2", ExchangeMain.class.getName());
        assertEquals(0, plain.code, plain::toString);
    }
}
