package io.rankwire.launch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import io.rankwire.bootstrap.JobIdentity;
import io.rankwire.bootstrap.JobVariables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ssh launch path with a stand-in for the ssh client that runs the remote command on this
 * host ({@code .ci/ssh-test.sh} runs it against a real sshd). The hosts are loopback addresses
 * other than {@code 127.0.0.1}: {@code localhost} and {@code 127.0.0.1} start without ssh.
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

    /** Drops the options and the host, writes its arguments to {@code args.log}, then runs the command. */
    private String loggingFakeSsh() throws IOException
    {
        final Path script = dir.resolve("logging-fake-ssh");
        Files.writeString(script, "printf '%s\\n' \"$@\" >> '" + dir.resolve("args.log") + "'\n" +
            "while [ $# -gt 1 ]; do shift; done\nexec sh -c \"$1\"\n");
        return "sh " + script;
    }

    private static void writeLine(final Process p, final String line) throws IOException
    {
        p.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().flush();
    }

    @Test
    void shouldRunTheRemoteScriptWithItsVariablesSecretDirectoryAndExitCode() throws Exception
    {
        final String script = SshCommand.script(dir.toString(), Map.of("GREETING", "it's $HOME"),
            List.of("sh", "-c", "echo \"$GREETING\" in \"$(pwd)\" with \"$RANKWIRE_SECRET\"; exit 3"));
        assertFalse(script.contains("c0ffee"));
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        // the secret comes first on stdin, which then stays open as the launcher keeps it: closing it ends the rank
        writeLine(p, "c0ffee");
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor());
        p.getOutputStream().close();
        assertEquals("it's $HOME in " + dir.toRealPath() + " with c0ffee\n", out);
    }

    /** Runs {@code script} as sshd would, the secret on stdin: its output. */
    private static String runScript(final String script, final Map<String, String> extraEnv) throws Exception
    {
        final ProcessBuilder pb = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true);
        pb.environment().keySet().removeAll(List.of(RankCollector.TOOL_OPTIONS, RankCollector.JDK_OPTIONS,
            RankCollector.UNDERSCORE_OPTIONS));
        pb.environment().putAll(extraEnv);
        final Process p = pb.start();
        writeLine(p, "c0ffee"); // stdin stays open, as the launcher keeps it: closing it ends the rank
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        p.getOutputStream().close();
        return out;
    }

    /** This host's CPUs as the remote script counts them. */
    private static int scriptCpus() throws Exception
    {
        final Process p = new ProcessBuilder("sh", "-c", "(nproc || getconf _NPROCESSORS_ONLN) 2>/dev/null").start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        return Integer.parseInt(out);
    }

    @Test
    void shouldGiveTheRemoteJvmTheSerialCollectorOnlyWhenTheHostHasFewerCpusAndNamesNone() throws Exception
    {
        final List<String> echo = List.of("echo", "java");
        assertEquals(RankCollector.SERIAL + " java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 1 << 20), Map.of()));
        assertEquals("java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 1), Map.of()));
        assertEquals("java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 0), Map.of()));
        assertFalse(SshCommand.script(dir.toString(), Map.of(), echo, 0).contains("nproc"));
        assertEquals("java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 1 << 20),
            Map.of(RankCollector.TOOL_OPTIONS, "-Xss1m -XX:+UseG1GC")));
        assertEquals("java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 1 << 20),
            Map.of(RankCollector.UNDERSCORE_OPTIONS, "-XX:-UseParallelGC")));
        assertEquals(RankCollector.SERIAL + " java\n", runScript(SshCommand.script(dir.toString(), Map.of(), echo, 1 << 20),
            Map.of(RankCollector.JDK_OPTIONS, "-XX:+UseGCOverheadLimit -Xlog:gc")));
    }

    @Test
    void shouldStartRemoteRanksWithTheCollectorForTheirShareOfTheirHost() throws Exception
    {
        final Map<String, String> env = new TreeMap<>(System.getenv());
        env.keySet().removeAll(List.of(RankCollector.TOOL_OPTIONS, RankCollector.JDK_OPTIONS, RankCollector.UNDERSCORE_OPTIONS));
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(env, "-np", "2", "-H", "127.0.0.2:2", "--ssh", fakeSsh(),
            "-J-XX:TieredStopAtLevel=1", "-J-Xmx64m", "-cp", LaunchFixture.testClasses(), CollectorMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final String expected = scriptCpus() < 4 ? "Copy,MarkSweepCompact" : "G1 Old Generation,G1 Young Generation";
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(r.outLines().contains("[" + rank + "] rank " + rank + " gc=" + expected), r::toString);
        }
    }

    @Test
    void shouldNotStartTheRemoteRankWithoutTheSecret() throws Exception
    {
        final String script = SshCommand.script(dir.toString(), Map.of(), List.of("sh", "-c", "echo started"));
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        p.getOutputStream().close();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(SshCommand.SETUP_FAILED_EXIT, p.exitValue(), out);
        assertEquals("", out);
    }

    @Test
    void shouldEndTheRemoteRankWhenTheSessionsInputCloses() throws Exception
    {
        final String script = SshCommand.script(dir.toString(), Map.of(), List.of("sh", "-c", "echo up; exec sleep 300"));
        final Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        writeLine(p, "00");
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
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "-H", "127.0.0.2:2,127.0.0.3",
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
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "4", "-H", "127.0.0.2:4",
            "--ssh", fakeSsh(), FailingMain.class.getName());
        assertEquals(1, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 2 (127.0.0.2) failed: exit code 1; killing"), r::toString);
        assertTrue(LaunchFixture.liveDescendants().isEmpty(), () -> LaunchFixture.liveDescendants().stream()
            .map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList().toString());
    }

    @Test
    void shouldPassOnlyTheJobsAndExportedVariablesToRemoteRanksAndNeverTheSecret()
    {
        final JobSpec spec = new JobSpec(2, new Transports.Choice("tcp", false), List.of(), List.of(),
            Map.of("HOME", "/root", "A", "1"),
            Map.of("rankwire.x", "y", JobVariables.TCP_BIND_SETTING, "127.0.0.1"), null,
            OptionChecks.bind("127.0.0.1"), true, List.of(), "Main", List.of(),
            Placement.ssh(List.of("127.0.0.2", "127.0.0.3"), List.of("ssh"), Map.of("A", "1"), false), null, false,
            CpuBinding.NONE, RunOptions.defaults());
        final JobIdentity job = Launcher.identity(spec, "rw-1-ab", new byte[] {0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7, 0x5e, (byte)0xc7},
            new InetSocketAddress("127.0.0.1", 4000));
        final Map<String, String> remote = Launcher.remoteEnvironment(spec, job.withRank(1), "127.0.0.3");
        assertEquals(Map.of("A", "1", JobVariables.RANK, "1", JobVariables.SIZE, "2", JobVariables.JOB_ID, "rw-1-ab",
            JobVariables.TRANSPORT, "tcp", JobVariables.BOOTSTRAP, "127.0.0.1:4000",
            JobVariables.BIND, "127.0.0.3",
            JobVariables.SETTINGS, "rankwire.tcp.bind=127.0.0.3\nrankwire.x=y\n"), remote);
        final String command = String.join(" ", SshCommand.command(List.of("ssh"), "127.0.0.3", "/w", remote,
            List.of("java", "Main")));
        assertFalse(command.contains("5ec7"), command);
    }

    @Test
    void shouldNeverPutTheSecretInAnyProcessArgument() throws Exception
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "-H", "127.0.0.2:2",
            "--ssh", loggingFakeSsh(), SecretMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final String secret = SecretMain.secretOf(r, 0);
        assertEquals(secret, SecretMain.secretOf(r, 1));
        assertEquals(64, secret.length(), r::toString);
        assertTrue(r.outLines().containsAll(List.of("[0] rank 0 arguments-hold-secret=false",
            "[1] rank 1 arguments-hold-secret=false", "[0] rank 0 processes-holding-secret=[]",
            "[1] rank 1 processes-holding-secret=[]")), r::toString);
        final String sshArgs = Files.readString(dir.resolve("args.log"));
        assertTrue(sshArgs.contains(SecretMain.class.getName()), sshArgs);
        assertFalse(sshArgs.contains(secret), sshArgs);
    }

    @Test
    void shouldQuoteForTheRemoteShell()
    {
        assertEquals("'a b'", SshCommand.quote("a b"));
        assertEquals("'it'\\''s'", SshCommand.quote("it's"));
        assertEquals(List.of("ssh", "-p", "2222"), SshCommand.split(" ssh  -p 2222 "));
        final List<String> command = SshCommand.command(List.of("ssh"), "node1", "/w", Map.of(), List.of("java"));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
            "node1"), command.subList(0, 8));
        assertTrue(command.get(8).startsWith("sh -c 'cd '\\''/w'\\'' || exit 125"), command.get(8));
    }
}
