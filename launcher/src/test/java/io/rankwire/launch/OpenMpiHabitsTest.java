package io.rankwire.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Open MPI command-line habits, as real jobs: plain-second timeouts, accepted no-op options, localhost without ssh, oversubscription. */
@Timeout(120)
class OpenMpiHabitsTest
{
    @TempDir
    Path dir;

    /** A stand-in for ssh that logs each session's host, then runs the remote command here. */
    private String loggingSsh() throws IOException
    {
        final Path script = dir.resolve("logging-ssh");
        Files.writeString(script, "for a; do last=$prev; prev=$a; done\necho \"$last\" >> '" + dir.resolve("ssh.log") +
            "'\nwhile [ $# -gt 1 ]; do shift; done\nexec sh -c \"$1\"\n");
        return "sh " + script;
    }

    private List<String> sshSessions() throws IOException
    {
        final Path log = dir.resolve("ssh.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    @Test
    void timeoutShouldTakePlainSeconds()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--timeout", "2", HangingMain.class.getName());
        assertEquals(JobSupervisor.TIMEOUT_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: job timed out after 2s; killing rank 0, rank 1"), r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void noOpOptionsShouldWarnOnceEachAndRun()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--transport", "sim", "--mca", "btl", "tcp,self",
            "--bind-to", "core", "--map-by", "slot", "--oversubscribe", "--allow-run-as-root", ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final List<String> warnings = r.err.lines().filter(l -> l.startsWith("rwrun: warning: ")).toList();
        assertEquals(List.of(
            "rwrun: warning: --mca btl tcp,self has no effect: --transport sim chooses the transport",
            "rwrun: warning: --bind-to core has no effect for this job (its ranks share one JVM or are started on " +
                "other hosts)",
            "rwrun: warning: --map-by slot has no effect (ranks fill each host's slots in turn)"), warnings, r::toString);
        assertTrue(r.out.contains("[1] rank 1 of 2 sees [rank-0, rank-1]"), r::toString);
    }

    @Test
    void localhostInHostfileShouldStartWithoutSsh() throws Exception
    {
        final Path hostfile = Files.writeString(dir.resolve("hosts"), "localhost slots=2\n");
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--hostfile", hostfile.toString(),
            "--ssh", loggingSsh(), ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertTrue(r.out.contains("[0] rank 0 of 2 sees [rank-0, rank-1]") &&
            r.out.contains("[1] rank 1 of 2 sees [rank-0, rank-1]"), r::toString);
        assertEquals(List.of(), sshSessions(), "ssh was used for localhost");
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void mixedHostListShouldUseSshOnlyForOtherHosts() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "-H", "localhost,127.0.0.2:2",
            "--ssh", loggingSsh(), ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " of 3 sees [rank-0, rank-1, rank-2]"), r::toString);
        }
        assertEquals(List.of("127.0.0.2", "127.0.0.2"), sshSessions(), r::toString);
    }

    @Test
    void ranksShouldSeeOpenMpisVariablesCountedPerHostOverSsh() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-host", "localhost,127.0.0.2:2", "-N", "2",
            "--ssh", loggingSsh(), RankPlaceMain.class.getName());
        assertEquals(0, r.code, r::toString);
        // -N 2 gives each host two slots: ranks 0 and 1 on localhost, 2 and 3 on 127.0.0.2 (over ssh)
        assertTrue(r.out.contains("[1] rank 1 ompi 1/4 local 1/2 node 1 rankwire 1/2 over auto"), r::toString);
        assertTrue(r.out.contains("[2] rank 2 ompi 2/4 local 0/2 node 0 rankwire 0/2 over auto"), r::toString);
        assertTrue(r.out.contains("[3] rank 3 ompi 3/4 local 1/2 node 1 rankwire 1/2 over auto"), r::toString);
        assertEquals(List.of("127.0.0.2", "127.0.0.2"), sshSessions(), r::toString);
    }

    @Test
    void oversubscribeShouldTakeTheSlotsAgain() throws Exception
    {
        final HostList hosts = HostList.parseHosts("a:2,b:1");
        assertEquals(List.of("a", "a", "b", "a", "a"), hosts.place(5, true));
        final IllegalArgumentException refused =
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> hosts.place(5, false));
        assertTrue(refused.getMessage().endsWith("(expected: at most 3, the slots of the hosts {a=2, b=1}, or " +
            "--oversubscribe)"), refused.getMessage());
        final Path hostfile = Files.writeString(dir.resolve("hosts"), "localhost slots=1\n");
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "--hostfile", hostfile.toString(),
            "--oversubscribe", "--ssh", loggingSsh(), ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertTrue(r.out.contains("[2] rank 2 of 3 sees [rank-0, rank-1, rank-2]"), r::toString);
        final LaunchFixture.Result without = LaunchFixture.rwrun("-np", "3", "--hostfile", hostfile.toString(),
            ExchangeMain.class.getName());
        assertEquals(Rwrun.USAGE_EXIT, without.code, without::toString);
        assertFalse(without.err.contains("[0]"), without::toString);
    }
}
