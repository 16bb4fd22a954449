package io.rankwire.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ssh launch path with a stand-in for the ssh client that runs the remote command on this
 * host ({@code .ci/ssh-test.sh} runs it against a real sshd).
 */
@Timeout(60)
class SshLaunchTest
{
    @TempDir
    Path dir;

    /** Drops the options and the host, then runs the remote command as sshd would: {@code sh -c CMD}. */
    private String fakeSsh() throws IOException
    {
        final Path script = dir.resolve("fake-ssh");
        Files.writeString(script, "while [ $# -gt 1 ]; do shift; done\nexec sh -c \"$1\"\n");
        return "sh " + script;
    }

    @Test
    void shouldRunTheRemoteScriptWithItsVariablesDirectoryAndExitCode() throws Exception
    {
        final String script = SshCommand.script(dir.toString(), Map.of("GREETING", "it's $HOME"),
            List.of("sh", "-c", "echo \"$GREETING\" in \"$(pwd)\"; exit 3"));
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        // stdin stays open, as the launcher keeps it: closing it would end the rank
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor());
        p.getOutputStream().close();
        assertEquals("it's $HOME in " + dir.toRealPath() + "\n", out);
    }

    @Test
    void shouldEndTheRemoteRankWhenTheSessionsInputCloses() throws Exception
    {
        final String script = SshCommand.script(dir.toString(), Map.of(), List.of("sh", "-c", "echo up; exec sleep 300"));
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        assertEquals("up\n", new String(p.getInputStream().readNBytes(3), StandardCharsets.UTF_8));
        final List<ProcessHandle> started = p.descendants().toList();
        assertFalse(started.isEmpty());
        p.getOutputStream().close();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(143, p.exitValue());
        for (final ProcessHandle h : started)
        {
            h.onExit().get(20, TimeUnit.SECONDS);
            assertFalse(h.isAlive(), h::toString);
        }
    }

    @Test
    void shouldRunAJobThroughTheSshCommand() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "-H", "127.0.0.1:2,localhost",
            "--ssh", fakeSsh(), PlaceMain.class.getName());
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(r.out.contains("[" + rank + "] rank " + rank + " of 3 on "), r::toString);
        }
    }

    @Test
    void shouldEndTheJobWhenARemoteRankFails() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "4", "-H", "127.0.0.1:4",
            "--ssh", fakeSsh(), FailingMain.class.getName());
        assertEquals(1, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 2 (127.0.0.1) failed: exit code 1; killing"), r::toString);
        assertTrue(LaunchFixture.liveDescendants().isEmpty(), () -> LaunchFixture.liveDescendants().stream()
            .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList().toString());
    }

    @Test
    void shouldPassOnlyTheJobsAndExportedVariablesToRemoteRanks()
    {
        final JobSpec spec = new JobSpec(2, "tcp", List.of(), List.of(), Map.of("HOME", "/root", "A", "1"),
            Map.of("rankwire.x", "y", JobEnvironment.TCP_BIND_SETTING, "127.0.0.1"), null,
            OptionChecks.bind("127.0.0.1"), true, List.of(), "Main", List.of(),
            Placement.ssh(List.of("127.0.0.2", "127.0.0.3"), List.of("ssh"), Map.of("A", "1"), false), null);
        final Map<String, String> remote = Launcher.remoteEnvironment(spec,
            Map.of("HOME", "/root", "A", "1", JobEnvironment.RANK, "1", JobEnvironment.SECRET, "00"), "127.0.0.3");
        assertEquals(Map.of("A", "1", JobEnvironment.RANK, "1", JobEnvironment.SECRET, "00",
            JobEnvironment.BIND, "127.0.0.3",
            JobEnvironment.SETTINGS, "rankwire.tcp.bind=127.0.0.3\nrankwire.x=y\n"), remote);
    }

    @Test
    void shouldQuoteForTheRemoteShell()
    {
        assertEquals("'a b'", SshCommand.quote("a b"));
        assertEquals("'it'\\''s'", SshCommand.quote("it's"));
        assertEquals(List.of("ssh", "-p", "2222"), SshCommand.split(" ssh  -p 2222 "));
        final List<String> command = SshCommand.command(List.of("ssh"), "node1", "/w", Map.of(), List.of("java"));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "node1"), command.subList(0, 4));
        assertTrue(command.get(4).startsWith("sh -c 'cd '\\''/w'\\'' || exit 125"), command.get(4));
    }
}
